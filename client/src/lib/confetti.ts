/** 200 particles, spread 100, from 60 % down the screen. */
export const CONFETTI_OPTIONS = { particleCount: 200, spread: 100, origin: { y: 0.6 } } as const;

/** Loaded on demand so canvas-confetti never weighs on the first page load. */
export async function fireConfetti(): Promise<void> {
  const { default: confetti } = await import('canvas-confetti');
  await confetti(CONFETTI_OPTIONS);
}
