import { useState } from 'react';
import type { PayoutProfile } from '@aprendiz/contract/payouts';
import { Button } from '../../components/ui/button';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';

const STATUS_TEXT: Record<NonNullable<PayoutProfile['stripeStatus']>, string> = {
  pending: 'Cadastro na Stripe por concluir: a conta ainda não recebe transferências.',
  active: 'Conta Stripe ativa: os saques são transferidos para ela.',
  restricted: 'A Stripe suspendeu a conta: abra o cadastro para ver o que falta.',
};

/** Stripe Connect: the account's state, and the way to Stripe's own onboarding pages. */
export function StripeOnboarding({ profile }: { profile: PayoutProfile }) {
  const [pending, setPending] = useState(false);

  async function open() {
    setPending(true);
    const answer = await send(
      api.post<{ url: string }>('/api/educator/payout-profile/stripe-onboarding'),
    );
    setPending(false);
    if (answer) window.location.assign(answer.url);
  }

  return (
    <div className="space-y-2 sm:col-span-2">
      <p className="text-sm text-slate-700">
        {profile.stripeStatus
          ? STATUS_TEXT[profile.stripeStatus]
          : 'Abra o cadastro na Stripe para receber os saques na sua conta.'}
      </p>
      {profile.stripeStatus !== 'active' && (
        <Button variant="secondary" pending={pending} onClick={() => void open()}>
          Abrir cadastro na Stripe
        </Button>
      )}
    </div>
  );
}
