import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { couponRedemptions, coupons, type CouponRow } from '../../db/schema/coupons';
import { courses } from '../../db/schema/courses';

export type NewCouponRow = typeof coupons.$inferInsert;

/** Null when the course already has a coupon with this code (ignoring case and accents). */
export async function insertCoupon(db: Db, coupon: NewCouponRow): Promise<CouponRow | null> {
  const [row] = await db.insert(coupons).values(coupon).onConflictDoNothing().returning();
  return row ?? null;
}

export async function listCourseCoupons(db: Db, courseId: string): Promise<CouponRow[]> {
  return db
    .select()
    .from(coupons)
    .where(eq(coupons.courseId, courseId))
    .orderBy(desc(coupons.createdAt), desc(coupons.id));
}

export async function findCoupon(
  db: Db,
  courseId: string,
  codeKey: string,
): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.courseId, courseId), eq(coupons.codeKey, codeKey)))
    .limit(1);
  return row ?? null;
}

export async function deleteCoupon(db: Db, courseId: string, codeKey: string): Promise<boolean> {
  const gone = await db
    .delete(coupons)
    .where(and(eq(coupons.courseId, courseId), eq(coupons.codeKey, codeKey)))
    .returning({ id: coupons.id });
  return gone.length > 0;
}

/** True when the course exists and `educatorId` made it. */
/** The course's title when `educatorId` owns it; null otherwise. */
export async function ownCourseTitle(
  db: Db,
  courseId: string,
  educatorId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ title: courses.title })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.educatorId, educatorId)))
    .limit(1);
  return row?.title ?? null;
}

/**
 * Takes one use of the coupon if its cap allows: a single UPDATE whose condition and the table's
 * check constraint hold the cap however many buyers arrive at once (each waits on the row lock and
 * then sees the count the one before left). False when the cap is reached.
 */
export async function takeCouponUse(tx: Db, couponId: string): Promise<boolean> {
  const taken = await tx
    .update(coupons)
    .set({ redemptionCount: sql`${coupons.redemptionCount} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        sql`(${coupons.maxRedemptions} is null or ${coupons.redemptionCount} < ${coupons.maxRedemptions})`,
      ),
    )
    .returning({ id: coupons.id });
  return taken.length > 0;
}

/** False when this learner already holds a use of a one-per-learner coupon (the partial unique index). */
export async function insertRedemption(
  tx: Db,
  redemption: {
    couponId: string;
    userId: string;
    purchaseId: string | null;
    onePerLearner: boolean;
  },
): Promise<boolean> {
  const rows = await tx
    .insert(couponRedemptions)
    .values(redemption)
    .onConflictDoNothing()
    .returning({ id: couponRedemptions.id });
  return rows.length > 0;
}

export async function hasLiveRedemption(
  tx: Db,
  couponId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        eq(couponRedemptions.userId, userId),
        isNull(couponRedemptions.releasedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findCouponById(tx: Db, couponId: string): Promise<CouponRow | null> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).limit(1);
  return row ?? null;
}

export type RedemptionRow = typeof couponRedemptions.$inferSelect;

export async function findPurchaseRedemption(
  tx: Db,
  purchaseId: string,
): Promise<RedemptionRow | null> {
  const [row] = await tx
    .select()
    .from(couponRedemptions)
    .where(eq(couponRedemptions.purchaseId, purchaseId))
    .limit(1);
  return row ?? null;
}

/** Marks the purchase's use live again; the caller has taken it on the coupon (takeCouponUse). */
export async function reopenRedemption(tx: Db, redemptionId: string): Promise<void> {
  await tx
    .update(couponRedemptions)
    .set({ releasedAt: null })
    .where(eq(couponRedemptions.id, redemptionId));
}

/** Gives back the purchase's live use, if it holds one: the same as the expiry trigger does. */
export async function releaseRedemption(tx: Db, purchaseId: string): Promise<void> {
  const released = await tx
    .update(couponRedemptions)
    .set({ releasedAt: sql`now()` })
    .where(and(eq(couponRedemptions.purchaseId, purchaseId), isNull(couponRedemptions.releasedAt)))
    .returning({ couponId: couponRedemptions.couponId });
  for (const { couponId } of released)
    await tx
      .update(coupons)
      .set({ redemptionCount: sql`${coupons.redemptionCount} - 1` })
      .where(eq(coupons.id, couponId));
}
