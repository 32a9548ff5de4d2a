import {
  forgotPasswordBodySchema,
  RESET_LINK_INVALID,
  type MessageResponse,
  type ResetLinkCheckResponse,
} from '@aprendiz/contract/account';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuthActions, useAuthUser } from '../../auth/auth-context';
import { paths } from '../../config/paths';
import { api } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { Button, buttonClass } from '../../components/ui/button';
import { Field, fieldErrors, inputClass } from '../../components/ui/field';
import { MISMATCH } from './password-field';
import { PasswordField } from './password-field';
import { send } from '../../lib/send';

/**
 * `/reset-password?token=…`, opened from the mailed link: choose a new password. The token works
 * once and for an hour; the server says when it no longer does.
 */
export default function ResetPassword() {
  usePageTitle('Redefinir senha');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useAuthUser();
  const { openSignIn } = useAuthActions();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // Asked on arrival: a used or expired link says so before the new password is typed.
  const [link, setLink] = useState<'checking' | 'usable' | 'unusable'>('checking');
  const formId = useId();

  useEffect(() => {
    if (!token) return;
    let active = true;
    api
      .post<ResetLinkCheckResponse>('/api/auth/reset-password/check', { token })
      .then(({ data }) => {
        if (active) setLink(data.usable ? 'usable' : 'unusable');
      })
      // Unknown (offline, rate limited): the form stays, and its answer will say.
      .catch(() => {
        if (active) setLink('usable');
      });
    return () => {
      active = false;
    };
  }, [token]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setMismatch(password !== confirmation);
    setError(null);
    if (password !== confirmation) return;
    setPending(true);
    const data = await send(
      api.post<MessageResponse>('/api/auth/reset-password', { token, password }),
      {
        inline: (message) => {
          // Used meanwhile (another tab, a second click in the mail): the page says so as on arrival.
          if (message === RESET_LINK_INVALID) setLink('unusable');
          else setError(message);
        },
      },
    );
    setPending(false);
    if (data) setDone(data.message);
  }

  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-2xl font-semibold text-slate-900 md:text-3xl">Redefinir senha</h1>
      {!token ? (
        <NewLinkRequest reason="Este endereço não traz um link de redefinição. Abra o link do e-mail, ou peça um novo aqui." />
      ) : link === 'unusable' ? (
        <NewLinkRequest reason="Este link de redefinição já foi usado, expirou ou não é válido. Peça um novo: ele chega por e-mail e funciona por uma hora." />
      ) : done ? (
        <div className="mt-6 space-y-4">
          <p role="status" className="rounded-md bg-green-50 p-3 text-green-800">
            {done}
          </p>
          {user ? (
            <Link
              to={paths.home}
              className={buttonClass({ size: 'lg', className: 'inline-block' })}
            >
              Ir para o início
            </Link>
          ) : (
            <Button size="lg" onClick={() => openSignIn()}>
              Entrar
            </Button>
          )}
        </div>
      ) : (
        <form
          onSubmit={handleSubmit}
          className="mt-6 space-y-4"
          aria-describedby={error ? `${formId}-error` : undefined}
        >
          <PasswordField
            label="Nova senha"
            autoComplete="new-password"
            hint="Pelo menos 8 caracteres. Todas as sessões abertas serão encerradas."
            value={password}
            onChange={setPassword}
          />
          <PasswordField
            label="Confirmar nova senha"
            autoComplete="new-password"
            value={confirmation}
            onChange={setConfirmation}
            error={mismatch ? MISMATCH : null}
          />
          <Button type="submit" size="lg" pending={pending} className="w-full">
            Salvar nova senha
          </Button>
          {error && (
            <p id={`${formId}-error`} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}

/** Says why this link cannot set a password, and asks for a new one right here. */
function NewLinkRequest({ reason }: { reason: string }) {
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setError(null);
    const checked = forgotPasswordBodySchema.safeParse({ email });
    if (!checked.success) {
      setError(fieldErrors(checked.error.issues).email ?? 'Informe um e-mail válido');
      return;
    }
    setPending(true);
    const data = await send(
      api.post<MessageResponse>('/api/auth/forgot-password', { email: checked.data.email }),
      { inline: setError },
    );
    setPending(false);
    if (data) setNotice(data.message);
  }

  return (
    <div className="mt-4 space-y-4">
      <p role="alert" className="text-slate-700">
        {reason}
      </p>
      {notice ? (
        <p role="status" className="rounded-md bg-green-50 p-3 text-green-800">
          {notice}
        </p>
      ) : (
        <form noValidate onSubmit={handleSubmit} className="space-y-4">
          <Field label="E-mail da conta" error={error}>
            {(control) => (
              <input
                {...control}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                className={inputClass}
              />
            )}
          </Field>
          <Button type="submit" size="lg" pending={pending} className="w-full">
            Pedir um novo link
          </Button>
        </form>
      )}
    </div>
  );
}
