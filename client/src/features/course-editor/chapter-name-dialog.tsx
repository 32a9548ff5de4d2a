import { useState, type FormEvent } from 'react';
import { Dialog } from '../../components/dialog';
import { Button } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';

const NAME_REQUIRED = 'Informe o nome do capítulo.';
/** As long as the chapter title the server accepts. */
const CHAPTER_NAME_MAX = 200;

type ChapterNameDialogProps = {
  open: boolean;
  /** 'Novo capítulo' to add one, 'Renomear capítulo' to rename. */
  title: string;
  submitLabel: string;
  /** The name the field opens with (the current one when renaming). */
  initialName?: string;
  onCancel: () => void;
  /** Called with the trimmed, non-empty name. */
  onSubmit: (name: string) => void;
};

/**
 * Asks for a chapter's name in our own dialog, in the screen's language: the browser's prompt spoke
 * English ('Enter Chapter Name:'), could not say what was wrong and looked like no other part of the app.
 * Render it keyed by what it is for, so each opening starts from its own name.
 */
export function ChapterNameDialog({
  open,
  title,
  submitLabel,
  initialName = '',
  onCancel,
  onSubmit,
}: ChapterNameDialogProps) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Portalled, but React still bubbles the submit to the course form around it.
    event.stopPropagation();
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(NAME_REQUIRED);
      return;
    }
    onSubmit(trimmed);
  }

  return (
    <Dialog open={open} onClose={onCancel} title={title}>
      <form onSubmit={handleSubmit} noValidate className="space-y-5 text-gray-700">
        <Field label="Nome do capítulo" error={error}>
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              maxLength={CHAPTER_NAME_MAX}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setError(null);
              }}
              className={inputClass}
            />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit">{submitLabel}</Button>
        </div>
      </form>
    </Dialog>
  );
}
