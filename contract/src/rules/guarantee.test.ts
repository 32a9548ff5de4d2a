import { describe, expect, it } from 'vitest';
import {
  guaranteeLabel,
  isRefundable,
  REFUND_ABUSE_LIMIT,
  refundEligibility,
  refundWindowDays,
  type RefundFacts,
} from './guarantee';

const NOW = new Date('2026-01-05T10:00:00Z');
const open: RefundFacts = {
  status: 'completed',
  refundableUntil: new Date('2026-01-08T10:00:00Z'),
  waiverUsed: false,
  recentRefunds: 0,
};

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

  it('when the market charges in euros, then the window is the EU 14 days at least; elsewhere the course’s own', () => {
    expect(refundWindowDays(7, 'eur')).toBe(14);
    expect(refundWindowDays(21, 'eur')).toBe(21);
    expect(refundWindowDays(7, 'brl')).toBe(7);
    expect(refundWindowDays(7, 'aoa')).toBe(7);
    expect(refundWindowDays(30, 'aoa')).toBe(30);
  });
});

describe('refundEligibility', () => {
  it('when a paid purchase is inside its window, then it may be refunded', () => {
    expect(refundEligibility(open, NOW)).toEqual({ eligible: true });
  });

  it('when the window has passed, then no refund, and the reason says so', () => {
    expect(
      refundEligibility({ ...open, refundableUntil: new Date('2026-01-05T09:00:00Z') }, NOW),
    ).toEqual({ eligible: false, reason: 'window_closed' });
  });

  it('when the EU waiver was given and a lecture opened, then no refund inside the window', () => {
    expect(refundEligibility({ ...open, waiverUsed: true }, NOW)).toEqual({
      eligible: false,
      reason: 'waived',
    });
  });

  it('when the buyer has reached the limit of recent refunds, then no refund here', () => {
    expect(refundEligibility({ ...open, recentRefunds: REFUND_ABUSE_LIMIT }, NOW)).toEqual({
      eligible: false,
      reason: 'limit',
    });
    expect(
      refundEligibility({ ...open, recentRefunds: REFUND_ABUSE_LIMIT - 1 }, NOW).eligible,
    ).toBe(true);
  });

  it('when the refund was already asked, or the purchase was never paid, then no refund', () => {
    expect(refundEligibility({ ...open, status: 'refund_pending' }, NOW)).toEqual({
      eligible: false,
      reason: 'already_asked',
    });
    expect(refundEligibility({ ...open, status: 'pending' }, NOW)).toEqual({
      eligible: false,
      reason: 'not_paid',
    });
  });
});
