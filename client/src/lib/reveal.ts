/** How long a revealed element stays highlighted: long enough to find it, short enough to fade. */
export const REVEAL_HIGHLIGHT_MS = 2500;

const highlightTimers = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>>();

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Shows the learner what they asked to see (the video at a note's second, the answer a
 * notification is about): scrolls it into view, highlights it for a moment (`data-revealed`, styled
 * in index.css) and moves focus to it, so a keyboard or screen-reader user carries on from there
 * instead of from the button they pressed. The element needs `tabIndex={-1}` to take focus. The
 * scroll is instant under reduced motion.
 */
export function reveal(element: HTMLElement | null): void {
  if (!element) return;
  // jsdom has no scrollIntoView.
  element.scrollIntoView?.({
    behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    block: 'center',
  });
  element.focus({ preventScroll: true });
  element.dataset.revealed = 'true';
  clearTimeout(highlightTimers.get(element));
  highlightTimers.set(
    element,
    setTimeout(() => {
      delete element.dataset.revealed;
    }, REVEAL_HIGHLIGHT_MS),
  );
}
