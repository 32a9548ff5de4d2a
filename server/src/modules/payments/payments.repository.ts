import type { EducatorTitle } from '@aprendiz/contract/rules/educator-title';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { OPEN_PURCHASE_STATUSES, type PurchaseView } from '@aprendiz/contract/payments';
import type { Db } from '../../db/client';
import { coupons } from '../../db/schema/coupons';
import { courses } from '../../db/schema/courses';
import { processedEvents } from '../../db/schema/processed-events';
import { purchases, type PurchaseRow } from '../../db/schema/purchases';
import { users } from '../../db/schema/users';

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
  educatorTitle: EducatorTitle;
  coursePrice: string;
  discount: number;
  listAmount: string | null;
  couponCode: string | null;
}

/** The buyer's view of a purchase, as every payments answer gives it. */
export function toPurchaseView(row: PurchaseViewRow): PurchaseView {
  return {
    _id: row.id,
    status: row.status,
    amount: Number(row.amount),
    currency: row.currency,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    educatorName: row.educatorName,
    educatorTitle: row.educatorTitle,
    coursePrice: Number(row.coursePrice),
    discount: row.discount,
    listAmount: row.listAmount === null ? null : Number(row.listAmount),
    couponCode: row.couponCode,
  };
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
      educatorTitle: users.educatorTitle,
      coursePrice: courses.price,
      discount: courses.discount,
      listAmount: purchases.listAmount,
      couponCode: coupons.code,
    })
    .from(purchases)
    .innerJoin(courses, eq(courses.id, purchases.courseId))
    .innerJoin(users, eq(users.id, courses.educatorId))
    .leftJoin(coupons, eq(coupons.id, purchases.couponId))
    .where(eq(purchases.id, purchaseId))
    .limit(1);
  return row ?? null;
}

/**
 * Takes the purchase's switch hold until `until`, unless another switch holds it: the row as it is
 * now, or null. One short statement, so no transaction stays open while the provider is called.
 */
export async function claimMethodSwitch(
  db: Db,
  purchaseId: string,
  now: Date,
  until: Date,
): Promise<PurchaseRow | null> {
  const [row] = await db
    .update(purchases)
    .set({ switchingUntil: until })
    .where(
      and(
        eq(purchases.id, purchaseId),
        or(isNull(purchases.switchingUntil), lt(purchases.switchingUntil, now)),
      ),
    )
    .returning();
  return row ?? null;
}

/** Gives the hold back, unless it lapsed and another switch holds it now. */
export async function releaseMethodSwitch(db: Db, purchaseId: string, until: Date): Promise<void> {
  await db
    .update(purchases)
    .set({ switchingUntil: null })
    .where(and(eq(purchases.id, purchaseId), eq(purchases.switchingUntil, until)));
}

/** Holds the purchase row until the transaction ends, so two completions run one after the other. */
export async function lockPurchase(tx: Db, purchaseId: string): Promise<PurchaseRow | null> {
  const [row] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for('update');
  return row ?? null;
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
