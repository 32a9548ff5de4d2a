import type { Db } from '../../db/client';
import { abandonPendingBefore } from './lifecycle/purchase-lifecycle';
import type { Logger } from '../../logger';

/**
 * A checkout nobody paid for within this long is abandoned. Stripe closes a Checkout Session 24 h
 * after it opens, so an hour more leaves no session that could still be paid; a Stripe payment
 * confirmed later anyway still completes the purchase (it wins over an expiry, see completePurchase).
 */
export const ABANDONED_PURCHASE_AFTER_MS = 25 * 60 * 60 * 1000;

/** The scheduled sweep (modules/jobs/schedules.ts runs it once per period across instances). */
export async function sweepAbandonedPurchases(
  deps: { database: { db: Db }; logger: Logger },
  now = new Date(),
): Promise<number> {
  // A checkout pending that long is abandoned: the buyer's next 'Comprar' opens a fresh one.
  const count = await abandonPendingBefore(
    deps.database.db,
    new Date(now.getTime() - ABANDONED_PURCHASE_AFTER_MS),
  );
  if (count > 0) deps.logger.info({ count }, 'abandoned pending purchases expired');
  return count;
}
