/**
 * The guarantee: the days after a paid purchase during which the buyer may ask for the money back
 * by themselves. Brazil's consumer code gives at least 7 days to withdraw from a purchase made at a
 * distance; the educator may offer more, up to 30 (as the large course marketplaces do).
 */
export const GUARANTEE_DAYS_MIN = 7;
export const GUARANTEE_DAYS_MAX = 30;
export const GUARANTEE_DAYS_DEFAULT = 7;

/*
 * The refund deadline itself (the course's guarantee days, at least EU_WITHDRAWAL_DAYS in euros,
 * from the completion) is fixed by the database when a purchase completes, whoever completes it:
 * server/src/db/rules/refund-deadline.sql is its one statement, and purchases.refundable_until holds it.
 */

/** True while the buyer may still ask for the money back: before the purchase's refund deadline. */
export function isRefundable(refundableUntil: Date | null, now: Date): boolean {
  return refundableUntil !== null && now.getTime() < refundableUntil.getTime();
}

/** 'Garantia de 7 dias': how the course page names it. */
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
