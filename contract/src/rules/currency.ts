/**
 * One currency per deployment (`CURRENCY`): the server charges in it and every learner page labels
 * prices with it, both through these rules, so the label and the charge cannot disagree.
 */
export const CURRENCIES = ['aoa', 'brl', 'eur', 'usd'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The spec's prices say 'Kz': Angola's kwanza is the default. */
export const DEFAULT_CURRENCY: Currency = 'aoa';

interface CurrencyRule {
  /** What pages write beside a price (before or after it, see `labelFirst`). */
  label: string;
  /** ISO 4217 code, for structured data. */
  iso: string;
  /** Digits of the minor unit: every currency here counts in hundredths (cêntimos, centavos, cents). */
  minorDigits: number;
  /** Whether the label goes before the number ('R$ 19,99') or after it ('19,99 €'). */
  labelFirst: boolean;
}

/*
 * Where the label goes is each market's habit: Brazil writes 'R$ 19,99' and Portugal '19,99 €'.
 * Angola writes both ('4.500,00 Kz' in the shops, 'Kz 4.500,00' on many price lists); we keep the
 * label in front because the spec's course screens put 'Kz' there. The dollar has no market of its
 * own here, so it is written as the Brazilian real is.
 */
const RULES: Record<Currency, CurrencyRule> = {
  aoa: { label: 'Kz', iso: 'AOA', minorDigits: 2, labelFirst: true },
  brl: { label: 'R$', iso: 'BRL', minorDigits: 2, labelFirst: true },
  eur: { label: '€', iso: 'EUR', minorDigits: 2, labelFirst: false },
  usd: { label: '$', iso: 'USD', minorDigits: 2, labelFirst: true },
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

/**
 * The number the way Portuguese speakers write it: '.' between thousands from 1.000 on, ',' before
 * the cents, '-' in front of a debit. Written by hand because Intl's pt-PT leaves 4-digit amounts
 * ungrouped ('4500,00') and groups with a space, and pt-BR and pt-PT must read alike here.
 */
export function formatDecimal(amount: number, options: MoneyOptions = {}): string {
  const { grouping = true, cents: withCents = true } = options;
  // Every currency here counts in hundredths; without cents the whole units are rounded first.
  const cents = withCents ? Math.round(Math.abs(amount) * 100) : Math.round(Math.abs(amount)) * 100;
  const sign = amount < 0 && cents > 0 ? '-' : '';
  const whole = String(Math.floor(cents / 100));
  const grouped = grouping ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.') : whole;
  if (!withCents) return `${sign}${grouped}`;
  return `${sign}${grouped},${String(cents % 100).padStart(2, '0')}`;
}

interface MoneyOptions {
  /** Thousands separated ('4.500,00'); a spreadsheet cell wants them bare ('4500,00'). */
  grouping?: boolean;
  /** Cents shown; a chart's rounded scale mark leaves them out ('Kz 1.000'). */
  cents?: boolean;
}

function ruleFor(currency: string): CurrencyRule | undefined {
  const code = currency.toLowerCase();
  if (isCurrency(code)) return RULES[code];
  return Object.values(RULES).find((rule) => rule.label === currency);
}

/**
 * Every amount meant for people, in every market: 'R$ 4.500,00', '19,99 €', 'Kz 16,99',
 * '-R$ 5,00'. `currency` is a deployment currency's code ('brl') or its label ('R$', which the
 * client's context carries); any other code is written after the number ('12,50 GBP'). Amounts for
 * machines (API numbers, bank files, provider requests, the Pix code) stay '16.99': never this.
 */
export function formatMoney(
  amount: number,
  currency: string,
  options: Pick<MoneyOptions, 'cents'> = {},
): string {
  const rule = ruleFor(currency);
  const number = formatDecimal(amount, options);
  if (!rule) return `${number} ${currency.toUpperCase()}`;
  if (!rule.labelFirst) return `${number} ${rule.label}`;
  // The sign before the label, as a bank statement writes a debit: '-Kz 5,00'.
  return number.startsWith('-') ? `-${rule.label} ${number.slice(1)}` : `${rule.label} ${number}`;
}
