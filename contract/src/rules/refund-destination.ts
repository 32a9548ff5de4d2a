/**
 * Where a buyer's money goes back when the provider cannot return it (a ProxyPay payment, a
 * boleto): an operator sends it by hand, so what the buyer types is checked before it is kept. A
 * kwanza payment goes to an Angolan IBAN, a euro one to a Portuguese IBAN, a real one to a Pix key.
 */
import type { Currency } from './currency';

export type RefundDestinationKind = 'iban' | 'pix';

/** The IBAN each currency's refunds go to: its country, check digits and length (ISO 13616). */
const IBANS: Partial<Record<Currency, { prefix: string; length: number; example: string }>> = {
  // Angola's and Portugal's IBANs carry fixed check digits (06, 50): the national check is inside.
  aoa: { prefix: 'AO06', length: 25, example: 'AO06 0044 0000 6729 5030 1010 2' },
  eur: { prefix: 'PT50', length: 25, example: 'PT50 0002 0123 1234 5678 9015 4' },
};

export function refundDestinationKind(currency: string): RefundDestinationKind {
  return currency === 'brl' ? 'pix' : 'iban';
}

export function refundDestinationLabel(currency: string): string {
  return refundDestinationKind(currency) === 'pix' ? 'Chave Pix' : 'IBAN';
}

/** An example of what to type, shown as the field's hint. */
export function refundDestinationExample(currency: string): string {
  if (refundDestinationKind(currency) === 'pix')
    return 'CPF, CNPJ, e-mail, celular (+55…) ou chave aleatória';
  return IBANS[currency as Currency]?.example ?? '';
}

/** As kept: an IBAN without spaces in capitals; a Pix key as typed, trimmed. */
export function normalizeRefundDestination(currency: string, value: string): string {
  const trimmed = value.trim();
  return refundDestinationKind(currency) === 'iban'
    ? trimmed.replace(/[\s-]+/g, '').toUpperCase()
    : trimmed;
}

/** ISO 7064 mod 97-10: the four first characters moved to the end, letters as 10..35, remainder 1. */
function ibanChecksumHolds(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const value = Number.parseInt(char, 36);
    remainder = Number((BigInt(remainder) * (value > 9 ? 100n : 10n) + BigInt(value)) % 97n);
  }
  return remainder === 1;
}

const PIX_KEYS: RegExp[] = [
  /^\d{11}$/, // CPF
  /^\d{14}$/, // CNPJ
  /^\+55\d{10,11}$/, // celular
  /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/, // e-mail
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, // chave aleatória
];

/** Why `value` cannot receive a refund in `currency`, in the buyer's words; null when it can. */
export function refundDestinationProblem(currency: string, value: string): string | null {
  const destination = normalizeRefundDestination(currency, value);
  if (refundDestinationKind(currency) === 'pix') {
    const digitsOnly = destination.replace(/[.\-/]/g, '');
    const key = /^\d+$/.test(digitsOnly) ? digitsOnly : destination;
    return PIX_KEYS.some((pattern) => pattern.test(key))
      ? null
      : 'Informe uma chave Pix válida: CPF, CNPJ, e-mail, celular com +55 ou chave aleatória';
  }
  const iban = IBANS[currency as Currency];
  if (!iban) return 'Não é possível receber reembolsos manuais nesta moeda';
  const country = iban.prefix.slice(0, 2) === 'AO' ? 'angolano' : 'português';
  if (
    !destination.startsWith(iban.prefix) ||
    destination.length !== iban.length ||
    !/^[A-Z]{2}\d+$/.test(destination) ||
    !ibanChecksumHolds(destination)
  )
    return `Informe um IBAN ${country} válido (${iban.prefix} e ${iban.length - 4} algarismos)`;
  return null;
}
