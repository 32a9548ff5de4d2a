import { describe, expect, it } from 'vitest';
import { addRatingBodySchema, lecturePositionBodySchema } from './learning';
import { reviewReplyBodySchema, reviewsQuerySchema } from './reviews';

const courseId = '5b1c7c0e-8a4b-4f1e-9d7a-2c3b4d5e6f70';

describe('addRatingBodySchema with a review', () => {
  it('when a review is given, then it is trimmed and NFC-normalised, and up to 2000 characters pass', () => {
    const parsed = addRatingBodySchema.parse({ courseId, rating: 4, review: '  Ótimo\ncurso  ' });
    expect(parsed.review).toBe('Ótimo\ncurso');
    expect(addRatingBodySchema.parse({ courseId, rating: 4, review: 'e\u0301' }).review).toBe('é');
    expect(
      addRatingBodySchema.safeParse({ courseId, rating: 4, review: 'x'.repeat(2000) }).success,
    ).toBe(true);
  });

  it('when the review is too long, not a string, or holds control characters, then it is refused', () => {
    for (const review of ['x'.repeat(2001), 5, null, 'a\u0007b', 'a\u202eb']) {
      expect(addRatingBodySchema.safeParse({ courseId, rating: 4, review }).success).toBe(false);
    }
  });

  it('when no review is given, then the rating alone is valid as before', () => {
    expect(addRatingBodySchema.parse({ courseId, rating: 5 })).toEqual({ courseId, rating: 5 });
  });
});

describe('reviewReplyBodySchema', () => {
  it('when the reply is blank or too long, then it is refused', () => {
    expect(reviewReplyBodySchema.safeParse({ reply: ' Obrigado ' })).toEqual({
      success: true,
      data: { reply: 'Obrigado' },
    });
    for (const reply of ['', '   ', 'x'.repeat(2001)]) {
      expect(reviewReplyBodySchema.safeParse({ reply }).success).toBe(false);
    }
  });
});

describe('reviewsQuerySchema', () => {
  it('when the page is absent it is 1; a whole number from 1 passes; anything else is refused', () => {
    expect(reviewsQuerySchema.parse({})).toEqual({ page: 1 });
    expect(reviewsQuerySchema.parse({ page: '3' })).toEqual({ page: 3 });
    for (const page of ['0', '-1', '1.5', 'a', '01', ['1', '2']]) {
      expect(reviewsQuerySchema.safeParse({ page }).success).toBe(false);
    }
  });
});

describe('lecturePositionBodySchema', () => {
  it('when seconds are a whole number from 0 to a day, then they pass; otherwise not', () => {
    const good = { courseId, lectureId: 'lec-1' };
    expect(lecturePositionBodySchema.safeParse({ ...good, seconds: 0 }).success).toBe(true);
    expect(lecturePositionBodySchema.safeParse({ ...good, seconds: 86_400 }).success).toBe(true);
    for (const seconds of [-1, 1.5, 86_401, '4', Number.NaN]) {
      expect(lecturePositionBodySchema.safeParse({ ...good, seconds }).success).toBe(false);
    }
  });
});
