import { EU_WITHDRAWAL_DAYS } from './guarantee';
import type { Currency } from './currency';
import { marketTime } from './market-time';
import type { PaymentMethod } from './payment-methods';

/**
 * How an educator is paid in each market: Pix in Brazil; a bank transfer to an IBAN in the euro area
 * and in Angola (an AO06 IBAN); in the euro area, Stripe Connect Express instead when the deployment
 * turns it on. The dollar deployment has no rail yet.
 */
export const PAYOUT_RAILS = ['pix', 'iban', 'stripe_connect'] as const;
export type PayoutRail = (typeof PAYOUT_RAILS)[number];

export const PAYOUT_RAIL_LABELS: Record<PayoutRail, string> = {
  pix: 'Pix',
  iban: 'Transferência bancária (IBAN)',
  stripe_connect: 'Stripe',
};

export function payoutRails(currency: Currency, stripeConnect: boolean): PayoutRail[] {
  switch (currency) {
    case 'brl':
      return ['pix'];
    case 'eur':
      return stripeConnect ? ['iban', 'stripe_connect'] : ['iban'];
    case 'aoa':
      return ['iban'];
    case 'usd':
      return [];
  }
}

/** The countries whose IBANs a market's bank transfers reach. */
export function ibanCountries(currency: Currency): string[] {
  if (currency === 'aoa') return ['AO'];
  return SEPA_COUNTRIES;
}

const SEPA_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MC',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'SM',
];

/**
 * The smallest withdrawal, in the currency's minor unit: a bank transfer's cost is fixed, so a tiny
 * one is not worth its fee (the large platforms ask about as much).
 */
export const PAYOUT_MINIMUM_MINOR: Record<Currency, number> = {
  brl: 50_00,
  eur: 20_00,
  aoa: 10_000_00,
  usd: 20_00,
};

/**
 * A withdrawal's way: asked (the money leaves 'available'), approved into the operator's batch for
 * its rail, then paid with the bank's reference or failed with a reason (the money comes back).
 */
export const PAYOUT_STATUSES = ['requested', 'approved', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** A withdrawal still on its way: at most one per educator. */
export const OPEN_PAYOUT_STATUSES = ['requested', 'approved'] as const satisfies PayoutStatus[];

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  requested: 'Solicitado',
  approved: 'Em processamento',
  paid: 'Pago',
  failed: 'Falhou',
};

/** The operator's allowed moves; anything else is refused with 409. */
export const PAYOUT_TRANSITIONS: Record<PayoutStatus, readonly PayoutStatus[]> = {
  requested: ['approved', 'failed'],
  approved: ['paid', 'failed'],
  paid: [],
  failed: [],
};

export function canMovePayout(from: PayoutStatus, to: PayoutStatus): boolean {
  return PAYOUT_TRANSITIONS[from].includes(to);
}

/**
 * The payout's own ledger, beside the sales': `reserve` when asked (the amount leaves the balance),
 * `paid` when the bank confirms (nothing moves, the reserve becomes paid out), `failed` when it does
 * not (the reserve comes back).
 */
export const PAYOUT_ENTRY_KINDS = ['reserve', 'paid', 'failed'] as const;
export type PayoutEntryKind = (typeof PAYOUT_ENTRY_KINDS)[number];

// ---------------------------------------------------------------------------------------------
// Hold: when a sale's money may be withdrawn

const DAY_MS = 24 * 60 * 60 * 1000;

/** Business days a boleto takes to be compensated after the buyer pays it (D+2 at most banks). */
export const BOLETO_COMPENSATION_BUSINESS_DAYS = 2;

/**
 * Days after a sale beyond which no rule holds it any longer than its guarantee: the 14 legal days
 * and a boleto's compensation (2 business days fall within 4 calendar days).
 */
export const HOLD_EXTRA_DAYS_MAX = Math.max(EU_WITHDRAWAL_DAYS, 4);

export type HoldReason = 'guarantee' | 'confirmation' | 'legal';

export interface SaleHoldFacts {
  /** When the payment was confirmed and the purchase completed. */
  completedAt: Date;
  /** The end of the buyer's guarantee (the purchase's refundable-until). */
  guaranteeEndsAt: Date;
  method: PaymentMethod | null;
  currency: Currency;
}

export interface SaleHold {
  availableAt: Date;
  reason: HoldReason;
  /** The guarantee's length in days, for its reason's wording. */
  guaranteeDays: number;
}

function addBusinessDays(from: Date, days: number): Date {
  const date = new Date(from);
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date;
}

