import { useId, type ReactNode } from 'react';
import { Dialog } from './dialog';
import { focusRing } from './ui/focus-ring';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  /** The question, naming what the action affects. */
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * Asks before an action that loses work. The cancel button comes first and takes the focus, so Enter
 * or a hurried tap keeps things as they are; Esc and the backdrop cancel too.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancelar',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const messageId = useId();
  return (
    <Dialog open={open} onClose={onCancel} title={title} role="alertdialog" describedBy={messageId}>
      <p id={messageId} className="break-words text-slate-700">
        {message}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button
          type="button"
          onClick={onCancel}
          className={`rounded-md border border-slate-300 px-5 py-2 font-medium text-slate-800 hover:bg-slate-100 ${focusRing}`}
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          className={`rounded-md bg-red-700 px-5 py-2 font-medium text-white hover:bg-red-800 ${focusRing}`}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
