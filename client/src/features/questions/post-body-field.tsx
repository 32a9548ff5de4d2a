import { POST_BODY_MAX_LENGTH } from '@aprendiz/contract/rules/questions';
import { inputClass } from '../../components/ui/field';

/** A question's or an answer's text box, with what the text may hold (it is shown as plain text). */
export function PostBodyField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={POST_BODY_MAX_LENGTH}
        rows={4}
        required
        className={inputClass}
      />
      <p className="text-xs text-slate-600">
        Texto simples: use `código` ou ``` para blocos; links ficam clicáveis.
      </p>
    </>
  );
}
