import type Stripe from 'stripe';
import { uuidSchema } from '@aprendiz/contract/common';
import type { AppDeps } from '../../deps';
import { processedEvents } from '../../db/schema/processed-events';
import { completePurchase } from '../payments/payments.service';
import { markPurchaseFailed } from '../payments/payments.repository';

export type StripeEventResult = 'applied' | 'replayed' | 'ignored';

type WebhookDeps = Pick<AppDeps, 'database' | 'catalogueCache'>;

/** Our purchase id, put in the session's metadata (and client_reference_id) when it was created. */
function purchaseIdOf(session: Stripe.Checkout.Session): string | null {
  const candidate = session.metadata?.purchaseId ?? session.client_reference_id;
  return candidate && uuidSchema.safeParse(candidate).success ? candidate : null;
}

/**
 * Applies one verified event: the event id is recorded in the same transaction as its effect, so a
 * replay (or a concurrent duplicate delivery) changes nothing and a failure leaves it retryable.
 */
export async function applyStripeEvent(
  deps: WebhookDeps,
  event: Stripe.Event,
): Promise<StripeEventResult> {
  const result = await deps.database.db.transaction(
    async (tx): Promise<StripeEventResult | 'enrolled'> => {
      const recorded = await tx
        .insert(processedEvents)
        .values({ provider: 'stripe', eventId: event.id })
        .onConflictDoNothing()
        .returning({ eventId: processedEvents.eventId });
      if (recorded.length === 0) return 'replayed';

      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const session = event.data.object;
          // Delayed methods (bank debits) complete the session before the money arrives.
          if (session.payment_status === 'unpaid') return 'ignored';
          const purchaseId = purchaseIdOf(session);
          if (!purchaseId) return 'ignored';
          // The payment went through, so it wins over an earlier expiry or cancel.
          const outcome = await completePurchase(tx, purchaseId, { afterFailure: true });
          return outcome === 'completed' ? 'enrolled' : 'ignored';
        }
        case 'checkout.session.expired':
        case 'checkout.session.async_payment_failed': {
          const purchaseId = purchaseIdOf(event.data.object);
          if (!purchaseId) return 'ignored';
          return (await markPurchaseFailed(tx, purchaseId)) ? 'applied' : 'ignored';
        }
        default:
          return 'ignored';
      }
    },
  );
  if (result === 'enrolled') {
    deps.catalogueCache.invalidate();
    return 'applied';
  }
  return result;
}
