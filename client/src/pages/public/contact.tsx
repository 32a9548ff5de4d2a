import { validateContactSubmission } from '@aprendiz/contract/site';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { FormError } from './contact/form-response';
import { submitContact } from './contact/submit-contact';
import type { RouteHandle } from '../../app/page-meta';
import { Button } from '../../components/ui/button';

/** After a successful message the visitor is taken home 4 s later. */
export const CONTACT_REDIRECT_MS = 4000;

// Field errors are prefixed with the field's name as the form labels it.
const FIELD_PREFIX: Record<string, string> = { email: 'Email', message: 'Message' };

type Status = 'idle' | 'submitting' | 'succeeded';

export function fieldErrorText(field: string, messages: readonly string[]): string {
  const prefix = FIELD_PREFIX[field] ?? field.charAt(0).toUpperCase() + field.slice(1);
  return `${prefix} ${messages.join(', ')}`;
}

const inputClass =
  'mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-blue-600 focus:outline-2 focus:outline-blue-600 aria-[invalid=true]:border-red-600';

export const handle: RouteHandle = {
  meta: () => ({
    title: 'Contato',
    description: 'Fale com a equipe: envie a sua dúvida, sugestão ou proposta.',
  }),
};

/** /contact: a message to the team through the form service. */
export default function ContactPage() {
  const navigate = useNavigate();
  const emailId = useId();
  const messageId = useId();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [formErrors, setFormErrors] = useState<FormError[]>([]);
  const submitting = useRef(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (status !== 'succeeded') return;
    const timer = setTimeout(() => navigate(paths.home), CONTACT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [status, navigate]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting.current) return;
    // The server's own rules, checked first so mistakes show under the fields in the page's words
    // rather than in the browser's bubbles, and a message that cannot pass is never sent.
    const checked = validateContactSubmission({ email, message });
    if (!checked.ok) {
      const errors: Record<string, string[]> = {};
      for (const error of checked.errors) (errors[error.field] ??= []).push(error.message);
      setFieldErrors(errors);
      setFormErrors([]);
      (errors.email ? emailRef : messageRef).current?.focus();
      return;
    }
    submitting.current = true;
    setStatus('submitting');
    const outcome = await submitContact(checked.value);
    submitting.current = false;
    if (outcome.ok) {
      setStatus('succeeded');
      return;
    }
    // Errors that name a field the form does not have are still shown, above the button.
    const known = Object.fromEntries(
      Object.entries(outcome.fieldErrors).filter(([field]) => field in FIELD_PREFIX),
    );
    const strayFields = Object.entries(outcome.fieldErrors)
      .filter(([field]) => !(field in FIELD_PREFIX))
      .map(([field, messages]): FormError => ({
        code: 'UNSPECIFIED',
        message: fieldErrorText(field, messages),
      }));
    setFieldErrors(known);
    setFormErrors([...outcome.formErrors, ...strayFields]);
    setStatus('idle');
  }

  const emailErrors = fieldErrors.email;
  const messageErrors = fieldErrors.message;

  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:px-8">
      <h1 className="text-3xl font-semibold text-slate-900 md:text-4xl">Fale conosco</h1>
      <p className="mt-2 text-slate-700">
        Tem uma dúvida, sugestão ou proposta? Envie uma mensagem e a nossa equipe responderá por
        e-mail.
      </p>

      {status === 'succeeded' ? (
        <p
          role="status"
          className="mt-8 rounded-lg border border-green-200 bg-green-50 p-5 font-medium text-green-900"
        >
          You will receive a response from the team soon!
        </p>
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(event)} className="mt-8 space-y-5">
          <div>
            <label htmlFor={emailId} className="font-medium text-slate-900">
              Email Address
            </label>
            <input
              ref={emailRef}
              id={emailId}
              type="email"
              name="email"
              required
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={emailErrors ? true : undefined}
              aria-describedby={emailErrors ? `${emailId}-error` : undefined}
              className={inputClass}
            />
            {emailErrors && (
              <p id={`${emailId}-error`} className="mt-1 text-sm text-red-700">
                {fieldErrorText('email', emailErrors)}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={messageId} className="font-medium text-slate-900">
              Message
            </label>
            <textarea
              ref={messageRef}
              id={messageId}
              name="message"
              required
              rows={6}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              aria-invalid={messageErrors ? true : undefined}
              aria-describedby={messageErrors ? `${messageId}-error` : undefined}
              className={inputClass}
            />
            {messageErrors && (
              <p id={`${messageId}-error`} className="mt-1 text-sm text-red-700">
                {fieldErrorText('message', messageErrors)}
              </p>
            )}
          </div>
          {formErrors.length > 0 && (
            <ul role="alert" className="space-y-1 text-sm text-red-700">
              {formErrors.map((error, index) => (
                <li key={index}>{error.message}</li>
              ))}
            </ul>
          )}
          <Button type="submit" size="lg" disabled={status === 'submitting'}>
            Submit
          </Button>
        </form>
      )}
    </div>
  );
}
