import { describe, expect, it } from 'vitest';
import { countdownText, secondsLeft } from './countdown';

describe('payment countdown', () => {
  it('when a voucher has a deadline, then the seconds left round up and never go below zero', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(secondsLeft('2026-11-25T12:01:30Z', now)).toBe(90);
    expect(secondsLeft('2026-11-25T12:00:00.200Z', now)).toBe(1);
    expect(secondsLeft('2026-11-25T11:59:00Z', now)).toBe(0);
    expect(secondsLeft(null, now)).toBeNull();
  });

  it('when the time left is written, then minutes and seconds, with hours and days when that long', () => {
    expect(countdownText(90)).toBe('1:30');
    expect(countdownText(1799)).toBe('29:59');
    expect(countdownText(3 * 86_400 - 1)).toBe('2 d 23:59:59');
    expect(countdownText(0)).toBe('0:00');
  });
});
