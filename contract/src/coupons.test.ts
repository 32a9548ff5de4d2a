import { describe, expect, it } from 'vitest';
import { newCouponSchema } from './coupons';
import { FREE_COUPON_CODE_MIN } from './rules/coupons';

describe('newCouponSchema', () => {
  it('when a code that gives the course away is shorter than the minimum, then a field error on the code', () => {
    for (const terms of [
      { kind: 'percent', value: 100 },
      { kind: 'price', value: 0 },
    ]) {
      const short = newCouponSchema.safeParse({ code: 'GRATIS', ...terms });
      expect(short.success).toBe(false);
      expect(short.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
        [
          ['code'],
          `Um cupom que dá o curso de graça precisa de um código com pelo menos ${FREE_COUPON_CODE_MIN} caracteres`,
        ],
      ]);
      expect(newCouponSchema.safeParse({ code: 'GRATIS-7K2Q', ...terms }).success).toBe(true);
    }
  });

  it('when a short code only discounts, then it is accepted', () => {
    expect(newCouponSchema.safeParse({ code: 'DEZ', kind: 'percent', value: 99 }).success).toBe(
      true,
    );
    expect(newCouponSchema.safeParse({ code: 'DEZ', kind: 'price', value: 1 }).success).toBe(true);
  });
});
