import { useEffect } from 'react';
import { useRevalidator } from 'react-router-dom';
import { revalidatePage } from '../../../data/revalidation';

/** How often a page waiting for a payment asks whether the money arrived. */
export const POLL_MS = 3000;

/**
 * While `active`, reads the page's loaders again every `everyMs` (not the root's: the user data
 * does not change while a payment is awaited). A hidden tab is not polled: the buyer is paying in
 * their bank's app, and coming back reads at once.
 */
export function usePoll(active: boolean, everyMs: number): void {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setInterval> | null = null;
    const read = () => void revalidatePage(revalidate);
    const start = () => {
      timer ??= setInterval(read, everyMs);
    };
    const stop = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') return stop();
      read();
      start();
    };
    if (document.visibilityState !== 'hidden') start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active, everyMs, revalidate]);
}
