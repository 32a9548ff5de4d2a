import { describe, expect, it } from 'vitest';
import {
  courseEarnings,
  discountDaysLeft,
  discountDeadlineText,
  discountedPrice,
  isFreeCourse,
} from './pricing';

describe('discountedPrice', () => {
  it('when a discount applies, then the price drops by that percent, rounded to cents', () => {
    expect(discountedPrice(19.99, 15)).toBe(16.99);
    expect(discountedPrice(33.33, 33)).toBe(22.33);
    expect(discountedPrice(100, 25)).toBe(75);
  });

  it('when the discount is 0 or 100, then the full price or nothing', () => {
    expect(discountedPrice(49.9, 0)).toBe(49.9);
    expect(discountedPrice(49.9, 100)).toBe(0);
  });

  it('when float arithmetic would drift, then cents keep it exact', () => {
    expect(discountedPrice(0.3, 0)).toBe(0.3);
    expect(discountedPrice(10.1, 10)).toBe(9.09);
  });
});

describe('isFreeCourse', () => {
  it('when the discounted price is 0, then the course is free', () => {
    expect(isFreeCourse(0, 0)).toBe(true);
    expect(isFreeCourse(20, 100)).toBe(true);
  });

  it('when a cent remains, then the course is not free', () => {
    expect(isFreeCourse(10, 99)).toBe(false);
    expect(isFreeCourse(0.01, 0)).toBe(false);
  });
});

describe('courseEarnings', () => {
  it('when students bought a discounted course, then earnings are the floored product', () => {
    expect(courseEarnings(3, 19.99, 15)).toBe(50);
    expect(courseEarnings(0, 19.99, 15)).toBe(0);
    expect(courseEarnings(10, 9.99, 0)).toBe(99);
  });
});

describe('discountDaysLeft', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');

  it('when a discount ends in some hours or days, then the days left are counted up', () => {
    expect(discountDaysLeft(20, '2026-11-28T13:00:00Z', now)).toBe(1);
    expect(discountDaysLeft(20, '2026-11-29T12:00:00Z', now)).toBe(1);
    expect(discountDaysLeft(20, '2026-11-29T12:00:01Z', now)).toBe(2);
    expect(discountDaysLeft(20, '2026-12-01T12:00:00Z', now)).toBe(3);
  });

  it('when there is no discount, no end date, or it has ended, then nothing is counted', () => {
    expect(discountDaysLeft(0, '2026-12-01T12:00:00Z', now)).toBeNull();
    expect(discountDaysLeft(20, null, now)).toBeNull();
    expect(discountDaysLeft(20, '2026-11-28T12:00:00Z', now)).toBeNull();
    expect(discountDaysLeft(20, '2026-11-20T12:00:00Z', now)).toBeNull();
    expect(discountDaysLeft(20, 'não é data', now)).toBeNull();
  });

  it('when the days are said, then one day is singular', () => {
    expect(discountDeadlineText(1)).toBe('Falta 1 dia a este preço!');
    expect(discountDeadlineText(3)).toBe('Faltam 3 dias a este preço!');
  });
});
