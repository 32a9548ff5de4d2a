import { useState, type FormEvent } from 'react';
import { withdrawalBodySchema, type Balance } from '@aprendiz/contract/payouts';
import { notify } from '../../components/toast';
import { Button } from '../../components/ui/button';
import { Field, fieldErrors, inputClass } from '../../components/ui/field';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { money } from './money';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-md border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="text-xl font-semibold text-slate-900" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

/** The figures, each pending amount with why and when, and the withdrawal form. */
export function BalancePanel({
  balance,
  canWithdraw,
  onWithdrawn,
}: {
  balance: Balance;
  canWithdraw: boolean;
  onWithdrawn: () => void;
}) {
  const [amount, setAmount] = useState(balance.available > 0 ? balance.available.toFixed(2) : '');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const fmt = (n: number) => money(n, balance.currency);

  async function withdraw(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = withdrawalBodySchema.safeParse({ amount: Number(amount.replace(',', '.')) });
    setError(parsed.success ? undefined : fieldErrors(parsed.error.issues).amount);
    if (!parsed.success) return;
    setPending(true);
    const done = await send(api.post('/api/educator/payouts', parsed.data), { inline: setError });
    setPending(false);
    if (!done) return;
    notify.success('Saque solicitado');
    onWithdrawn();
  }

  return (
    <section aria-labelledby="balance-title" className="space-y-4">
      <h2 id="balance-title" className="text-lg font-semibold text-slate-900">
        Saldo
      </h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure
          label="Disponível para saque"
          value={fmt(balance.available)}
          testId="balance-available"
        />
        <Figure
          label="Pendente"
          value={fmt(balance.pending.reduce((sum, p) => sum + p.amount, 0))}
          testId="balance-pending"
        />
        <Figure label="Em saque" value={fmt(balance.inWithdrawal)} testId="balance-in-withdrawal" />
        <Figure label="Já recebido" value={fmt(balance.paidOut)} testId="balance-paid-out" />
      </div>
      {balance.debit > 0 && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Débito de {fmt(balance.debit)}: um reembolso chegou depois de um saque. As próximas vendas
          cobrem esse valor antes de o saldo voltar a ficar disponível.
        </p>
      )}
      {balance.pending.length > 0 && (
        <ul className="space-y-1 text-sm text-slate-700" aria-label="Valores pendentes">
          {balance.pending.map((p) => (
            <li key={`${p.availableAt}-${p.reason}`} data-testid="pending-amount">
              <strong>{fmt(p.amount)}</strong> {p.label}
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(event) => void withdraw(event)}
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <Field
          label="Valor do saque"
          hint={`Mínimo de ${fmt(balance.minimum)}; um saque por vez.`}
          error={error}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              min={0}
              step={0.01}
              inputMode="decimal"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              className={inputClass}
            />
          )}
        </Field>
        <Button type="submit" pending={pending} disabled={!canWithdraw}>
          Pedir saque
        </Button>
      </form>
      {!canWithdraw && (
        <p className="text-sm text-slate-600">
          Cadastre seus dados de recebimento para pedir um saque.
        </p>
      )}
    </section>
  );
}
