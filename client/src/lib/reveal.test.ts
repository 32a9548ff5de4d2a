import { afterEach, describe, expect, it, vi } from 'vitest';
import { reveal, REVEAL_HIGHLIGHT_MS } from './reveal';

const originalMatchMedia = window.matchMedia;

function target() {
  const element = document.createElement('div');
  element.tabIndex = -1;
  element.scrollIntoView = vi.fn();
  document.body.append(element);
  return element;
}

function reducedMotion(reduce: boolean) {
  window.matchMedia = (query: string) =>
    ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
    }) as MediaQueryList;
}

afterEach(() => {
  window.matchMedia = originalMatchMedia;
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('reveal', () => {
  it('when an element is revealed, then it scrolls smoothly into view, takes the focus and is highlighted for a moment only', () => {
    vi.useFakeTimers();
    reducedMotion(false);
    const element = target();
    reveal(element);
    expect(element.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'center' });
    expect(element).toHaveFocus();
    expect(element).toHaveAttribute('data-revealed');
    vi.advanceTimersByTime(REVEAL_HIGHLIGHT_MS - 1);
    expect(element).toHaveAttribute('data-revealed');
    vi.advanceTimersByTime(1);
    expect(element).not.toHaveAttribute('data-revealed');
  });

  it('when the learner asked for reduced motion, then the scroll jumps instead of gliding', () => {
    reducedMotion(true);
    const element = target();
    reveal(element);
    expect(element.scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'center' });
    expect(element).toHaveAttribute('data-revealed');
  });

  it('when the same element is revealed again, then its highlight lasts from the second time', () => {
    vi.useFakeTimers();
    const element = target();
    reveal(element);
    vi.advanceTimersByTime(REVEAL_HIGHLIGHT_MS - 100);
    reveal(element);
    vi.advanceTimersByTime(200);
    expect(element).toHaveAttribute('data-revealed');
  });
});
