import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadOnStaleChunks, STALE_RELOAD_GUARD_MS } from './reload-on-stale-chunks';

function preloadError(): Event {
  return new Event('vite:preloadError', { cancelable: true });
}

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('reloadOnStaleChunks', () => {
  it('when a page chunk of an older build fails to load, then the page reloads instead of throwing', () => {
    const reload = vi.fn();
    const stop = reloadOnStaleChunks(window, reload);
    const event = preloadError();
    window.dispatchEvent(event);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    stop();
  });

  it('when a chunk fails again right after the reload, then the error is left to surface, with no loop', () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    const stop = reloadOnStaleChunks(window, reload);
    window.dispatchEvent(preloadError());
    vi.advanceTimersByTime(STALE_RELOAD_GUARD_MS - 1);
    const again = preloadError();
    window.dispatchEvent(again);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(again.defaultPrevented).toBe(false);

    vi.advanceTimersByTime(1);
    window.dispatchEvent(preloadError());
    expect(reload).toHaveBeenCalledTimes(2);
    stop();
  });

  it('when stopped, then failures are no longer handled', () => {
    const reload = vi.fn();
    reloadOnStaleChunks(window, reload)();
    window.dispatchEvent(preloadError());
    expect(reload).not.toHaveBeenCalled();
  });
});
