import { needsManualRefund, type PaymentMethod } from '@aprendiz/contract/payments';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import type { PurchaseRow } from '../../db/schema/purchases';
import { AppError, conflict } from '../../http/errors';
import type { StripeCheckoutState, StripePayments } from './providers/payment-provider';
import { isVoucherMethod, voucherExpiry } from './payment-methods';
import { findPurchase, lockPurchase } from './payments.repository';
import { applyPurchaseSignal } from './lifecycle/purchase-lifecycle';
import { completePurchase, type CompletionOutcome, type CompletionRules } from './payments.service';
import {
  findUnrefundedDuplicate,
  markDuplicateRefunded,
  recordDuplicatePayment,
} from './refunds.repository';

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
  // Another session's money is a second payment (settleSecondPayment), not this purchase's own.
  if (purchase.paidRef && purchase.paidRef !== sessionId) return false;
  // A boleto cannot be refunded through Stripe: it waits on the operators' list.
  if (needsManualRefund(purchase.provider, purchase.method)) return false;
  try {
    await deps.payments.refundCheckout({ purchaseId, sessionId });
  } catch (err) {
    deps.logger.error(
      { err, purchaseId },
      'refund failed; it stays pending until the next delivery',
    );
    throw new AppError('UNAVAILABLE', REFUND_DELAYED, { cause: err });
  }
  return (await applyPurchaseSignal(db, purchaseId, { type: 'refund_settled' })) !== null;
}

/** The completion rules of money taken by one session: the purchase keeps which one was paid. */
export function stripeCompletion(sessionId: string): CompletionRules {
  return { ...STRIPE_COMPLETION, paidRef: sessionId };
}

/**
 * Completes the purchase whose session `sessionId` took money, in `db` (the webhook's transaction,
 * or on its own): a second paid session of a purchase already paid through another is recorded,
 * to be given back by settleSecondPayment.
 */
export async function completeStripeSession(
  deps: StripeAttemptDeps,
  db: Db,
  purchaseId: string,
  sessionId: string,
): Promise<CompletionOutcome> {
  const outcome = await completePurchase(db, deps.jobs, purchaseId, stripeCompletion(sessionId));
  if (outcome === 'paid-twice') {
    deps.logger.error({ purchaseId, sessionId }, 'a purchase paid twice: refunding the second');
    await recordDuplicatePayment(db, { providerRef: sessionId, purchaseId, provider: 'stripe' });
  }
  return outcome;
}

/**
 * Gives back a recorded second payment through Stripe, on every delivery of its event (replays
 * included), like settleStripeRefund: a 503 makes Stripe deliver again. True when this call did.
 */
export async function settleSecondPayment(
  deps: StripeAttemptDeps,
  sessionId: string,
): Promise<boolean> {
  const db = deps.database.db;
  const owed = await findUnrefundedDuplicate(db, sessionId);
  if (!owed) return false;
  try {
    await deps.payments.refundCheckout({
      purchaseId: owed.purchaseId,
      sessionId,
      reason: 'duplicate',
      secondPayment: true,
    });
  } catch (err) {
    deps.logger.error(
      { err, purchaseId: owed.purchaseId, sessionId },
      'second payment refund failed',
    );
    throw new AppError('UNAVAILABLE', REFUND_DELAYED, { cause: err });
  }
  await markDuplicateRefunded(db, sessionId);
  return true;
}

export const SWITCH_UNAVAILABLE =
  'Não foi possível fechar o pagamento em curso agora. Tente de novo daqui a pouco.';

/**
 * Before a purchase is given another session, its current one is expired at Stripe, so only one is
 * ever payable. A session the buyer paid meanwhile cannot be expired: the purchase is completed
 * with it (through the webhook's own path) and the switch refused (409).
 */
export async function closeStripeSession(
  deps: StripeAttemptDeps,
  purchase: PurchaseRow,
  alreadyPaid: string,
): Promise<void> {
  if (purchase.provider !== 'stripe' || !purchase.providerRef) return;
  let state: 'expired' | 'paid';
  try {
    state = await deps.payments.expireCheckout(purchase.providerRef);
  } catch (err) {
    deps.logger.warn(
      { err, purchaseId: purchase.id },
      'checkout could not be expired for a switch',
    );
    throw new AppError('UNAVAILABLE', SWITCH_UNAVAILABLE, { cause: err });
  }
  if (state === 'expired') return;
  const outcome = await completeStripeSession(
    deps,
    deps.database.db,
    purchase.id,
    purchase.providerRef,
  );
  if (outcome === 'completed') deps.catalogueCache.invalidate();
  await settleStripeRefund(deps, purchase.id, purchase.providerRef);
  await settleSecondPayment(deps, purchase.providerRef);
  throw conflict(alreadyPaid);
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
  const applied = await applyPurchaseSignal(tx, purchase.id, {
    type: 'awaiting_money',
    method: awaited.method,
    expiresAt: awaited.expiresAt,
  });
  return applied !== null;
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
  const failed = await applyPurchaseSignal(
    db,
    session.purchaseId,
    { type: 'refused' },
    { provider: 'stripe', providerRef: session.sessionId },
  );
  return failed !== null;
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
    const outcome = await completeStripeSession(deps, deps.database.db, row.id, row.providerRef);
    if (outcome === 'completed') deps.catalogueCache.invalidate();
    await settleStripeRefund(deps, row.id, row.providerRef);
    await settleSecondPayment(deps, row.providerRef);
  } else if (state === 'expired')
    await applyPurchaseSignal(deps.database.db, row.id, { type: 'lapsed' }, { provider: 'stripe' });
  else {
    const deadline = new Date(now.getTime() - graceMs);
    await applyPurchaseSignal(
      deps.database.db,
      row.id,
      { type: 'lapsed' },
      { provider: 'stripe', expiresBefore: deadline },
    );
  }
  return state;
}
