import { describe, expect, it } from 'vitest';
import { EDIT_WINDOW_MS, formatVideoSecond, withinEditWindow } from './questions';

describe('withinEditWindow', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('when a post is 29 minutes old, then its author may still change it', () => {
    expect(withinEditWindow(new Date(now.getTime() - 29 * 60_000), now)).toBe(true);
  });
  it('when a post is exactly 30 minutes old, then it is the last moment', () => {
    expect(withinEditWindow(new Date(now.getTime() - EDIT_WINDOW_MS), now)).toBe(true);
  });
  it('when a post is 31 minutes old (as an ISO string), then it is fixed', () => {
    expect(withinEditWindow(new Date(now.getTime() - 31 * 60_000).toISOString(), now)).toBe(false);
  });
});

describe('formatVideoSecond', () => {
  it('when under an hour, then minutes and seconds of two digits', () => {
    expect(formatVideoSecond(754)).toBe('12:34');
    expect(formatVideoSecond(5)).toBe('00:05');
  });
  it('when past an hour, then hours too', () => {
    expect(formatVideoSecond(3723)).toBe('1:02:03');
  });
  it('when fractional or negative, then the whole second, never below zero', () => {
    expect(formatVideoSecond(61.9)).toBe('01:01');
    expect(formatVideoSecond(-3)).toBe('00:00');
  });
});
