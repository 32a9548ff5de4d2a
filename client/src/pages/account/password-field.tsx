import { useId } from 'react';
import { inputClass, labelClass, PASSWORD_MIN_LENGTH } from './form-styles';

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
};

/** A labelled password input of the account pages (profile, reset). */
export function PasswordField({ label, value, onChange, autoComplete, hint }: PasswordFieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        className={inputClass}
        type="password"
        autoComplete={autoComplete}
        required
        minLength={autoComplete === 'new-password' ? PASSWORD_MIN_LENGTH : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
