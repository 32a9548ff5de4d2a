export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** The floor of the mean, 0 when nobody has rated yet. */
export function averageRating(ratings: readonly number[]): number {
  if (ratings.length === 0) return 0;
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return Math.floor(sum / ratings.length);
}
