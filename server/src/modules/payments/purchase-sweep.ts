import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { purchases } from '../../db/schema/purchases';
import type { Logger } from '../../logger';

/**
 * A checkout nobody paid for within this long is abandoned. Stripe closes a Checkout Session 24 h
 * after it opens, so an hour more leaves no session that could still be paid; a Stripe payment
 * confirmed later anyway still completes the purchase (it wins over an expiry, see completePurchase).
 */
export const ABANDONED_PURCHASE_AFTER_MS = 25 * 60 * 60 * 1000;

/**
 * Marks every purchase still pending since before `olderThan` as failed, so the buyer's next
 * 'Comprar' opens a fresh checkout and the educator's figures never count it. Answers how many.
 */
export async function expireAbandonedPurchases(db: Db, olderThan: Date): Promise<number> {
  const expired = await db
    .update(purchases)
    .set({ status: 'failed' })
    .where(and(eq(purchases.status, 'pending'), lt(purchases.createdAt, olderThan)))
    .returning({ id: purchases.id });
  return expired.length;
}

/** The scheduled sweep (modules/jobs/schedules.ts runs it once per period across instances). */
export async function sweepAbandonedPurchases(
  deps: { database: { db: Db }; logger: Logger },
  now = new Date(),
): Promise<number> {
  const count = await expireAbandonedPurchases(
    deps.database.db,
    new Date(now.getTime() - ABANDONED_PURCHASE_AFTER_MS),
  );
  if (count > 0) deps.logger.info({ count }, 'abandoned pending purchases expired');
  return count;
}
