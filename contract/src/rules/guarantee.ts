/**
 * The guarantee: the days after a paid purchase during which the buyer may ask for the money back
 * by themselves. Brazil's consumer code gives at least 7 days to withdraw from a purchase made at a
 * distance; the educator may offer more, up to 30 (as the large course marketplaces do).
 */
export const GUARANTEE_DAYS_MIN = 7;
export const GUARANTEE_DAYS_MAX = 30;
export const GUARANTEE_DAYS_DEFAULT = 7;

/**
 * The refund window of a course's guarantee in a currency, in days: what every screen and mail
 * names, so the course page never promises 7 days where the law gives 14. In euros it is at least
 * EU_WITHDRAWAL_DAYS (the EU's right of withdrawal for distance purchases).
 *
 * The database fixes each purchase's deadline when it completes, whoever completes it, with the
 * same rule in SQL (refund_window_days in server/src/db/rules/refund-deadline.sql: a trigger cannot
 * call TypeScript); a server test holds the two equal for every guarantee and currency.
 */
export function refundWindowDays(guaranteeDays: number, currency: string): number {
  return currency === 'eur' ? Math.max(guaranteeDays, EU_WITHDRAWAL_DAYS) : guaranteeDays;
}

/**
 * A purchase's own window in days, from its completion to the deadline the database fixed then:
 * what its buyer was promised, whatever the course's guarantee says today.
 */
export function purchaseWindowDays(completedAt: Date, refundableUntil: Date): number {
  return Math.round((refundableUntil.getTime() - completedAt.getTime()) / (24 * 60 * 60 * 1000));
}

/** True while the buyer may still ask for the money back: before the purchase's refund deadline. */
export function isRefundable(refundableUntil: Date | null, now: Date): boolean {
  return refundableUntil !== null && now.getTime() < refundableUntil.getTime();
}

/** 'Garantia de 14 dias': how the course page, My Courses and the receipt name it. */
export function guaranteeLabel(days: number): string {
  return `Garantia de ${days} dias`;
}

/**
 * Every movement of an educator's money, one row each, never changed afterwards: a sale at the
 * course's price, the coupon discount given on it, the platform's fee (rules/platform-fee), and a refund.
 * Sales are positive, the others negative or zero; a balance is a sum of them.
 */
export const LEDGER_KINDS = ['sale', 'coupon_discount', 'fee', 'refund'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * More refunds than this by one learner in REFUND_ABUSE_DAYS and the next must go through support:
 * the button refunds a learner's mistake, not a habit of watching and returning courses.
 */
export const REFUND_ABUSE_LIMIT = 3;
export const REFUND_ABUSE_DAYS = 90;

/**
 * The EU's right of withdrawal for distance purchases, in days (deployments charging in euros): the
 * refund deadline is never sooner (db/rules/refund-deadline.sql).
 */
export const EU_WITHDRAWAL_DAYS = 14;
/**
 * Digital content may start before the 14 days end only when the buyer asks for it and acknowledges
 * losing the right: this box, unticked by default, is that request, and the receipt confirms it.
 */
export const EU_WAIVER_TEXT =
  'Quero começar já e reconheço que perco o direito de livre resolução de 14 dias';

/** Why a purchase cannot be refunded by its buyer from My Courses. */
export type RefundRefusal = 'already_asked' | 'not_paid' | 'window_closed' | 'waived' | 'limit';

/** What decides whether a purchase may be refunded, as the database holds it. */
export interface RefundFacts {
  status: string;
  refundableUntil: Date | null;
  /** The buyer ticked the EU waiver at checkout and a lecture has been opened since the purchase. */
  waiverUsed: boolean;
  /** Refunds the buyer asked for in the last REFUND_ABUSE_DAYS, this one excluded. */
  recentRefunds: number;
}

export type RefundEligibility = { eligible: true } | { eligible: false; reason: RefundRefusal };

/**
 * Whether the buyer may give the course back now: the one rule the refund endpoint applies and My
 * Courses shows (the button, or the reason in its place). Checked in this order, so the reason
 * named is the one that would still hold once the others were lifted least.
 */
export function refundEligibility(facts: RefundFacts, now: Date): RefundEligibility {
  if (facts.status === 'refund_pending' || facts.status === 'refunded')
    return { eligible: false, reason: 'already_asked' };
  if (facts.status !== 'completed') return { eligible: false, reason: 'not_paid' };
  if (!isRefundable(facts.refundableUntil, now))
    return { eligible: false, reason: 'window_closed' };
  if (facts.waiverUsed) return { eligible: false, reason: 'waived' };
  if (facts.recentRefunds >= REFUND_ABUSE_LIMIT) return { eligible: false, reason: 'limit' };
  return { eligible: true };
}

/**
 * Each refusal in the buyer's words (pt-BR, 'você'): the refund endpoint's message and the line My
 * Courses shows where the button would be.
 */
export const REFUND_REFUSAL_MESSAGES: Record<RefundRefusal, string> = {
  already_asked: 'O reembolso desta compra já foi pedido',
  not_paid: 'Só uma compra paga pode ser reembolsada',
  window_closed:
    'A garantia desta compra terminou, e o reembolso não pode mais ser pedido por aqui. Se precisar de ajuda, fale com o suporte.',
  waived:
    'Você pediu para começar o curso na hora e reconheceu que perderia o direito de livre resolução: como uma aula já foi aberta, este curso não pode mais ser reembolsado por aqui.',
  limit: `Você pediu mais de ${REFUND_ABUSE_LIMIT - 1} reembolsos nos últimos ${REFUND_ABUSE_DAYS} dias: para este, fale com o suporte pela página de contato.`,
};
