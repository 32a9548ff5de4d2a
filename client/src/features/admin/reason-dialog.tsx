import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { Dialog } from '../../components/dialog';
import { Button } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';

/**
 * A dialog that asks for one line of text (a reason, a note, a reference), checked with the
 * contract's schema before `onSubmit` sends it; `onSubmit` answers whether it went through.
 * `children` go above the text (a choice the text depends on).
 */
export function ReasonDialog({
  open,
  title,
  label,
  hint,
  confirmLabel,
  schema,
  field,
  onClose,
  onSubmit,
  danger = false,
  children,
}: {
  open: boolean;
  title: string;
  label: string;
  hint?: string;
  confirmLabel: string;
  schema: z.ZodType;
  field: string;
  onClose: () => void;
  onSubmit: (text: string) => Promise<boolean>;
  danger?: boolean;
  children?: ReactNode;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = schema.safeParse({ [field]: text });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Valor inválido');
      return;
    }
    setError(null);
    setPending(true);
    const ok = await onSubmit((checked.data as Record<string, string>)[field]!);
    setPending(false);
    if (ok) {
      setText('');
      onClose();
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={title} closeLabel="Fechar">
      <form noValidate onSubmit={submit} className="space-y-4">
        {children}
        <Field label={label} hint={hint} error={error ?? undefined}>
          {(control) => (
            <textarea
              {...control}
              className={inputClass}
              rows={3}
              maxLength={500}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} pending={pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
