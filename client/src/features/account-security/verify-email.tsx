import type { VerifyEmailResponse } from '@aprendiz/contract/account-security';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useAppContext } from '../../context/app-context';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';

/**
 * Where the mailed link lands (`/verify-email?token=…`). The address is confirmed by a press, not
 * on arrival: mail scanners open links by themselves, and must not use one up.
 */
export function VerifyEmail({ token }: { token: string }) {
  const { refreshSignedIn } = useAppContext();
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'done'; text: string } | { kind: 'failed'; text: string }
  >({ kind: 'idle' });
  const [pending, setPending] = useState(false);

  async function confirm() {
    if (pending) return;
    setPending(true);
    const data = await send(api.post<VerifyEmailResponse>('/api/auth/verify-email', { token }), {
      inline: (text) => setState({ kind: 'failed', text }),
    });
    setPending(false);
    if (!data) return;
    setState({ kind: 'done', text: data.message });
    // The banner goes as soon as the user data says so (when this browser is signed in).
    void refreshSignedIn();
  }

  return (
    <section className="mx-auto max-w-xl space-y-4 px-4 py-10">
      <h1 className="text-2xl font-semibold text-slate-900 md:text-3xl">Confirmar e-mail</h1>
      {!token ? (
        <p role="alert" className="text-red-700">
          Este link está incompleto. Abra o link do e-mail que enviamos, ou peça outro em
          “Reenviar”.
        </p>
      ) : state.kind === 'done' ? (
        <>
          <p role="status" className="text-green-800">
            {state.text}
          </p>
          <Link to={paths.home} className={buttonClass({ size: 'lg' })}>
            Continuar
          </Link>
        </>
      ) : (
        <>
          <p className="text-slate-700">
            Confirme que este endereço é seu para receber com segurança recibos, respostas e avisos
            de pagamento.
          </p>
          <Button size="lg" pending={pending} onClick={() => void confirm()}>
            Confirmar meu e-mail
          </Button>
          {state.kind === 'failed' && (
            <p role="alert" className="text-red-700">
              {state.text}
            </p>
          )}
        </>
      )}
    </section>
  );
}
