/**
 * One currency per deployment (`CURRENCY`): the server charges in it and every learner page labels
 * prices with it, both through these rules, so the label and the charge cannot disagree.
 */
export const CURRENCIES = ['aoa', 'brl', 'eur', 'usd'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The spec's prices say 'Kz': Angola's kwanza is the default. */
export const DEFAULT_CURRENCY: Currency = 'aoa';

interface CurrencyRule {
  /** What learner pages put in front of a price. */
  label: string;
  /** ISO 4217 code, for structured data. */
  iso: string;
  /** Digits of the minor unit: every currency here counts in hundredths (cêntimos, centavos, cents). */
  minorDigits: number;
}

const RULES: Record<Currency, CurrencyRule> = {
  aoa: { label: 'Kz', iso: 'AOA', minorDigits: 2 },
  brl: { label: 'R$', iso: 'BRL', minorDigits: 2 },
  eur: { label: '€', iso: 'EUR', minorDigits: 2 },
  usd: { label: '$', iso: 'USD', minorDigits: 2 },
};

export function isCurrency(code: string): code is Currency {
  return (CURRENCIES as readonly string[]).includes(code);
}

export function currencyLabel(currency: Currency): string {
  return RULES[currency].label;
}

export function currencyIso(currency: Currency): string {
  return RULES[currency].iso;
}

/** An amount in the currency's minor unit, exact: 16.99 → 1699 (never 1698.9999). */
export function toMinorUnits(amount: number, currency: Currency): number {
  return Math.round(amount * 10 ** RULES[currency].minorDigits);
}

export function fromMinorUnits(minor: number, currency: Currency): number {
  return minor / 10 ** RULES[currency].minorDigits;
}

/** The amount as a decimal string with the minor unit's digits, as the database stores it: '16.99'. */
export function decimalAmount(minor: number, currency: Currency): string {
  const digits = RULES[currency].minorDigits;
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  const whole = Math.floor(abs / 10 ** digits);
  const fraction = String(abs % 10 ** digits).padStart(digits, '0');
  return digits === 0 ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
}
