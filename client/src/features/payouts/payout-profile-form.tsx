import { useState, type FormEvent } from 'react';
import { payoutProfileInputSchema, type PayoutProfileResponse } from '@aprendiz/contract/payouts';
import type { Currency } from '@aprendiz/contract/rules/currency';
import {
  PIX_KEY_TYPE_LABELS,
  PIX_KEY_TYPES,
  type PixKeyType,
} from '@aprendiz/contract/rules/pix-key';
import { PAYOUT_RAIL_LABELS, type PayoutRail } from '@aprendiz/contract/rules/payouts';
import { notify } from '../../components/toast';
import { Button } from '../../components/ui/button';
import { Field, fieldErrors, inputClass } from '../../components/ui/field';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { StripeOnboarding } from './stripe-onboarding';

const TAX_ID_LABEL: Record<Currency, string> = {
  brl: 'CPF ou CNPJ do titular',
  eur: 'NIF do titular',
  aoa: 'NIF do titular (número do BI ou da empresa)',
  usd: 'Documento do titular',
};

/**
 * Where the money goes. Saved data comes back masked, so the form starts empty with the current
 * destination shown above it: typing a new one replaces it.
 */
export function PayoutProfileForm({
  data,
  onSaved,
}: {
  data: PayoutProfileResponse;
  onSaved: () => void;
}) {
  const currency = data.currency as Currency;
  const [rail, setRail] = useState<PayoutRail>(data.profile?.rail ?? data.rails[0] ?? 'pix');
  const [pixKeyType, setPixKeyType] = useState<PixKeyType>(data.profile?.pixKeyType ?? 'cpf');
  const [pixKey, setPixKey] = useState('');
  const [iban, setIban] = useState('');
  const [holderName, setHolderName] = useState(data.profile?.holderName ?? '');
  const [taxId, setTaxId] = useState('');
  const [autoMonthly, setAutoMonthly] = useState(data.profile?.autoMonthly ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  if (data.rails.length === 0) {
    return <p className="text-sm text-slate-700">Ainda não há forma de recebimento nesta moeda.</p>;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = {
      rail,
      ...(rail === 'pix' ? { pixKeyType, pixKey } : {}),
      ...(rail === 'iban' ? { iban } : {}),
      holderName,
      taxId,
      autoMonthly,
    };
    const parsed = payoutProfileInputSchema(
      currency,
      data.rails.includes('stripe_connect'),
    ).safeParse(body);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (!parsed.success) return;
    setPending(true);
    const saved = await send(api.put('/api/educator/payout-profile', parsed.data));
    setPending(false);
    if (!saved) return;
    notify.success('Dados de recebimento salvos');
    setPixKey('');
    setIban('');
    setTaxId('');
    onSaved();
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4 sm:grid-cols-2">
      {data.profile && (
        <p className="text-sm text-slate-700 sm:col-span-2" data-testid="payout-destination">
          Recebendo em: <strong>{data.profile.destination}</strong> (
          {PAYOUT_RAIL_LABELS[data.profile.rail]}
          {data.profile.pixKeyType ? `, ${PIX_KEY_TYPE_LABELS[data.profile.pixKeyType]}` : ''}) ·
          documento {data.profile.taxId}
        </p>
      )}
      {data.profile?.rail === 'stripe_connect' && <StripeOnboarding profile={data.profile} />}
      {data.rails.length > 1 && (
        <Field label="Como receber" error={errors.rail}>
          {(control) => (
            <select
              {...control}
              value={rail}
              onChange={(event) => setRail(event.target.value as PayoutRail)}
              className={inputClass}
            >
              {data.rails.map((r) => (
                <option key={r} value={r}>
                  {PAYOUT_RAIL_LABELS[r]}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {rail === 'pix' && (
        <>
          <Field label="Tipo de chave Pix" error={errors.pixKeyType}>
            {(control) => (
              <select
                {...control}
                value={pixKeyType}
                onChange={(event) => setPixKeyType(event.target.value as PixKeyType)}
                className={inputClass}
              >
                {PIX_KEY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {PIX_KEY_TYPE_LABELS[type]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Chave Pix" error={errors.pixKey}>
            {(control) => (
              <input
                {...control}
                value={pixKey}
                onChange={(event) => setPixKey(event.target.value)}
                autoComplete="off"
                className={inputClass}
              />
            )}
          </Field>
        </>
      )}
      {rail === 'iban' && (
        <Field
          label="IBAN"
          hint={currency === 'aoa' ? 'Começa por AO06, 25 caracteres' : 'Como PT50 0002 0123 …'}
          error={errors.iban}
        >
          {(control) => (
            <input
              {...control}
              value={iban}
              onChange={(event) => setIban(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              className={inputClass}
            />
          )}
        </Field>
      )}
      <Field label="Nome do titular" error={errors.holderName}>
        {(control) => (
          <input
            {...control}
            value={holderName}
            onChange={(event) => setHolderName(event.target.value)}
            autoComplete="name"
            className={inputClass}
          />
        )}
      </Field>
      <Field label={TAX_ID_LABEL[currency]} error={errors.taxId}>
        {(control) => (
          <input
            {...control}
            value={taxId}
            onChange={(event) => setTaxId(event.target.value)}
            autoComplete="off"
            inputMode={currency === 'aoa' ? 'text' : 'numeric'}
            className={inputClass}
          />
        )}
      </Field>
      <label className="flex items-center gap-2 text-sm text-slate-800 sm:col-span-2">
        <input
          type="checkbox"
          checked={autoMonthly}
          onChange={(event) => setAutoMonthly(event.target.checked)}
          className="h-4 w-4"
        />
        Sacar automaticamente todo mês o saldo disponível
      </label>
      <div className="sm:col-span-2">
        <Button type="submit" pending={pending}>
          Salvar dados de recebimento
        </Button>
      </div>
    </form>
  );
}
