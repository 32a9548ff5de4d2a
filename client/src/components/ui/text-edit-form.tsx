import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { inputClass } from './field';

/**
 * A text area with 'Cancelar' and a save button: writing a note, editing one, editing a question or
 * an answer. `onSave` sends the text; the owner closes the form when it was kept, and otherwise it
 * stays open with the text, since the refusal was already shown as a toast.
 */
export function TextEditForm({
  label,
  labelHidden = false,
  initialText = '',
  maxLength,
  rows = 3,
  saveLabel = 'Salvar',
  saveVariant = 'primary',
  compact = false,
  required = true,
  onSave,
  onCancel,
}: {
  label: ReactNode;
  /** The label is read to screen readers alone (the text being edited says what it is). */
  labelHidden?: boolean;
  initialText?: string;
  maxLength: number;
  rows?: number;
  saveLabel?: string;
  /** 'danger' when saving takes something away (hiding a post). */
  saveVariant?: ButtonVariant;
  /** Small buttons, for a form inside a list item. */
  compact?: boolean;
  /** False when an empty text may be sent (a report's reason). */
  required?: boolean;
  onSave: (text: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initialText);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const size = compact ? 'sm' : 'md';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await onSave(text);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex w-full flex-col gap-2">
      <label htmlFor={fieldId} className={labelHidden ? 'sr-only' : 'font-medium text-slate-800'}>
        {label}
      </label>
      <textarea
        id={fieldId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={maxLength}
        rows={rows}
        required={required}
        className={inputClass}
      />
      <div className="flex justify-end gap-2">
        <Button size={size} variant="ghost" onClick={onCancel}>
          Cancelar
        </Button>
        <Button size={size} variant={saveVariant} type="submit" pending={busy}>
          {saveLabel}
        </Button>
      </div>
    </form>
  );
}
