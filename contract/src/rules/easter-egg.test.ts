import { describe, expect, it } from 'vitest';
import { addDragProgress, EASTER_EGG_CAP, revealedPrefix } from './easter-egg';

describe('addDragProgress', () => {
  it('when the logo is dragged, then horizontal and vertical movement add up as absolutes', () => {
    expect(addDragProgress(0, 10, -5)).toBe(15);
    expect(addDragProgress(100, -20, -30)).toBe(150);
  });

  it('when the total would pass the cap, then it stops at 2000', () => {
    expect(EASTER_EGG_CAP).toBe(2000);
    expect(addDragProgress(1990, 30, 0)).toBe(2000);
    expect(addDragProgress(2000, 1, 1)).toBe(2000);
  });
});

describe('revealedPrefix', () => {
  const message = 'Olá, mundo!'; // 11 characters

  it('when there is no progress, then nothing shows', () => {
    expect(revealedPrefix(message, 0)).toBe('');
  });

  it('when progress is partial, then the floored share of the message shows from its start', () => {
    expect(revealedPrefix(message, 1000)).toBe('Olá, ');
    expect(revealedPrefix('abcd', 1999)).toBe('abc');
  });

  it('when progress is at or beyond the cap, then the whole message shows', () => {
    expect(revealedPrefix(message, 2000)).toBe(message);
    expect(revealedPrefix(message, 5000)).toBe(message);
  });

  it('when progress is negative, then nothing shows', () => {
    expect(revealedPrefix(message, -50)).toBe('');
  });
});
