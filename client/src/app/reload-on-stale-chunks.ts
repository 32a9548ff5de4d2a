/** Two failures this close together mean the files are really missing: reloading again would loop. */
export const STALE_RELOAD_GUARD_MS = 10_000;
const LAST_RELOAD_KEY = 'aprendiz:stale-chunk-reload';

/**
 * After a deploy, a tab opened on the previous build asks for page chunks that no longer exist, and
 * the page it opens stays blank. Vite reports the failed import as `vite:preloadError`; loading the
 * page again fetches the new build's index and its chunks.
 */
export function reloadOnStaleChunks(
  target: Window = window,
  reload: () => void = () => target.location.reload(),
): () => void {
  function onPreloadError(event: Event) {
    const last = Number(target.sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0);
    if (Date.now() - last < STALE_RELOAD_GUARD_MS) return;
    event.preventDefault();
    target.sessionStorage.setItem(LAST_RELOAD_KEY, String(Date.now()));
    reload();
  }
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
