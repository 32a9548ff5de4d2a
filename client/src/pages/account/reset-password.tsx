import type { MessageResponse } from '@aprendiz/contract/account';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuthActions, useAuthUser } from '../../auth/auth-context';
import { paths } from '../../config/paths';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/api-error';
import { usePageTitle } from '../../lib/use-page-title';
import { Button, buttonClass } from '../../components/ui/button';
import { MISMATCH } from './password-field';
import { PasswordField } from './password-field';

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
  const formId = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setMismatch(password !== confirmation);
    setError(null);
    if (password !== confirmation) return;
    setPending(true);
    try {
      const { data } = await api.post<MessageResponse>('/api/auth/reset-password', {
        token,
        password,
      });
      setDone(data.message);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-2xl font-semibold text-slate-900 md:text-3xl">Redefinir senha</h1>
      {!token ? (
        <p role="alert" className="mt-4 text-slate-700">
          Este endereço não traz um link de redefinição. Abra o link do e-mail, ou peça um novo em
          “Esqueceu a senha?” ao entrar.
        </p>
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
            <Button size="lg" onClick={openSignIn}>
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
            hint="Pelo menos 8 caracteres. Todas as sessões abertas serão terminadas."
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
