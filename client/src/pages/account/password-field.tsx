import { Field, inputClass } from '../../components/ui/field';

/** Passwords chosen here follow the server's rule (contract: newPasswordSchema). */
export const PASSWORD_MIN_LENGTH = 8;
export const MISMATCH = 'As duas senhas não são iguais';

type PasswordFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /**
   * 'current-password' for the one in use; 'new-password' for one being chosen, which must follow
   * the server's length rule.
   */
  autoComplete: 'current-password' | 'new-password';
  /** A line under the field, read with it by screen readers. */
  hint?: string;
  /** What is wrong with this field, shown beside it. */
  error?: string | null;
};

/** A labelled password input of the account pages (profile, reset). */
export function PasswordField({
  label,
  value,
  onChange,
  autoComplete,
  hint,
  error,
}: PasswordFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className="flex flex-col gap-1">
      {(control) => (
        <input
          {...control}
          className={inputClass}
          type="password"
          autoComplete={autoComplete}
          required
          minLength={autoComplete === 'new-password' ? PASSWORD_MIN_LENGTH : undefined}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
