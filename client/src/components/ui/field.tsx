import { useId, type ReactNode } from 'react';

/** A text field's box: one look for every form. */
export const inputClass =
  'block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-blue-600 focus:outline-2 focus:outline-blue-600 aria-[invalid=true]:border-red-600';

export const labelClass = 'block text-sm font-medium text-slate-700';

/** What a Field gives its control, so the label, hint and error are announced with it. */
export type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * A form field: its label, the control (rendered by `children` with the ids it needs), a hint and its
 * error beside it. The error marks the control `aria-invalid` and is read with it (aria-describedby).
 */
export function Field({
  label,
  hint,
  error,
  children,
  className = 'flex flex-col gap-1',
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  children: (control: ControlProps) => ReactNode;
  className?: string;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId ?? undefined} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId ?? undefined} error={error} />
    </div>
  );
}

/** A field's error, for controls a <Field> cannot wrap (a rich-text editor, a file picker). */
export function FieldError({ id, error }: { id?: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-red-700">
      {error}
    </p>
  );
}

/** The first message for each field of a failed parse, by the field's path ('price', 'chapters.0'). */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}
