import { describe, expect, it } from 'vitest';
import { averageRating } from './ratings';

describe('averageRating', () => {
  it('when nobody has rated, then the average is 0', () => {
    expect(averageRating([])).toBe(0);
  });

  it('when the mean has a fraction, then it is floored', () => {
    expect(averageRating([4, 5])).toBe(4);
    expect(averageRating([1, 2, 2])).toBe(1);
    expect(averageRating([5, 5, 4])).toBe(4);
  });

  it('when every rating is the same, then the average is that rating', () => {
    expect(averageRating([3])).toBe(3);
    expect(averageRating([5, 5, 5, 5])).toBe(5);
  });
});
