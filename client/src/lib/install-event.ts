/** Chromium's install event; not in TypeScript's DOM library. */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
};

let held: BeforeInstallPromptEvent | null = null;

/**
 * Listens for the browser's install offer from the first script (src/main.tsx): a server-rendered
 * page hydrates once the browser is idle, and Chromium may fire `beforeinstallprompt` before that.
 * The latest offer is kept until the install prompt takes it, so it is not missed.
 */
export function holdInstallEvent(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-bar away: the app asks in its own words.
    event.preventDefault();
    held = event as BeforeInstallPromptEvent;
  });
}

/** The offer made before the install prompt was there to hear it, once; null when there was none. */
export function takeHeldInstallEvent(): BeforeInstallPromptEvent | null {
  const offer = held;
  held = null;
  return offer;
}

const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod/i;

/** A phone's or tablet's browser, not the installed app itself: where installing is offered. */
export function mayOfferInstall(): boolean {
  const installed =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(display-mode: standalone)').matches;
  return MOBILE_USER_AGENT.test(navigator.userAgent) && !installed;
}
