import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { OPEN_PURCHASE_STATUSES } from '@aprendiz/contract/payments';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { processedEvents } from '../../db/schema/processed-events';
import { purchases, type PurchaseRow } from '../../db/schema/purchases';
import { users } from '../../db/schema/users';

export interface NewPurchase {
  userId: string;
  courseId: string;
  /** Decimal string with two places, e.g. '16.99'. */
  amount: string;
  currency: string;
  provider: PurchaseRow['provider'];
  /** Set for a voucher attempt, opened directly as awaiting_payment. */
  status?: PurchaseRow['status'];
  method?: PurchaseRow['method'];
  expiresAt?: Date;
  /** With a coupon: the price it was taken off, and the coupon. */
  listAmount?: string;
  couponId?: string;
  euWaiverAt?: Date;
}

export interface PurchaseViewRow {
  id: string;
  userId: string;
  status: PurchaseRow['status'];
  provider: PurchaseRow['provider'];
  amount: string;
  currency: string;
  courseId: string;
  courseTitle: string;
  educatorName: string;
}

/**
 * Opens a purchase unless the buyer already has one open for the course (the partial unique index
 * purchases_one_open_per_course). A concurrent opener's insert waits here until that transaction
 * ends; null means an open purchase exists (or just appeared), so read it instead.
 */
export async function insertOpenPurchase(
  db: Db,
  purchase: NewPurchase,
): Promise<PurchaseRow | null> {
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

/** The buyer's open purchase of the course, locked until the transaction ends. */
export async function lockOpenPurchase(
  tx: Db,
  userId: string,
  courseId: string,
): Promise<PurchaseRow | null> {
  const [row] = await tx
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        eq(purchases.courseId, courseId),
        inArray(purchases.status, OPEN_PURCHASE_STATUSES),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function setPurchaseCheckout(
  db: Db,
  purchaseId: string,
  checkout: { url: string; providerRef: string | null },
): Promise<void> {
  await db
    .update(purchases)
    .set({ checkoutUrl: checkout.url, providerRef: checkout.providerRef })
    .where(eq(purchases.id, purchaseId));
}

export async function setPurchaseWaiver(
  db: Db,
  purchaseId: string,
  at: Date | null,
): Promise<void> {
  await db.update(purchases).set({ euWaiverAt: at }).where(eq(purchases.id, purchaseId));
}

export async function findPurchase(db: Db, purchaseId: string): Promise<PurchaseRow | null> {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, purchaseId)).limit(1);
  return row ?? null;
}

export async function findPurchaseView(
  db: Db,
  purchaseId: string,
): Promise<PurchaseViewRow | null> {
  const [row] = await db
    .select({
      id: purchases.id,
      userId: purchases.userId,
      status: purchases.status,
      provider: purchases.provider,
      amount: purchases.amount,
      currency: purchases.currency,
      courseId: purchases.courseId,
      courseTitle: courses.title,
      educatorName: users.name,
    })
    .from(purchases)
    .innerJoin(courses, eq(courses.id, purchases.courseId))
    .innerJoin(users, eq(users.id, courses.educatorId))
    .where(eq(purchases.id, purchaseId))
    .limit(1);
  return row ?? null;
}

/** Holds the purchase row until the transaction ends, so two completions run one after the other. */
export async function lockPurchase(tx: Db, purchaseId: string): Promise<PurchaseRow | null> {
  const [row] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for('update');
  return row ?? null;
}

export async function markPurchaseCompleted(tx: Db, purchaseId: string): Promise<void> {
  await tx
    .update(purchases)
    .set({ status: 'completed', completedAt: sql`now()` })
    .where(eq(purchases.id, purchaseId));
}

/**
 * Only a pending purchase can fail; a completed one stays completed. With `provider`, only a
 * purchase made through it. True when it changed.
 */
export async function markPurchaseFailed(
  db: Db,
  purchaseId: string,
  provider?: PurchaseRow['provider'],
): Promise<boolean> {
  const changed = await db
    .update(purchases)
    .set({ status: 'failed' })
    .where(
      and(
        eq(purchases.id, purchaseId),
        eq(purchases.status, 'pending'),
        provider ? eq(purchases.provider, provider) : undefined,
      ),
    )
    .returning({ id: purchases.id });
  return changed.length > 0;
}

/**
 * Expires a purchase still awaiting its money through `provider`: with a `deadline`, only one whose
 * expiry is before it; without, at once (the provider closed the attempt unpaid). True when this
 * call did it.
 */
export async function markPurchaseExpired(
  db: Db,
  purchaseId: string,
  provider: PurchaseRow['provider'],
  deadline?: Date,
): Promise<boolean> {
  const changed = await db
    .update(purchases)
    .set({ status: 'expired' })
    .where(
      and(
        eq(purchases.id, purchaseId),
        eq(purchases.provider, provider),
        eq(purchases.status, 'awaiting_payment'),
        deadline ? lt(purchases.expiresAt, deadline) : undefined,
      ),
    )
    .returning({ id: purchases.id });
  return changed.length > 0;
}

/** Paid for a course the buyer already had: the money is owed back and never counts as revenue. */
export async function markPurchaseRefundPending(tx: Db, purchaseId: string): Promise<void> {
  await tx.update(purchases).set({ status: 'refund_pending' }).where(eq(purchases.id, purchaseId));
}

/** True when this call moved it from refund_pending; a concurrent settlement makes it false. */
export async function markPurchaseRefunded(db: Db, purchaseId: string): Promise<boolean> {
  const changed = await db
    .update(purchases)
    .set({ status: 'refunded', refundedAt: sql`now()` })
    .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'refund_pending')))
    .returning({ id: purchases.id });
  return changed.length > 0;
}

/** False when the event was already recorded: a replay, or a concurrent duplicate delivery. */
export async function recordProcessedEvent(
  tx: Db,
  provider: string,
  eventId: string,
): Promise<boolean> {
  const recorded = await tx
    .insert(processedEvents)
    .values({ provider, eventId })
    .onConflictDoNothing()
    .returning({ eventId: processedEvents.eventId });
  return recorded.length > 0;
}

/**
 * The Stripe checkouts still open on a course nobody has joined, if `educatorId` made it: pending,
 * with a session, younger than a session's 24 h life.
 */
export async function findOpenStripeCheckouts(
  db: Db,
  courseId: string,
  educatorId: string,
): Promise<{ id: string; sessionId: string }[]> {
  const rows = await db
    .select({ id: purchases.id, sessionId: purchases.providerRef })
    .from(purchases)
    .innerJoin(courses, eq(courses.id, purchases.courseId))
    .where(
      and(
        eq(purchases.courseId, courseId),
        eq(courses.educatorId, educatorId),
        eq(courses.studentCount, 0),
        eq(purchases.status, 'pending'),
        eq(purchases.provider, 'stripe'),
        sql`${purchases.providerRef} is not null`,
        sql`${purchases.createdAt} > now() - interval '24 hours'`,
      ),
    );
  return rows.flatMap((row) => (row.sessionId ? [{ id: row.id, sessionId: row.sessionId }] : []));
}

/** The purchase whose current or past attempt the provider knows by `providerRef`. */
export async function findPurchaseByProviderRef(
  db: Db,
  provider: PurchaseRow['provider'],
  providerRef: string,
): Promise<PurchaseRow | null> {
  const [row] = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.provider, provider), eq(purchases.providerRef, providerRef)))
    .limit(1);
  return row ?? null;
}
