/**
 * 200 particles, spread 100, from 60 % down the screen. canvas-confetti's own reduced-motion switch
 * is kept on as well, for a preference that changes while the page is open.
 */
export const CONFETTI_OPTIONS = {
  particleCount: 200,
  spread: 100,
  origin: { y: 0.6 },
  disableForReducedMotion: true,
} as const;

/** People who asked their system for less motion (vestibular disorders, migraine) get none. */
function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Loaded on demand so canvas-confetti never weighs on the first page load. */
export async function fireConfetti(): Promise<void> {
  if (prefersReducedMotion()) return;
  const { default: confetti } = await import('canvas-confetti');
  await confetti(CONFETTI_OPTIONS);
}