/**
 * A sale's money becomes available at the latest of: the guarantee's end (the buyer may still ask
 * for it back), the method's confirmation (a boleto's money reaches the account when compensated),
 * and, in the euro market, the 14-day legal right of withdrawal. On a tie the guarantee is named,
 * as the educator chose it.
 */
export function saleHold(facts: SaleHoldFacts): SaleHold {
  const guaranteeDays = Math.round(
    (facts.guaranteeEndsAt.getTime() - facts.completedAt.getTime()) / DAY_MS,
  );
  const candidates: { at: Date; reason: HoldReason }[] = [
    { at: facts.guaranteeEndsAt, reason: 'guarantee' },
  ];
  if (facts.method === 'boleto') {
    candidates.push({
      at: addBusinessDays(facts.completedAt, BOLETO_COMPENSATION_BUSINESS_DAYS),
      reason: 'confirmation',
    });
  }
  if (facts.currency === 'eur') {
    candidates.push({
      at: new Date(facts.completedAt.getTime() + EU_WITHDRAWAL_DAYS * DAY_MS),
      reason: 'legal',
    });
  }
  const latest = candidates.reduce((a, b) => (b.at.getTime() > a.at.getTime() ? b : a));
  return { availableAt: latest.at, reason: latest.reason, guaranteeDays };
}

const MONTHS_SHORT = [
  'jan',
  'fev',
  'mar',
  'abr',
  'mai',
  'jun',
  'jul',
  'ago',
  'set',
  'out',
  'nov',
  'dez',
];

/** The day and month on the market's clock: '3 dez'. */
export function shortMarketDate(date: Date, currency: Currency): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: marketTime(currency).timeZone,
    day: 'numeric',
    month: 'numeric',
  }).formatToParts(date);
  const day = parts.find((p) => p.type === 'day')?.value ?? '';
  const month = Number(parts.find((p) => p.type === 'month')?.value ?? '1');
  return `${day} ${MONTHS_SHORT[month - 1]}`;
}

export function holdReasonText(reason: HoldReason, guaranteeDays: number): string {
  switch (reason) {
    case 'guarantee':
      return `garantia de ${guaranteeDays} dias`;
    case 'confirmation':
      return 'compensação do boleto';
    case 'legal':
      return `prazo legal de arrependimento de ${EU_WITHDRAWAL_DAYS} dias`;
  }
}

/** 'disponível em 3 dez: garantia de 7 dias' */
export function pendingLabel(
  availableAt: Date,
  reason: HoldReason,
  guaranteeDays: number,
  currency: Currency,
): string {
  return `disponível em ${shortMarketDate(availableAt, currency)}: ${holdReasonText(reason, guaranteeDays)}`;
}

// ---------------------------------------------------------------------------------------------
// Balance

/** One sale as the balance sees it: what it netted the educator, and whether it was refunded. */
export interface BalanceSale {
  netMinor: number;
  /** The refund's amount, positive (0 when not refunded). */
  refundMinor: number;
  hold: SaleHold;
}

export interface BalancePayout {
  amountMinor: number;
  status: PayoutStatus;
}

export interface PendingAmount {
  amountMinor: number;
  availableAt: Date;
  reason: HoldReason;
  guaranteeDays: number;
}

export interface BalanceFigures {
  availableMinor: number;
  pending: PendingAmount[];
  /** Withdrawals asked or approved, not yet paid. */
  inWithdrawalMinor: number;
  paidOutMinor: number;
  /**
   * What refunds after a payout took beyond the money there was: covered by the next sales before
   * anything is available again.
   */
  debitMinor: number;
  netSalesMinor: number;
  refundsMinor: number;
}

/**
 * The balance at `now`. Earned is the matured sales (past their hold) net of every refund; a sale
 * still held and refunded never counts. What withdrawals took (asked, approved or paid) leaves it;
 * a failed one gives it back. Below zero it is a debit, never a negative available balance. Always:
 * available + pending + in withdrawal + paid out − debit = net sales − refunds. `settledMinor` is
 * the net, refunds included, of sales already past any hold that the caller summed beforehand.
 */
