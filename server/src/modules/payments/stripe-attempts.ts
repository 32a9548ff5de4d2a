import { and, eq, inArray } from 'drizzle-orm';
import type { PaymentMethod } from '@aprendiz/contract/payments';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { purchases, type PurchaseRow } from '../../db/schema/purchases';
import { AppError } from '../../http/errors';
import type { StripeCheckoutState, StripePayments } from '../../providers/payment-provider';
import { isVoucherMethod, voucherExpiry } from './payment-methods';
import {
  findPurchase,
  lockPurchase,
  markPurchaseExpired,
  markPurchaseRefunded,
} from './payments.repository';
import { completePurchase, type CompletionRules } from './payments.service';

// A Stripe Checkout paid with a delayed method (a boleto, a Multibanco reference, an MB WAY push)
// lives on after the buyer leaves it: awaiting its money, completed by Stripe's word (the webhook or
// reconciliation asking for the session), expired when that word stays 'unpaid' past its time.

export type StripeAttemptDeps = Pick<
  AppDeps,
  'config' | 'database' | 'catalogueCache' | 'logger' | 'jobs'
> & { payments: StripePayments };

/** The money was taken: it completes a purchase expired meanwhile, and is owed back to a buyer who had the course. */
export const STRIPE_COMPLETION: CompletionRules = {
  provider: 'stripe',
  afterFailure: true,
  whenAlreadyEnrolled: 'refund_pending',
};

export const REFUND_DELAYED =
  'O reembolso não pôde ser feito agora; será tentado de novo na próxima entrega do evento';

/**
 * Gives back the money of a purchase held as refund_pending (paid for a course its buyer already
 * had). It runs on every delivery of a completion event, replays included: when Stripe cannot
 * refund now, the 503 makes Stripe deliver the event again later (for up to three days), and that
 * delivery tries again. True when this call marked the purchase refunded.
 */
export async function settleStripeRefund(
  deps: StripeAttemptDeps,
  purchaseId: string,
  sessionId: string,
): Promise<boolean> {
  const db = deps.database.db;
  const purchase = await findPurchase(db, purchaseId);
  if (purchase?.status !== 'refund_pending') return false;
  try {
    await deps.payments.refundCheckout({ purchaseId, sessionId });
  } catch (err) {
    deps.logger.error(
      { err, purchaseId },
      'refund failed; it stays pending until the next delivery',
    );
    throw new AppError('UNAVAILABLE', REFUND_DELAYED, { cause: err });
  }
  return markPurchaseRefunded(db, purchaseId);
}

/**
 * The method the buyer is paying with: the one chosen before Checkout, else the session's only
 * delayed method. A session offering several does not say which was taken, so the expiry is the
 * latest of theirs: reconciliation expires nothing before Stripe says unpaid anyway.
 */
function awaitedMethod(
  purchase: PurchaseRow,
  offered: PaymentMethod[],
  issuedAt: Date,
): { method: PaymentMethod | null; expiresAt: Date } | null {
  if (purchase.method && isVoucherMethod(purchase.method))
    return { method: purchase.method, expiresAt: voucherExpiry(purchase.method, issuedAt) };
  const delayed = [...new Set(offered.filter(isVoucherMethod))];
  const expiries = delayed.map((method) => voucherExpiry(method, issuedAt).getTime());
  if (expiries.length === 0) return null;
  return {
    method: delayed.length === 1 ? delayed[0]! : null,
    expiresAt: new Date(Math.max(...expiries)),
  };
}

/**
 * checkout.session.completed, unpaid: the purchase of that session moves from pending to
 * awaiting_payment, with its method and the method's expiry counted from `issuedAt`. Only the
 * purchase's current session does it, once: a replay, a late event of a session since replaced, or
 * one arriving after the payment (Stripe does not promise the order) changes nothing.
 */
export async function awaitStripePayment(
  tx: Db,
  session: { purchaseId: string; sessionId: string; methods: PaymentMethod[]; issuedAt: Date },
): Promise<boolean> {
  const purchase = await lockPurchase(tx, session.purchaseId);
  if (
    purchase?.provider !== 'stripe' ||
    purchase.status !== 'pending' ||
    purchase.providerRef !== session.sessionId
  )
    return false;
  const awaited = awaitedMethod(purchase, session.methods, session.issuedAt);
  if (!awaited) return false;
  await tx
    .update(purchases)
    .set({ status: 'awaiting_payment', method: awaited.method, expiresAt: awaited.expiresAt })
    .where(eq(purchases.id, purchase.id));
  return true;
}

/**
 * A Stripe purchase whose money was refused, or whose session closed unpaid; true when it changed.
 * Only the purchase's current session does it: a buyer who left one session and tried again (another
 * method, a new session on the same purchase) is not failed when the first one expires.
 */
export async function failStripePurchase(
  db: Db,
  session: { purchaseId: string; sessionId: string },
): Promise<boolean> {
  const changed = await db
    .update(purchases)
    .set({ status: 'failed' })
    .where(
      and(
        eq(purchases.id, session.purchaseId),
        eq(purchases.provider, 'stripe'),
        eq(purchases.providerRef, session.sessionId),
        inArray(purchases.status, ['pending', 'awaiting_payment']),
      ),
    )
    .returning({ id: purchases.id });
  return changed.length > 0;
}

/**
 * Asks Stripe for the session of an awaiting purchase (its webhook may have been lost): paid
 * completes it through the webhook's own path, a session Stripe closed unpaid expires it, and one
 * still unpaid past `expiresAt + graceMs` expires too. Anything else is left for the next run.
 */
export async function reconcileStripeAttempt(
  deps: StripeAttemptDeps,
  row: PurchaseRow,
  now: Date,
  graceMs: number,
): Promise<StripeCheckoutState | 'skipped'> {
  if (row.status !== 'awaiting_payment' || row.provider !== 'stripe' || !row.providerRef)
    return 'skipped';
  const state = await deps.payments.checkoutState(row.providerRef);
  if (state === 'paid') {
    const outcome = await completePurchase(deps.database.db, deps.jobs, row.id, STRIPE_COMPLETION);
    if (outcome === 'completed') deps.catalogueCache.invalidate();
    await settleStripeRefund(deps, row.id, row.providerRef);
  } else if (state === 'expired') await markPurchaseExpired(deps.database.db, row.id, 'stripe');
  else {
    const deadline = new Date(now.getTime() - graceMs);
    await markPurchaseExpired(deps.database.db, row.id, 'stripe', deadline);
  }
  return state;
}
