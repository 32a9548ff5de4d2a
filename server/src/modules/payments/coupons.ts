import type { Coupon, NewCoupon, QuoteResponse } from '@aprendiz/contract/coupons';
import { uuidSchema } from '@aprendiz/contract/common';
import { couponKey, coursePriceWithCoupon } from '@aprendiz/contract/rules/coupons';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import type { CouponRow } from '../../db/schema/coupons';
import type { PurchaseRow } from '../../db/schema/purchases';
import type { UserRow } from '../../db/schema/users';
import { badRequest, conflict, notFound } from '../../http/errors';
import { findCourseAccess, priceToPay, type CourseAccessRow } from '../courses/course-access';
import {
  deleteCoupon,
  findCoupon,
  findCouponById,
  findPurchaseRedemption,
  hasLiveRedemption,
  insertCoupon,
  insertRedemption,
  listCourseCoupons,
  ownCourseTitle,
  releaseRedemption,
  reopenRedemption,
  takeCouponUse,
} from './coupons.repository';

export const COURSE_NOT_FOUND = 'Curso não encontrado';
export const COUPON_UNKNOWN = 'Cupom inválido para este curso';
export const COUPON_NOT_STARTED = 'Este cupom ainda não está válido';
export const COUPON_EXPIRED = 'Este cupom expirou';
export const COUPON_USED_UP = 'Este cupom esgotou';
export const COUPON_ALREADY_USED = 'Você já usou este cupom';
export const COUPON_CODE_TAKEN = 'Este curso já tem um cupom com este código';
export const COUPON_NOT_FOUND = 'Cupom não encontrado';
export const COUPON_DROPPED =
  'O cupom deste pagamento já não é válido: o novo pagamento é pelo preço do curso';

type CouponDeps = Pick<AppDeps, 'database'>;

