/** The highest course price accepted, in the course currency. */
export const COURSE_PRICE_MAX = 1_000_000;

/**
 * Money rules (discounted price, earnings), computed in integer cents so that, e.g., 19.99 at 15% is 16.99 and not
 * 16.991499999.
 */
function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** Price minus discount percent of price, rounded to two decimals. */
export function discountedPrice(price: number, discount: number): number {
  const cents = toCents(price);
  return (cents - Math.round((cents * discount) / 100)) / 100;
}

/** A course is free when nothing is left to pay after the discount. */
export function isFreeCourse(price: number, discount: number): boolean {
  return discountedPrice(price, discount) === 0;
}

/** Earnings per course: students × discounted price, floored (the spec floors the product). */
export function courseEarnings(studentCount: number, price: number, discount: number): number {
  return Math.floor((studentCount * toCents(discountedPrice(price, discount))) / 100);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days, rounded up, until a dated discount ends ('Faltam 3 dias a este preço!'); null when the
 * discount has no end date, is 0, or has ended. Never said of a price that does not change.
 */
export function discountDaysLeft(
  discount: number,
  endsAt: string | null,
  now: number = Date.now(),
): number | null {
  if (discount <= 0 || endsAt === null) return null;
  const left = Date.parse(endsAt) - now;
  if (!Number.isFinite(left) || left <= 0) return null;
  return Math.ceil(left / DAY_MS);
}

/** The course page's line for a dated discount, as the spec words it, with the real count. */
export function discountDeadlineText(days: number): string {
  return days === 1 ? 'Falta 1 dia a este preço!' : `Faltam ${days} dias a este preço!`;
}
