import { AppError, badRequest } from '../../http/errors';
import { findPurchase, recordProcessedEvent } from './payments.repository';
import {
  awaitStripePayment,
  completeStripeSession,
  failStripePurchase,
  REFUND_DELAYED,
  settleSecondPayment,
  settleStripeRefund,
  type StripeAttemptDeps,
} from './stripe-attempts';
import { sessionActionOf, stripeEventSchema } from './stripe-event';

export type StripeEventResult = 'applied' | 'refunded' | 'replayed' | 'ignored';

export interface AppliedStripeEvent {
  eventId: string;
  type: string;
  result: StripeEventResult;
}

export const INVALID_EVENT = 'Evento do Stripe inválido';
/** A paid session whose purchase is gone (its course was deleted, say): the money goes back. */
class UnknownPurchase extends Error {}

/**
 * Refunds a paid session naming a purchase this database does not have, then records the event.
 * Nothing is recorded until the refund is made, so when Stripe cannot refund now, its next
 * delivery of the event tries again. A session opened by another deployment on the same Stripe
 * account (its metadata names another origin) is that deployment's business: recorded and left.
 */
async function refundUnknownPurchase(
  deps: WebhookDeps,
  eventId: string,
  action: { purchaseId: string; sessionId: string; origin: string | null },
): Promise<StripeEventResult> {
  const db = deps.database.db;
  // A purchase of the sandbox is not one Stripe could have charged for: a forged or stray event.
  const foreign = action.origin !== null && action.origin !== deps.config.publicUrl;
  if (!foreign && (await findPurchase(db, action.purchaseId))) {
    return (await recordProcessedEvent(db, 'stripe', eventId)) ? 'ignored' : 'replayed';
  }
  if (foreign) {
    deps.logger.warn(
      { eventId, purchaseId: action.purchaseId, origin: action.origin },
      'paid checkout of another deployment; left to it',
    );
    return (await recordProcessedEvent(db, 'stripe', eventId)) ? 'ignored' : 'replayed';
  }
  deps.logger.error(
    { eventId, purchaseId: action.purchaseId, sessionId: action.sessionId },
    'paid checkout for an unknown purchase: refunding it',
  );
  try {
    await deps.payments.refundCheckout(action);
  } catch (err) {
    deps.logger.error(
      { err, purchaseId: action.purchaseId },
      'refund of an unknown purchase failed; the next delivery tries again',
    );
    throw new AppError('UNAVAILABLE', REFUND_DELAYED, { cause: err });
  }
  await recordProcessedEvent(db, 'stripe', eventId);
  return 'refunded';
}

type WebhookDeps = StripeAttemptDeps;

/**
 * Applies one signed event: the event id is recorded in the same transaction as its effect, so a
 * replay (or a concurrent duplicate delivery) changes nothing and a failure leaves it retryable.
 * An event that is not an event at all is refused (400); a readable event we cannot act on is
 * recorded and ignored, so Stripe stops sending it.
 */
export async function applyStripeEvent(
  deps: WebhookDeps,
  payload: unknown,
): Promise<AppliedStripeEvent> {
  const parsed = stripeEventSchema.safeParse(payload);
  if (!parsed.success) throw badRequest(INVALID_EVENT);
  const event = parsed.data;
  const action = sessionActionOf(event);
  if (action.kind === 'ignore' && action.reason === 'malformed session') {
    deps.logger.warn(
      { eventId: event.id, type: event.type },
      'stripe event with a malformed session',
    );
  }

  const applyInTransaction = deps.database.db.transaction(
    async (tx): Promise<StripeEventResult> => {
      if (!(await recordProcessedEvent(tx, 'stripe', event.id))) return 'replayed';
      switch (action.kind) {
        case 'complete': {
          const outcome = await completeStripeSession(
            deps,
            tx,
            action.purchaseId,
            action.sessionId,
          );
          // Rolls the event's record back: it is recorded once the money is returned.
          if (outcome === 'missing') throw new UnknownPurchase();
          return outcome === 'completed' ? 'applied' : 'ignored';
        }
        case 'await':
          return (await awaitStripePayment(tx, {
            ...action,
            issuedAt: action.issuedAt ?? new Date(),
          }))
            ? 'applied'
            : 'ignored';
        case 'fail':
          return (await failStripePurchase(tx, action)) ? 'applied' : 'ignored';
        case 'ignore':
          return 'ignored';
      }
    },
  );
  let result: StripeEventResult;
  try {
    result = await applyInTransaction;
  } catch (err) {
    if (!(err instanceof UnknownPurchase) || action.kind !== 'complete') throw err;
    return {
      eventId: event.id,
      type: event.type,
      result: await refundUnknownPurchase(deps, event.id, action),
    };
  }

  const applied: AppliedStripeEvent = { eventId: event.id, type: event.type, result };
  if (action.kind !== 'complete') return applied;
  if (result === 'applied') deps.catalogueCache.invalidate();
  if (await settleStripeRefund(deps, action.purchaseId, action.sessionId))
    applied.result = 'refunded';
  if (await settleSecondPayment(deps, action.sessionId)) applied.result = 'refunded';
  return applied;
}
