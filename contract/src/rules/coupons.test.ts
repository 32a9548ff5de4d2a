import { describe, expect, it } from 'vitest';
import { couponKey, coursePriceWithCoupon, priceWithCoupon } from './coupons';

describe('coupons', () => {
  it('when codes differ only in case, accents or spaces, then they are the same code', () => {
    expect(couponKey(' Lançamento ')).toBe('LANCAMENTO');
    expect(couponKey('lancamento')).toBe(couponKey('LANÇAMENTO'));
  });

  it('works each kind out in cents', () => {
    expect(priceWithCoupon(19.99, { kind: 'percent', value: 15 })).toBe(16.99);
    expect(priceWithCoupon(50, { kind: 'amount', value: 12.5 })).toBe(37.5);
    expect(priceWithCoupon(50, { kind: 'price', value: 9.9 })).toBe(9.9);
    expect(priceWithCoupon(50, { kind: 'price', value: 0 })).toBe(0);
  });

  it('when the discount is larger than the price, then the price is 0, never negative', () => {
    expect(priceWithCoupon(10, { kind: 'amount', value: 25 })).toBe(0);
    expect(priceWithCoupon(10, { kind: 'percent', value: 100 })).toBe(0);
  });

  it('when a set price is above the course price, then the course price stays', () => {
    expect(priceWithCoupon(10, { kind: 'price', value: 25 })).toBe(10);
  });

  it('never leaves less than 0 nor more than the price, in whole cents', () => {
    const prices = [0, 0.01, 0.99, 1, 9.99, 19.99, 33.33, 100, 999_999.99];
    const values = [0, 0.01, 0.5, 1, 3.33, 15, 33, 50, 99, 100, 250.75, 1_000_000];
    for (const price of prices)
      for (const kind of ['percent', 'amount', 'price'] as const)
        for (const raw of values) {
          const value = kind === 'percent' ? Math.min(100, Math.round(raw)) : raw;
          const left = priceWithCoupon(price, { kind, value });
          expect(left).toBeGreaterThanOrEqual(0);
          expect(left).toBeLessThanOrEqual(price);
          expect(Math.round(left * 100) / 100).toBe(left);
        }
  });

  it('when the course has its own discount, then the coupon applies to the discounted price, for every kind', () => {
    expect(coursePriceWithCoupon(100, 20, { kind: 'percent', value: 50 })).toBe(40);
    expect(coursePriceWithCoupon(100, 50, { kind: 'percent', value: 50 })).toBe(25);
    expect(coursePriceWithCoupon(100, 20, { kind: 'amount', value: 30 })).toBe(50);
    expect(coursePriceWithCoupon(100, 20, { kind: 'price', value: 30 })).toBe(30);
    // A set price above the discounted one leaves the discounted one.
    expect(coursePriceWithCoupon(100, 50, { kind: 'price', value: 60 })).toBe(50);
    expect(coursePriceWithCoupon(19.99, 15, { kind: 'percent', value: 10 })).toBe(15.29);
  });
});
