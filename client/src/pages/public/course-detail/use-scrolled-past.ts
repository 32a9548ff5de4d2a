import { useEffect, useState, type RefObject } from 'react';

/**
 * True while `target` has scrolled up out of the viewport and `end` (the end of the content it
 * belongs to) has not yet risen above the bottom `coveredBottom` pixels, where the reminder sits:
 * between the two, a reminder of the target is useful; once `end` passes it, what follows (the
 * page's footer) would be covered by the reminder. Counting `end` as reached as soon as it entered
 * the viewport hid the reminder through the whole last screen of content (the reviews, on a phone).
 */
export function useScrolledPast(
  target: RefObject<Element | null>,
  end: RefObject<Element | null>,
  coveredBottom = 0,
): boolean {
  const [targetAbove, setTargetAbove] = useState(false);
  const [endReached, setEndReached] = useState(false);

  useEffect(() => {
    const targetElement = target.current;
    const endElement = end.current;
    // Without the observer (old browsers, tests) nothing is reminded: the page itself still works.
    if (!targetElement || !endElement || typeof IntersectionObserver === 'undefined') return;
    // The viewport less the covered strip at its bottom; the target's 'above' test reads only the top.
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const above =
            !entry.isIntersecting &&
            entry.boundingClientRect.bottom <= (entry.rootBounds?.top ?? 0);
          if (entry.target === targetElement) setTargetAbove(above);
          else setEndReached(entry.isIntersecting || above);
        }
      },
      { rootMargin: `0px 0px -${coveredBottom}px 0px` },
    );
    observer.observe(targetElement);
    observer.observe(endElement);
    return () => observer.disconnect();
  }, [target, end, coveredBottom]);

  return targetAbove && !endReached;
}
