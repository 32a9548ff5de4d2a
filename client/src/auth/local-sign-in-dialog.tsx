import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { forgotPasswordBodySchema, type MessageResponse } from '@aprendiz/contract/account';
import { signInBodySchema, signUpBodySchema, type AuthResponse } from '@aprendiz/contract/auth';
import { twoStepSignInBodySchema, type TwoStepPendingResponse } from '@aprendiz/contract/staff';
import { Dialog } from '../components/dialog';
import { notify } from '../components/toast';
import { api } from '../lib/api-client';
import type { AuthUser } from './auth-context';
import { focusRingFlush } from '../components/ui/focus-ring';
import { Field, fieldErrors, inputClass } from '../components/ui/field';
import { Button } from '../components/ui/button';
import { send } from '../lib/send';

type Mode = 'sign-in' | 'sign-up' | 'forgot' | 'two-step';

/** The password was right and the account has two-step on: the code finishes the sign-in. */
type TwoStepPending = TwoStepPendingResponse;

type LocalSignInDialogProps = {
  onClose: () => void;
  onSignedIn: (token: string, user: AuthUser) => void;
};

/** The local accounts' sign-in / sign-up dialog ('Entrar' / 'Criar conta'). */
export default function LocalSignInDialog({ onClose, onSignedIn }: LocalSignInDialogProps) {
  const [mode, setMode] = useState<Mode>('sign-in');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [challenge, setChallenge] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Checked here with the server's own schemas, so every field's problem shows beside it at once.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  // The neutral answer to 'Esqueceu a senha?': the same whether or not the e-mail has an account.
  const [notice, setNotice] = useState<string | null>(null);
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const switched = useRef(false);
  const signingUp = mode === 'sign-up';
  const forgot = mode === 'forgot';
  const twoStep = mode === 'two-step';

  // The link that switched views is gone with its view: focus goes to the new view's first field,
  // so it stays in the dialog (and Esc, Tab and a screen reader's place with it).
  useEffect(() => {
    if (!switched.current) return;
    formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [mode]);

  function switchTo(next: Mode) {
    switched.current = true;
    setMode(next);
    setError(null);
    setErrors({});
    setNotice(null);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setError(null);
    const checked = forgot
      ? forgotPasswordBodySchema.safeParse({ email })
      : twoStep
        ? twoStepSignInBodySchema.safeParse({ challenge, code })
        : signingUp
          ? signUpBodySchema.safeParse({ name, email, password })
          : signInBodySchema.safeParse({ email, password });
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      return;
    }
    setErrors({});
    setPending(true);
    const inline = { inline: setError };
    if (forgot) {
      const sent = await send(
        api.post<MessageResponse>('/api/auth/forgot-password', { email }),
        inline,
      );
      if (sent) setNotice(sent.message);
      setPending(false);
      return;
    }
    const data = await send(
      twoStep
        ? api.post<AuthResponse>('/api/auth/sign-in/2fa', { challenge, code })
        : signingUp
          ? api.post<AuthResponse>('/api/auth/sign-up', { name, email, password })
          : api.post<AuthResponse | TwoStepPending>('/api/auth/sign-in', { email, password }),
      inline,
    );
    if (!data) {
      setPending(false);
      return;
    }
    if ('twoFactorRequired' in data) {
      setChallenge(data.challenge);
      switchTo('two-step');
      setPending(false);
      return;
    }
    const { _id, name: userName, email: userEmail, imageUrl } = data.user;
    onSignedIn(data.token, { id: _id, name: userName, email: userEmail, imageUrl });
    // A new account should be seen to exist, on a phone too, where the bar shows no name.
    if (signingUp) notify.success(`Conta criada. Boas-vindas, ${userName.split(' ')[0]}!`);
    // Signing in during the cool-off takes 'Excluir minha conta' back: say so.
    if (data.deletionCancelled) notify.success('A exclusão da sua conta foi cancelada.');
    onClose();
  }

  const title = signingUp
    ? 'Criar conta'
    : forgot
      ? 'Recuperar senha'
      : twoStep
        ? 'Verificação em duas etapas'
        : 'Entrar';

  return (
    <Dialog open onClose={onClose} title={title} closeLabel="Fechar">
      <form
        ref={formRef}
        noValidate
        onSubmit={handleSubmit}
        className="space-y-4"
        aria-describedby={error ? `${formId}-error` : undefined}
      >
        {signingUp && (
          <Field label="Nome" error={errors.name}>
            {(control) => (
              <input
                {...control}
                className={inputClass}
                name="name"
                autoComplete="name"
                required
                maxLength={80}
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </Field>
        )}
        {forgot && (
          <p className="text-sm text-slate-700">
            Informe o e-mail da sua conta: enviaremos um link para escolher uma nova senha.
          </p>
        )}
        {twoStep && (
          <Field
            label="Código de verificação"
            hint="Os 6 dígitos do aplicativo autenticador, ou um dos seus códigos de recuperação."
            error={errors.code ?? errors.challenge}
          >
            {(control) => (
              <input
                {...control}
                className={inputClass}
                name="code"
                inputMode="text"
                autoComplete="one-time-code"
                required
                maxLength={20}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            )}
          </Field>
        )}
        {!twoStep && (
          <Field label="E-mail" error={errors.email}>
            {(control) => (
              <input
                {...control}
                className={inputClass}
                type="email"
                name="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            )}
          </Field>
        )}
        {!forgot && !twoStep && (
          <div>
            <Field
              label="Senha"
              hint={signingUp ? 'Pelo menos 8 caracteres.' : undefined}
              error={errors.password}
            >
              {(control) => (
                <input
                  {...control}
                  className={inputClass}
                  type="password"
                  name="password"
                  autoComplete={signingUp ? 'new-password' : 'current-password'}
                  required
                  minLength={signingUp ? 8 : undefined}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              )}
            </Field>
            {mode === 'sign-in' && (
              <button
                type="button"
                className={`mt-2 text-sm ${linkButtonClass}`}
                onClick={() => switchTo('forgot')}
              >
                Esqueceu a senha?
              </button>
            )}
          </div>
        )}
        <Button
          type="submit"
          disabled={pending}
          aria-busy={pending || undefined}
          className="w-full"
        >
          {pending ? PENDING_LABEL[mode] : forgot ? 'Enviar link' : twoStep ? 'Verificar' : title}
        </Button>
        {/* In the page before anything is said in it: a live region that appears with its text is
            missed by some screen readers. */}
        <div role="status" aria-live="polite">
          {notice && <p className="rounded-md bg-green-50 p-3 text-sm text-green-800">{notice}</p>}
        </div>
        {error && (
          <p id={`${formId}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </form>
      <p className="mt-4 text-center text-sm text-slate-600">
        {forgot || twoStep ? (
          <button type="button" className={linkButtonClass} onClick={() => switchTo('sign-in')}>
            Voltar para entrar
          </button>
        ) : signingUp ? (
          <>
            Já tem conta?{' '}
            <button type="button" className={linkButtonClass} onClick={() => switchTo('sign-in')}>
              Entrar
            </button>
          </>
        ) : (
          <>
            Ainda não tem conta?{' '}
            <button type="button" className={linkButtonClass} onClick={() => switchTo('sign-up')}>
              Criar conta
            </button>
          </>
        )}
      </p>
    </Dialog>
  );
}

/** What the button says while its request is out, so a slow network is not a dead button. */
const PENDING_LABEL: Record<Mode, string> = {
  'sign-in': 'Entrando…',
  'sign-up': 'Criando conta…',
  forgot: 'Enviando…',
  'two-step': 'Verificando…',
};

const linkButtonClass = `font-semibold text-blue-700 underline-offset-2 hover:underline ${focusRingFlush}`;