export function computeBalance(
  sales: readonly BalanceSale[],
  payouts: readonly BalancePayout[],
  now: Date,
  settled: { netMinor: number; refundsMinor: number } = { netMinor: 0, refundsMinor: 0 },
): BalanceFigures {
  let matured = settled.netMinor - settled.refundsMinor;
  let netSales = settled.netMinor;
  let refunds = settled.refundsMinor;
  const byDay = new Map<string, PendingAmount>();
  for (const sale of sales) {
    netSales += sale.netMinor;
    refunds += sale.refundMinor;
    if (sale.hold.availableAt.getTime() <= now.getTime()) {
      matured += sale.netMinor - sale.refundMinor;
      continue;
    }
    const held = sale.netMinor - sale.refundMinor;
    if (held === 0) continue;
    const key = `${sale.hold.availableAt.toISOString().slice(0, 10)}|${sale.hold.reason}|${sale.hold.guaranteeDays}`;
    const group = byDay.get(key);
    if (group) {
      group.amountMinor += held;
      if (sale.hold.availableAt > group.availableAt) group.availableAt = sale.hold.availableAt;
    } else {
      byDay.set(key, { amountMinor: held, ...sale.hold });
    }
  }
  let inWithdrawal = 0;
  let paidOut = 0;
  for (const payout of payouts) {
    if (payout.status === 'paid') paidOut += payout.amountMinor;
    else if (payout.status !== 'failed') inWithdrawal += payout.amountMinor;
  }
  const left = matured - inWithdrawal - paidOut;
  return {
    availableMinor: Math.max(0, left),
    debitMinor: Math.max(0, -left),
    pending: [...byDay.values()].sort((a, b) => a.availableAt.getTime() - b.availableAt.getTime()),
    inWithdrawalMinor: inWithdrawal,
    paidOutMinor: paidOut,
    netSalesMinor: netSales,
    refundsMinor: refunds,
  };
}

/** Why a withdrawal of `amountMinor` cannot be asked, in Portuguese; null when it can. */
export function withdrawalProblem(
  amountMinor: number,
  availableMinor: number,
  currency: Currency,
  formatMinor: (minor: number) => string,
): string | null {
  const minimum = PAYOUT_MINIMUM_MINOR[currency];
  if (amountMinor < minimum) return `O saque mínimo é de ${formatMinor(minimum)}`;
  if (amountMinor > availableMinor)
    return `Você tem ${formatMinor(availableMinor)} disponível para saque`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Statements: calendar months on the market's clock

export const STATEMENT_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The instant a wall-clock time in `timeZone` happens. */
function zonedInstant(year: number, month: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, 1);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(new Date(guess));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? '0');
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return new Date(guess - (asUtc - guess));
}

/** A month 'YYYY-MM' as its first instant and the next month's, on the market's clock. */
export function statementPeriod(month: string, currency: Currency): { from: Date; to: Date } {
  const match = STATEMENT_MONTH.exec(month);
  if (!match) throw new Error(`not a month: ${month}`);
  const year = Number(match[1]);
  const m = Number(match[2]);
  const { timeZone } = marketTime(currency);
  return {
    from: zonedInstant(year, m, timeZone),
    to: zonedInstant(m === 12 ? year + 1 : year, m === 12 ? 1 : m + 1, timeZone),
  };
}

/** The month 'YYYY-MM' an instant falls in, on the market's clock. */
export function marketMonth(date: Date, currency: Currency): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: marketTime(currency).timeZone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(date);
  return `${parts.find((p) => p.type === 'year')?.value}-${parts.find((p) => p.type === 'month')?.value}`;
}

// ---------------------------------------------------------------------------------------------
// Masking: what the educator and the operator's list see of the stored destination

/** All but the last `visible` characters as '•'. */
function maskTail(text: string, visible: number): string {
  return '•'.repeat(Math.max(0, text.length - visible)) + text.slice(-visible);
}

/** 'PT50 •••• 1545': the country, the check digits and the last four. */
export function maskIban(iban: string): string {
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}

/** '•••.456.789-••' for a CPF (as the Pix apps show one), the e-mail's first letter and domain, … */
export function maskPixKey(type: string, key: string): string {
  switch (type) {
    case 'cpf':
      return `•••.${key.slice(3, 6)}.${key.slice(6, 9)}-••`;
    case 'cnpj':
      return `••.${key.slice(2, 5)}.${key.slice(5, 8)}/${key.slice(8, 12)}-••`;
    case 'email': {
      const [local = '', domain = ''] = key.split('@');
      return `${local.slice(0, 1)}•••@${domain}`;
    }
    case 'phone':
      return `+55 ${key.slice(3, 5)} •••••-${key.slice(-4)}`;
    default:
      return `${key.slice(0, 4)}••••${key.slice(-4)}`;
  }
}

export function maskTaxId(taxId: string): string {
  return maskTail(taxId, 3);
}
