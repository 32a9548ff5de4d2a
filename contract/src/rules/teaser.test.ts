import { describe, expect, it } from 'vitest';
import { rankForTeaser, TEASER_MIN_RATINGS } from './teaser';

const course = (id: string, ratingCount: number, averageRating: number) => ({
  id,
  ratingCount,
  averageRating,
});

describe('rankForTeaser', () => {
  it(`when a course has fewer than ${TEASER_MIN_RATINGS} ratings, then it does not outrank well-rated ones however high its average`, () => {
    const ranked = rankForTeaser([
      course('novo-5-estrelas', 1, 5),
      course('bom', 10, 4),
      course('sem-notas', 0, 0),
      course('otimo', 3, 5),
      course('dois-votos', 2, 5),
    ]);

    expect(ranked.map((c) => c.id)).toEqual([
      'otimo',
      'bom',
      'novo-5-estrelas',
      'sem-notas',
      'dois-votos',
    ]);
  });

  it('when two rated courses have the same average, then the one with more ratings comes first, and full ties keep the given order', () => {
    const ranked = rankForTeaser([course('a', 3, 4), course('b', 7, 4), course('c', 3, 4)]);

    expect(ranked.map((c) => c.id)).toEqual(['b', 'a', 'c']);
  });

  it('when ranking, then the input array is left untouched', () => {
    const input = [course('x', 0, 0), course('y', 5, 5)];
    rankForTeaser(input);
    expect(input.map((c) => c.id)).toEqual(['x', 'y']);
  });
});
