import { describe, expect, it } from 'vitest';
import { isPlatformFeePercent, platformFeeMinor, splitSale } from './platform-fee';

describe('platform fee', () => {
  it('when the fee is 0 %, then the educator nets the whole sale', () => {
    expect(splitSale(1699, 0)).toEqual({ gross: 1699, fee: 0, net: 1699 });
  });

  it('when the fee is 9.9 % of R$ 16.99, then it is R$ 1.68 (168.201 cents rounded)', () => {
    expect(platformFeeMinor(1699, 9.9)).toBe(168);
  });

  it('when the fee falls exactly on half a cent, then it rounds up', () => {
    // 5 cents at 10 % is half a cent; 15 cents at 9.9 % is 1.485 cents.
    expect(platformFeeMinor(5, 10)).toBe(1);
    expect(platformFeeMinor(15, 9.9)).toBe(1);
    expect(platformFeeMinor(1005, 9.9)).toBe(99);
  });

  it('when any amount is split at any allowed percent, then fee + net = gross and the fee is within bounds', () => {
    for (let basisPoints = 0; basisPoints <= 10_000; basisPoints += 7) {
      for (const gross of [0, 1, 5, 99, 1005, 1699, 4990, 123_457, 9_999_999]) {
        const split = splitSale(gross, basisPoints / 100);
        expect(split.fee + split.net).toBe(gross);
        expect(split.fee).toBeGreaterThanOrEqual(0);
        expect(split.fee).toBeLessThanOrEqual(gross);
        expect(Number.isInteger(split.fee)).toBe(true);
      }
    }
  });

  it('when a percent is negative, above 100 or has three decimals, then it is not a fee percent', () => {
    expect(isPlatformFeePercent(-1)).toBe(false);
    expect(isPlatformFeePercent(100.01)).toBe(false);
    expect(isPlatformFeePercent(9.995)).toBe(false);
    expect(isPlatformFeePercent(Number.NaN)).toBe(false);
    expect(isPlatformFeePercent(0)).toBe(true);
    expect(isPlatformFeePercent(9.9)).toBe(true);
    expect(isPlatformFeePercent(100)).toBe(true);
  });
});
