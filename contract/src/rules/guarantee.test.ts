import { describe, expect, it } from 'vitest';
import { guaranteeLabel, isRefundable } from './guarantee';

describe('guarantee', () => {
  it('when the window has not ended, then the purchase is refundable, and not after', () => {
    const until = new Date('2026-01-08T10:00:00Z');
    expect(isRefundable(until, new Date('2026-01-08T09:59:59Z'))).toBe(true);
    expect(isRefundable(until, new Date('2026-01-08T10:00:00Z'))).toBe(false);
    expect(isRefundable(null, new Date('2026-01-01T00:00:00Z'))).toBe(false);
  });

  it('names the guarantee as the course page shows it', () => {
    expect(guaranteeLabel(14)).toBe('Garantia de 14 dias');
  });
});
