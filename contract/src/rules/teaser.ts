/** The home page shows at most this many courses (the spec's 'Home teaser: at most 24 courses'). */
export const TEASER_MAX = 24;

/** Below this many ratings an average says little: one 5-star vote must not top the home page. */
export const TEASER_MIN_RATINGS = 3;

type Rated = Readonly<{ ratingCount: number; averageRating: number }>;

/**
 * The home teaser's order: courses with at least TEASER_MIN_RATINGS ratings first, best average
 * first (more ratings break ties); then every other course in the order given (the catalogue's,
 * newest first). A new array; the input is left as it is. GET /api/course/teaser answers the first
 * TEASER_MAX of this order over every published course, ranked in SQL (course-teaser.repository.ts).
 */
export function rankForTeaser<T extends Rated>(courses: readonly T[]): T[] {
  const rated = courses.filter((course) => course.ratingCount >= TEASER_MIN_RATINGS);
  const others = courses.filter((course) => course.ratingCount < TEASER_MIN_RATINGS);
  // Array.prototype.sort is stable, so equal courses keep the catalogue's order.
  rated.sort((a, b) => b.averageRating - a.averageRating || b.ratingCount - a.ratingCount);
  return [...rated, ...others];
}
