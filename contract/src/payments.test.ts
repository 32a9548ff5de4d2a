import { describe, expect, it } from 'vitest';
import { chooseMethodBodySchema } from './payments';
import { purchaseBodySchema } from './payments';

const COURSE = '3f9a1c20-6b7d-4e8f-9a01-b2c3d4e5f600';

describe('the number a push goes to', () => {
  it('when MB WAY is given a non-Portuguese mobile, or Multicaixa Express a non-Angolan one, then a field error on phone', () => {
    for (const [method, phone] of [
      ['mb_way', '943456789'],
      ['mb_way', '+244 912 345 678'],
      ['mb_way', '212345678'],
      ['multicaixa_express', '+351 912 345 678'],
      ['multicaixa_express', '823456789'],
      ['multicaixa_express', '92345678'],
    ] as const) {
      for (const result of [
        chooseMethodBodySchema.safeParse({ method, phone }),
        purchaseBodySchema.safeParse({ courseId: COURSE, method, phone }),
      ]) {
        expect([method, phone, result.success]).toEqual([method, phone, false]);
        expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain('phone');
        expect(result.error?.issues.every((issue) => issue.path.join('.') === 'phone')).toBe(true);
      }
    }
  });

  it('when each method gets a mobile of its country, with or without the country code, then it parses', () => {
    for (const [method, phone] of [
      ['mb_way', '912 345 678'],
      ['mb_way', '+351930000000'],
      ['mb_way', '96-123-4567'],
      ['multicaixa_express', '923 456 789'],
      ['multicaixa_express', '+244 991 234 567'],
      // Not a push: the number is not looked at.
      ['reference', '123456789'],
    ] as const)
      expect([method, chooseMethodBodySchema.safeParse({ method, phone }).success]).toEqual([
        method,
        true,
      ]);
  });
});
