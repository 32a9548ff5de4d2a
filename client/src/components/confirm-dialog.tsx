import { useId, type ReactNode } from 'react';
import { Dialog } from './dialog';
import { Button } from './ui/button';

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
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
