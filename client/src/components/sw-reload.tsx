import { useEffect } from 'react';

type RegisterSW = (typeof import('virtual:pwa-register'))['registerSW'];

/**
 * Registers the service worker (/sw.js, scope /) and reloads the page when a new version takes
 * over, so nobody keeps running a client that no longer matches the server.
 */
export async function registerServiceWorker(
  loadRegister: () => Promise<{ registerSW: RegisterSW }> = () => import('virtual:pwa-register'),
  reload: () => void = () => window.location.reload(),
): Promise<void> {
  const { registerSW } = await loadRegister();
  registerSW({
    immediate: true,
    // Called when an update (not the first install) activates.
    onNeedReload: reload,
    onRegisterError: (error: unknown) => console.warn('Service worker não registrado', error),
  });
}

export function ServiceWorkerReload() {
  useEffect(() => {
    // The dev server serves no worker; tests have none either.
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    void registerServiceWorker();
  }, []);
  return null;
}
