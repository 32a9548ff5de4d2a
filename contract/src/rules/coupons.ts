import { discountedPrice } from './pricing';

/**
 * Coupon rules, stated once: how a code is compared, and what a coupon leaves to pay. Amounts are
 * worked in whole cents so a coupon never leaves a fraction of a cent.
 */
export const COUPON_KINDS = ['percent', 'amount', 'price'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export const COUPON_CODE_MIN = 3;
export const COUPON_CODE_MAX = 30;
/**
 * A code that gives the course away is worth guessing, so it must be long enough that guessing,
 * slowed to a few tries per address and account, cannot find it.
 */
export const FREE_COUPON_CODE_MIN = 8;

/** True when the coupon leaves nothing to pay whatever the course costs. */
export function givesCourseAway(coupon: CouponTerms): boolean {
  return (
    (coupon.kind === 'percent' && coupon.value >= 100) ||
    (coupon.kind === 'price' && coupon.value === 0)
  );
}

/**
 * The form a code is stored and looked up in: 'Lançamento', 'LANCAMENTO' and ' lancamento ' are the
 * same code, so a learner typing without accents or in small letters still gets the discount.
 */
export function couponKey(code: string): string {
  return code.normalize('NFD').replace(/\p{M}/gu, '').trim().toUpperCase();
}

/** percent: 'value' % off · amount: 'value' off · price: the course costs 'value' (0 = free). */
export interface CouponTerms {
  kind: CouponKind;
  value: number;
}

/** What is left to pay for `price` with the coupon: never below 0, never above the price. */
export function priceWithCoupon(price: number, coupon: CouponTerms): number {
  const cents = Math.round(price * 100);
  const value = Math.round(coupon.value * 100);
  let left: number;
  switch (coupon.kind) {
    case 'percent':
      left = cents - Math.round((cents * coupon.value) / 100);
      break;
    case 'amount':
      left = cents - value;
      break;
    case 'price':
      left = value;
      break;
  }
  return Math.min(cents, Math.max(0, left)) / 100;
}

/**
 * What a buyer pays for a course with a coupon. The coupon applies to the price the course page
 * shows, after the course's own discount: the two add up (list 100, discount 20 %, coupon 50 %:
 * 40). A learner reads a coupon's '50 %' against the price in front of them, and a coupon always
 * lowers it, so no use of a capped coupon is spent for nothing. The coupon form says so.
 */
export function coursePriceWithCoupon(
  listPrice: number,
  courseDiscount: number,
  coupon: CouponTerms,
): number {
  return priceWithCoupon(discountedPrice(listPrice, courseDiscount), coupon);
}
