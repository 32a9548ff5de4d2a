export const RATING_MIN = 1;
export const RATING_MAX = 5;

/**
 * The mean to one decimal, 0 when nobody has rated yet: what a page shows ('4,6', with half stars).
 * The spec's `averageRating` (the floor) stays in the API and orders the search; shown alone it
 * told a 4.9 course and a 4.0 one apart by nothing.
 */
export function meanRating(total: number, count: number): number {
  return count === 0 ? 0 : Math.round((total * 10) / count) / 10;
}

/** The floor of the mean, 0 when nobody has rated yet. */
export function averageRating(ratings: readonly number[]): number {
  if (ratings.length === 0) return 0;
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return Math.floor(sum / ratings.length);
}
