import { describe, expect, it } from 'vitest';
import { progressPercent } from './progress';

describe('progressPercent', () => {
  it('when some lectures are done, then the percent is floored', () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(66);
    expect(progressPercent(1, 2)).toBe(50);
  });

  it('when all or none are done, then 100 or 0', () => {
    expect(progressPercent(7, 7)).toBe(100);
    expect(progressPercent(0, 7)).toBe(0);
  });

  it('when the course has no lectures, then 0 rather than NaN', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(3, 0)).toBe(0);
  });

  it('when more ids are completed than lectures exist, then it stops at 100', () => {
    expect(progressPercent(5, 4)).toBe(100);
  });
});
