import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  OPEN_PURCHASE_STATUSES,
  type PaymentMethod,
  type PurchaseStatus,
} from '@aprendiz/contract/payments';
import { decimalAmount, toMinorUnits, type Currency } from '@aprendiz/contract/rules/currency';
import { platformFeeMinor } from '@aprendiz/contract/rules/platform-fee';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { purchases, type PurchaseRow } from '../../../db/schema/purchases';

/**
 * A purchase's life, in one table: the only status changes there are. This module is the only code
 * that writes `purchases.status` (a test reads the source tree to keep it so); every provider's
 * word, the buyer's and the operators' reach it as a `PurchaseSignal`.
 *
 * A checkout opens pending, a voucher awaiting_payment. Money completes it; a refusal or an
 * abandoned checkout fails it; a voucher left unpaid expires. Money arriving late still completes an
 * expired or failed purchase (it was taken); any unpaid purchase may be tried again (a new attempt,
 * another method). A completed purchase given back goes refund_pending, then refunded, for good.
 * Money taken for a course its buyer already had goes straight to refund_pending.
 */
export const PURCHASE_TRANSITIONS: Readonly<Record<PurchaseStatus, readonly PurchaseStatus[]>> = {
  pending: ['awaiting_payment', 'completed', 'failed', 'refund_pending'],
  awaiting_payment: ['pending', 'completed', 'failed', 'expired', 'refund_pending'],
  expired: ['pending', 'awaiting_payment', 'completed', 'refund_pending'],
  failed: ['pending', 'awaiting_payment', 'completed', 'refund_pending'],
  completed: ['refund_pending'],
  refund_pending: ['refunded'],
  refunded: [],
};

/** How a purchase starts: a checkout without a method, or a voucher issued at once. */
export const INITIAL_PURCHASE_STATUSES = OPEN_PURCHASE_STATUSES;

export function isAllowedTransition(from: PurchaseStatus, to: PurchaseStatus): boolean {
  return from === to || PURCHASE_TRANSITIONS[from].includes(to);
}

/** What a new attempt of the same purchase (another method, today's price) writes. */
export interface PurchaseAttempt {
  amount: string;
  platformFee: string;
  listAmount: string | null;
  couponId: string | null;
  currency: string;
  method: PaymentMethod;
  provider: PurchaseRow['provider'];
  expiresAt: Date | null;
}

/**
 * Everything that moves a purchase, whoever says it: a Stripe event, a ProxyPay callback,
 * reconciliation asking a provider, 'Já paguei', the sandbox's buttons, the abandoned-checkout sweep,
 * a refund asked or settled.
 */
export type PurchaseSignal =
  /** Money arrived for it (late money included: the money is real). */
  | { type: 'paid'; paidRef: string | null }
  /** Money arrived for a course its buyer already had: it is owed back. */
  | { type: 'paid_for_owned'; paidRef: string | null }
  /** A Stripe Checkout was paid with a delayed method: its money is on the way. */
  | { type: 'awaiting_money'; method: PurchaseRow['method']; expiresAt: Date | null }
  /** A checkout nobody will pay: abandoned, replaced, cancelled, closed with its course. */
  | { type: 'abandoned' }
  /** The provider refused the money (a push declined, a session whose payment failed). */
  | { type: 'refused' }
  /** The provider could not make the attempt's checkout or voucher: there is nothing to pay. */
  | { type: 'not_issued' }
  /** The voucher ran out unpaid, on the provider's word. */
  | { type: 'lapsed' }
  /** The buyer tries again on the same purchase: another method, at today's price. */
  | { type: 'new_attempt'; voucher: boolean; attempt: PurchaseAttempt }
  /** The buyer gives the course back inside its guarantee. */
  | { type: 'refund_requested'; reason: string | null }
  /** The money went back (the provider's refund, or an operator's by hand). */
  | { type: 'refund_settled' };

export type PurchaseSignalType = PurchaseSignal['type'];

const UNPAID: readonly PurchaseStatus[] = ['pending', 'awaiting_payment', 'expired', 'failed'];

/** Each signal: the statuses it applies to, and the status it leaves. Anything else ignores it. */
export const SIGNAL_EFFECTS: Readonly<
  Record<
    PurchaseSignalType,
    { from: readonly PurchaseStatus[]; to: (s: PurchaseSignal) => PurchaseStatus }
  >
> = {
  paid: { from: UNPAID, to: () => 'completed' },
  paid_for_owned: { from: UNPAID, to: () => 'refund_pending' },
  awaiting_money: { from: ['pending'], to: () => 'awaiting_payment' },
  abandoned: { from: ['pending'], to: () => 'failed' },
  refused: { from: ['pending', 'awaiting_payment'], to: () => 'failed' },
  not_issued: { from: ['pending', 'awaiting_payment'], to: () => 'failed' },
  lapsed: { from: ['awaiting_payment'], to: () => 'expired' },
  new_attempt: {
    from: UNPAID,
    to: (s) => (s.type === 'new_attempt' && s.voucher ? 'awaiting_payment' : 'pending'),
  },
  refund_requested: { from: ['completed'], to: () => 'refund_pending' },
  refund_settled: { from: ['refund_pending'], to: () => 'refunded' },
};

