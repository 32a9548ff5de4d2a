import { useEffect, useRef, useState } from 'react';
import { env } from '../config/env';
import { fireConfetti } from '../lib/confetti';
import {
  mayOfferInstall,
  takeHeldInstallEvent,
  type BeforeInstallPromptEvent,
} from '../lib/install-event';
import { Dialog } from './dialog';
import { focusRing } from './ui/focus-ring';

export const CONFETTI_AFTER_INSTALL_MS = 1500;

/** What says the learner is using the page: a touch, a click, a key, a scroll. */
const ENGAGING = ['pointerdown', 'touchstart', 'keydown', 'scroll'] as const;
/** After that first act, the offer waits this long, so it never lands on what the act opened. */
export const OFFER_AFTER_ENGAGED_MS = 1000;

/**
 * Whether the learner has used the page yet. The offer waits for it: a modal over a page nobody
 * has looked at yet interrupts the very thing they came for (and it would be the largest thing
 * painted, what a slow phone's load is judged by).
 */
function useEngaged(): boolean {
  const [engaged, setEngaged] = useState(false);
  useEffect(() => {
    if (engaged) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopListening = () => {
      for (const type of ENGAGING) window.removeEventListener(type, onEngaged, true);
    };
    function onEngaged() {
      stopListening();
      timer = setTimeout(() => setEngaged(true), OFFER_AFTER_ENGAGED_MS);
    }
    // Captured on the window: a scroll inside a list counts as well as the page's own.
    for (const type of ENGAGING)
      window.addEventListener(type, onEngaged, { capture: true, passive: true });
    return () => {
      stopListening();
      clearTimeout(timer);
    };
  }, [engaged]);
  return engaged;
}

/**
 * On phones and tablets, once the browser says the app can be installed and the learner has begun
 * using the page.
 */
export function InstallPrompt() {
  const { brand } = env;
  const [installEvent, setInstallEvent] = useState<BeforeInstallPromptEvent | null>(null);
  const [offered, setOpen] = useState(false);
  const open = useEngaged() && offered;
  const confettiTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!mayOfferInstall()) return;
    function offer(event: BeforeInstallPromptEvent) {
      setInstallEvent(event);
      setOpen(true);
    }
    function onBeforeInstallPrompt(event: Event) {
      // Keep the browser's own mini-bar away: the app asks in its own words.
      event.preventDefault();
      // The first script holds every offer too (it may come before hydration): this one is taken.
      takeHeldInstallEvent();
      offer(event as BeforeInstallPromptEvent);
    }
    // An offer made before the page hydrated, kept by the first script (src/main.tsx).
    const early = takeHeldInstallEvent();
    if (early) offer(early);
    window.addEventListener('beforeinstallprompt', onBeforeInstallPrompt);
    return () => window.removeEventListener('beforeinstallprompt', onBeforeInstallPrompt);
  }, []);

  useEffect(() => {
    function onInstalled() {
      setOpen(false);
      void fireConfetti();
    }
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('appinstalled', onInstalled);
      clearTimeout(confettiTimer.current);
    };
  }, []);

  async function install() {
    setOpen(false);
    if (!installEvent) return;
    // The event can prompt only once; a new one arrives if the browser offers installation again.
    setInstallEvent(null);
    await installEvent.prompt();
    const { outcome } = await installEvent.userChoice;
    if (outcome === 'accepted') {
      confettiTimer.current = setTimeout(() => void fireConfetti(), CONFETTI_AFTER_INSTALL_MS);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      title="Continuar no app"
      className="text-center"
    >
      <img
        src="/icons/icon-192.png"
        alt=""
        width={72}
        height={72}
        className="mx-auto mb-4 h-18 w-18 rounded-2xl"
      />
      <p className="text-slate-700">
        Instale o {brand} no seu celular: abre mais rápido, em tela cheia, e continua de onde você
        parou.
      </p>
      <button
        type="button"
        onClick={() => void install()}
        className={`mt-6 w-full rounded-full bg-blue-600 px-5 py-3 font-semibold text-white hover:bg-blue-700 ${focusRing}`}
      >
        Abrir app
      </button>
    </Dialog>
  );
}
