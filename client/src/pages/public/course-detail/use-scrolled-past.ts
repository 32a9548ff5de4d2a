import { useEffect, useState, type RefObject } from 'react';

/**
 * True while `target` has scrolled up out of the viewport and `end` (the end of the content it
 * belongs to) has not come into view yet: between the two, a reminder of the target is useful; past
 * `end` the page's footer is showing and the reminder would only cover it.
 */
export function useScrolledPast(
  target: RefObject<Element | null>,
  end: RefObject<Element | null>,
): boolean {
  const [targetAbove, setTargetAbove] = useState(false);
  const [endReached, setEndReached] = useState(false);

  useEffect(() => {
    const targetElement = target.current;
    const endElement = end.current;
    // Without the observer (old browsers, tests) nothing is reminded: the page itself still works.
    if (!targetElement || !endElement || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const above =
          !entry.isIntersecting && entry.boundingClientRect.bottom <= (entry.rootBounds?.top ?? 0);
        if (entry.target === targetElement) setTargetAbove(above);
        else setEndReached(entry.isIntersecting || above);
      }
    });
    observer.observe(targetElement);
    observer.observe(endElement);
    return () => observer.disconnect();
  }, [target, end]);

  return targetAbove && !endReached;
}
