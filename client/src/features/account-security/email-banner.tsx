import type { MessageResponse } from '@aprendiz/contract/account';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { env } from '../../config/env';
import { useAppContext } from '../../context/app-context';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';

/**
 * A quiet line under the top bar while a local account's address is unconfirmed, with 'Reenviar'.
 * Nothing is blocked meanwhile but payouts; with Clerk the address is Clerk's to confirm.
 */
export function EmailVerificationBanner() {
  const { userData } = useAppContext();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  if (env.clerkPublishableKey || !userData || userData.emailVerified) return null;

  async function resend() {
    if (pending) return;
    setPending(true);
    const data = await send(api.post<MessageResponse>('/api/auth/verify-email/resend'), {
      inline: (text) => setResult({ ok: false, text }),
    });
    setPending(false);
    if (data) setResult({ ok: true, text: data.message });
  }

  return (
    <aside
      aria-label="Confirmação de e-mail"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-950"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1">
        <p className="min-w-0 flex-1">
          Confirme seu e-mail: enviamos um link para <strong>{userData.email}</strong>.
        </p>
        <Button variant="link" size="sm" pending={pending} onClick={() => void resend()}>
          Reenviar
        </Button>
        {result && (
          <p role={result.ok ? 'status' : 'alert'} className="w-full">
            {result.text}
          </p>
        )}
      </div>
    </aside>
  );
}