function toCoupon(row: CouponRow): Coupon {
  return {
    code: row.code,
    kind: row.kind,
    value: Number(row.value),
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxRedemptions: row.maxRedemptions,
    onePerLearner: row.onePerLearner,
    redemptions: row.redemptionCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The course's title; 404 unless the educator owns it. */
async function requireOwnCourse(db: Db, educator: UserRow, courseId: string): Promise<string> {
  const title = uuidSchema.safeParse(courseId).success
    ? await ownCourseTitle(db, courseId, educator.id)
    : null;
  if (title === null) throw notFound(COURSE_NOT_FOUND);
  return title;
}

export async function listCoupons(
  deps: CouponDeps,
  educator: UserRow,
  courseId: string,
): Promise<{ courseTitle: string; coupons: Coupon[] }> {
  const courseTitle = await requireOwnCourse(deps.database.db, educator, courseId);
  const coupons = (await listCourseCoupons(deps.database.db, courseId)).map(toCoupon);
  return { courseTitle, coupons };
}

export async function createCoupon(
  deps: CouponDeps,
  educator: UserRow,
  courseId: string,
  coupon: NewCoupon,
): Promise<Coupon> {
  const db = deps.database.db;
  await requireOwnCourse(db, educator, courseId);
  const row = await insertCoupon(db, {
    courseId,
    code: coupon.code,
    codeKey: couponKey(coupon.code),
    kind: coupon.kind,
    value: coupon.value.toFixed(2),
    startsAt: coupon.startsAt ? new Date(coupon.startsAt) : null,
    endsAt: coupon.endsAt ? new Date(coupon.endsAt) : null,
    maxRedemptions: coupon.maxRedemptions ?? null,
    onePerLearner: coupon.onePerLearner ?? false,
  });
  if (!row) throw conflict(COUPON_CODE_TAKEN);
  return toCoupon(row);
}

export async function removeCoupon(
  deps: CouponDeps,
  educator: UserRow,
  courseId: string,
  code: string,
): Promise<void> {
  const db = deps.database.db;
  await requireOwnCourse(db, educator, courseId);
  if (!(await deleteCoupon(db, courseId, couponKey(code)))) throw notFound(COUPON_NOT_FOUND);
}

function inDates(coupon: CouponRow, now: Date): boolean {
  return !(coupon.startsAt && coupon.startsAt > now) && !(coupon.endsAt && coupon.endsAt <= now);
}

/** The coupon named `code` for the course, if it may be used now; a 400 saying why not otherwise. */
export async function usableCoupon(
  db: Db,
  courseId: string,
  code: string,
  now: Date,
): Promise<CouponRow> {
  const coupon = await findCoupon(db, courseId, couponKey(code));
  if (!coupon) throw badRequest(COUPON_UNKNOWN);
  if (coupon.startsAt && coupon.startsAt > now) throw badRequest(COUPON_NOT_STARTED);
  if (coupon.endsAt && coupon.endsAt <= now) throw badRequest(COUPON_EXPIRED);
  if (coupon.maxRedemptions !== null && coupon.redemptionCount >= coupon.maxRedemptions)
    throw badRequest(COUPON_USED_UP);
  return coupon;
}

export function couponPrice(course: CourseAccessRow, coupon: CouponRow): number {
  return coursePriceWithCoupon(Number(course.price), course.discount, {
    kind: coupon.kind,
    value: Number(coupon.value),
  });
}

/** GET /api/course/:id/quote: what the course costs, with the coupon when one is given. */
export async function quoteCourse(
  deps: CouponDeps,
  viewer: UserRow | null,
  courseId: string,
  code: string | undefined,
): Promise<Omit<QuoteResponse, 'success'>> {
  const db = deps.database.db;
  if (!uuidSchema.safeParse(courseId).success) throw notFound(COURSE_NOT_FOUND);
  const course = await findCourseAccess(db, courseId, viewer?.id ?? '');
  if (!course || (!course.isPublished && !course.enrolled && course.educatorId !== viewer?.id))
    throw notFound(COURSE_NOT_FOUND);
  const originalPrice = priceToPay(course);
  if (!code) return { price: originalPrice, originalPrice };
  const coupon = await usableCoupon(db, course.id, code, new Date());
  return {
    price: couponPrice(course, coupon),
    originalPrice,
    coupon: {
      code: coupon.code,
      endsAt: coupon.endsAt?.toISOString() ?? null,
      remaining:
        coupon.maxRedemptions === null ? null : coupon.maxRedemptions - coupon.redemptionCount,
    },
  };
}

/**
 * Takes one use of the coupon for this learner, in the caller's transaction: the database holds
 * the cap (takeCouponUse) and one live use per learner for one-per-learner coupons. Throws 409 when
 * either is reached, which rolls back the purchase or enrollment it was for.
 */
export async function redeemCoupon(
  tx: Db,
  coupon: CouponRow,
  userId: string,
  purchaseId: string | null,
): Promise<void> {
  if (coupon.onePerLearner && (await hasLiveRedemption(tx, coupon.id, userId)))
    throw conflict(COUPON_ALREADY_USED);
  if (!(await takeCouponUse(tx, coupon.id))) throw conflict(COUPON_USED_UP);
  const recorded = await insertRedemption(tx, {
    couponId: coupon.id,
    userId,
    purchaseId,
    onePerLearner: coupon.onePerLearner,
  });
  if (!recorded) throw conflict(COUPON_ALREADY_USED);
}

/**
 * Takes again a use the purchase gave back when an attempt expired or failed, if the cap and
 * one-per-learner still allow it; false when they do not, and the use stays given back.
 */
async function retakeUse(tx: Db, coupon: CouponRow, purchaseId: string): Promise<boolean> {
  const redemption = await findPurchaseRedemption(tx, purchaseId);
  if (!redemption) return false;
  if (redemption.releasedAt === null) return true;
  if (coupon.onePerLearner && (await hasLiveRedemption(tx, coupon.id, redemption.userId)))
    return false;
  if (!(await takeCouponUse(tx, coupon.id))) return false;
  await reopenRedemption(tx, redemption.id);
  return true;
}

/**
 * The coupon a new attempt at a purchase (another method) is priced with: the one it was started
 * with, its use held (or taken again, if the last attempt gave it back), while the coupon is still
 * in its dates and within its cap. Otherwise the use is given back and null says to charge the
 * course's price. Call with the purchase locked.
 */
export async function keepPurchaseCoupon(
  tx: Db,
  purchase: Pick<PurchaseRow, 'id' | 'couponId'>,
  now: Date,
): Promise<CouponRow | null> {
  if (!purchase.couponId) return null;
  const coupon = await findCouponById(tx, purchase.couponId);
  if (coupon && inDates(coupon, now) && (await retakeUse(tx, coupon, purchase.id))) return coupon;
  await releaseRedemption(tx, purchase.id);
  return null;
}

/**
 * A payment that arrives after its attempt expired or failed completes (the money is there), and
 * its coupon use, given back at the expiry, is taken again so the cap counts the sale. When the cap
 * (or one-per-learner) is full by then, the sale still completes at the price paid, and its use stays
 * given back: the cap is how many more discounts the educator offers, and this one was offered
 * before the others took its place. The purchase keeps its coupon and list price, so it still reads
 * as a discounted sale.
 */
export async function retakeLatePaymentCoupon(
  tx: Db,
  purchase: Pick<PurchaseRow, 'id' | 'couponId'>,
): Promise<boolean> {
  if (!purchase.couponId) return false;
  const coupon = await findCouponById(tx, purchase.couponId);
  return coupon !== null && (await retakeUse(tx, coupon, purchase.id));
}