/** The status `signal` leaves a purchase in `from`, or null when it does not apply there. */
export function nextStatus(from: PurchaseStatus, signal: PurchaseSignal): PurchaseStatus | null {
  const effect = SIGNAL_EFFECTS[signal.type];
  return effect.from.includes(from) ? effect.to(signal) : null;
}

/** The columns a signal writes besides the status. */
function signalColumns(signal: PurchaseSignal): PgUpdateSetSource<typeof purchases> {
  switch (signal.type) {
    case 'paid':
      return { completedAt: sql`now()`, ...(signal.paidRef ? { paidRef: signal.paidRef } : {}) };
    case 'paid_for_owned':
      return signal.paidRef ? { paidRef: signal.paidRef } : {};
    case 'awaiting_money':
      return { method: signal.method, expiresAt: signal.expiresAt };
    case 'new_attempt':
      return {
        ...signal.attempt,
        instructions: null,
        providerRef: null,
        checkoutUrl: null,
        createdAt: sql`now()`,
      };
    case 'refund_requested':
      return { refundRequestedAt: sql`now()`, refundReason: signal.reason };
    case 'refund_settled':
      return { refundedAt: sql`now()` };
    case 'abandoned':
    case 'refused':
    case 'not_issued':
    case 'lapsed':
      return {};
  }
}

/** Narrows which purchases a signal may touch: only one in these statuses, of this provider, … */
export interface SignalGuard {
  /** A subset of the signal's own statuses. */
  status?: readonly PurchaseStatus[];
  provider?: PurchaseRow['provider'];
  /** Only the attempt the provider knows by this id (a replaced session's late word changes nothing). */
  providerRef?: string;
  /** Only a voucher whose expiry is before this moment. */
  expiresBefore?: Date;
}

/**
 * The one handler of every signal: one conditional UPDATE, so a duplicate, a replay or a signal
 * arriving out of order finds the purchase elsewhere and changes nothing. Provider calls happen
 * before it, never inside the caller's row lock. Answers the row as the signal left it, or null
 * when the signal did not apply.
 */
export async function applyPurchaseSignal(
  db: Db,
  purchaseId: string,
  signal: PurchaseSignal,
  guard: SignalGuard = {},
): Promise<PurchaseRow | null> {
  const effect = SIGNAL_EFFECTS[signal.type];
  const from = guard.status ?? effect.from;
  if (from.some((status) => !effect.from.includes(status)))
    throw new Error(`signal ${signal.type} does not apply to ${from.join(', ')}`);
  const conditions: SQL[] = [eq(purchases.id, purchaseId), inArray(purchases.status, [...from])];
  if (guard.provider) conditions.push(eq(purchases.provider, guard.provider));
  if (guard.providerRef) conditions.push(eq(purchases.providerRef, guard.providerRef));
  if (guard.expiresBefore) conditions.push(lt(purchases.expiresAt, guard.expiresBefore));
  const [row] = await db
    .update(purchases)
    .set({ ...signalColumns(signal), status: effect.to(signal) })
    .where(and(...conditions))
    .returning();
  return row ?? null;
}

/**
 * The sweep's signal to many purchases at once: every checkout still pending since before
 * `olderThan` is abandoned. Answers how many.
 */
export async function abandonPendingBefore(db: Db, olderThan: Date): Promise<number> {
  const abandoned = await db
    .update(purchases)
    .set({ status: nextStatus('pending', { type: 'abandoned' })! })
    .where(and(eq(purchases.status, 'pending'), lt(purchases.createdAt, olderThan)))
    .returning({ id: purchases.id });
  return abandoned.length;
}

export interface NewPurchase {
  userId: string;
  courseId: string;
  /** Decimal string with the currency's minor digits, e.g. '16.99'. */
  amount: string;
  /** The platform's share of `amount` (rules/platform-fee), same form. */
  platformFee: string;
  currency: string;
  provider: PurchaseRow['provider'];
  /** awaiting_payment for a voucher attempt, issued at once; a checkout starts pending. */
  status?: (typeof INITIAL_PURCHASE_STATUSES)[number];
  method?: PurchaseRow['method'];
  expiresAt?: Date;
  /** With a coupon: the price it was taken off, and the coupon. */
  listAmount?: string;
  couponId?: string;
  euWaiverAt?: Date;
  /** Held until then while its checkout or voucher is asked of the provider (`switchingUntil`). */
  switchingUntil?: Date;
}

/**
 * Opens a purchase unless the buyer already has one open for the course (the partial unique index
 * purchases_one_open_per_course). A concurrent opener's insert waits here until that transaction
 * ends; null means an open purchase exists (or just appeared), so read it instead.
 */
export async function openPurchase(db: Db, purchase: NewPurchase): Promise<PurchaseRow | null> {
  const [row] = await db
    .insert(purchases)
    .values(purchase)
    .onConflictDoNothing({
      target: [purchases.userId, purchases.courseId],
      // The index's own predicate, written out, so PostgreSQL infers that index as the arbiter.
      where: sql`${purchases.status} in (${sql.raw(OPEN_PURCHASE_STATUSES.map((s) => `'${s}'`).join(', '))})`,
    })
    .returning();
  return row ?? null;
}

/** The platform's share of `amount` (a decimal string), as the purchase stores it beside it. */
export function platformFeeOf(amount: string, currency: Currency, percent: number): string {
  return decimalAmount(platformFeeMinor(toMinorUnits(Number(amount), currency), percent), currency);
}
