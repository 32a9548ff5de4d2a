import { afterEach, describe, expect, it, vi } from 'vitest';

const burst = vi.fn(async () => undefined);
vi.mock('canvas-confetti', () => ({ default: burst }));

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  burst.mockClear();
});

describe('fireConfetti', () => {
  it('when the system asks for reduced motion, then no confetti is drawn (nor its code loaded)', async () => {
    preferReducedMotion(true);
    const { fireConfetti } = await import('./confetti');
    await fireConfetti();
    expect(burst).not.toHaveBeenCalled();
  });

  it('when motion is fine, then one burst with the options, reduced-motion switch on', async () => {
    preferReducedMotion(false);
    const { fireConfetti, CONFETTI_OPTIONS } = await import('./confetti');
    await fireConfetti();
    expect(burst).toHaveBeenCalledWith(CONFETTI_OPTIONS);
    expect(CONFETTI_OPTIONS.disableForReducedMotion).toBe(true);
  });
});
