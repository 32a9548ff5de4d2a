import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { CONFETTI_AFTER_INSTALL_MS, InstallPrompt, OFFER_AFTER_ENGAGED_MS } from './install-prompt';

const confetti = vi.hoisted(() => vi.fn());
vi.mock('../lib/confetti', () => ({ fireConfetti: confetti }));

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';

function useUserAgent(userAgent: string) {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}

function installEvent(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(async () => {});
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

/** The learner's first act on the page, and the pause the offer waits after it. */
function engage(type = 'pointerdown') {
  act(() => {
    window.dispatchEvent(new Event(type));
  });
  act(() => {
    vi.advanceTimersByTime(OFFER_AFTER_ENGAGED_MS);
  });
}

beforeEach(() => {
  confetti.mockClear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('InstallPrompt', () => {
  it('when on a desktop browser, then the install event is left to the browser and nothing shows', () => {
    useUserAgent(DESKTOP);
    renderWithProviders(<InstallPrompt />);
    const { event } = installEvent();
    expect(event.defaultPrevented).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when on Android, then nothing shows until the browser signals that the app can be installed', () => {
    useUserAgent(ANDROID);
    renderWithProviders(<InstallPrompt />);
    engage();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const { event } = installEvent();
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Continuar no app' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abrir app' })).toBeInTheDocument();
  });

  it('when the offer comes before the learner has used the page, then it waits for their first touch, key or scroll, and a moment after it', () => {
    useUserAgent(ANDROID);
    renderWithProviders(<InstallPrompt />);
    installEvent();
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    act(() => {
      vi.advanceTimersByTime(OFFER_AFTER_ENGAGED_MS - 1);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('dialog', { name: 'Continuar no app' })).toBeInTheDocument();
  });

  it('when already running as an installed app, then it never shows', () => {
    useUserAgent(ANDROID);
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({ matches: query === '(display-mode: standalone)', media: query }) as MediaQueryList,
    );
    renderWithProviders(<InstallPrompt />);
    installEvent();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when open, then page scroll is locked; a backdrop click closes it and unlocks scroll', async () => {
    useUserAgent(ANDROID);
    renderWithProviders(<InstallPrompt />);
    engage('touchstart');
    vi.useRealTimers();
    const user = userEvent.setup();
    installEvent();
    expect(document.body.style.overflow).toBe('hidden');
    await user.click(screen.getByTestId('dialog-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('when Abrir app is pressed and the user accepts, then the native prompt runs and confetti fires 1.5 s later', async () => {
    useUserAgent(ANDROID);
    vi.useFakeTimers();
    renderWithProviders(<InstallPrompt />);
    engage('keydown');
    const { prompt } = installEvent('accepted');
    await act(async () => {
      screen.getByRole('button', { name: 'Abrir app' }).click();
    });
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONFETTI_AFTER_INSTALL_MS - 1);
    });
    expect(confetti).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(confetti).toHaveBeenCalledTimes(1);
  });

  it('when the user dismisses the native prompt, then no confetti fires', async () => {
    useUserAgent(ANDROID);
    vi.useFakeTimers();
    renderWithProviders(<InstallPrompt />);
    engage();
    installEvent('dismissed');
    await act(async () => {
      screen.getByRole('button', { name: 'Abrir app' }).click();
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(confetti).not.toHaveBeenCalled();
  });

  it('when the browser reports the app installed, then confetti fires', () => {
    useUserAgent(ANDROID);
    renderWithProviders(<InstallPrompt />);
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(confetti).toHaveBeenCalledTimes(1);
  });
});
