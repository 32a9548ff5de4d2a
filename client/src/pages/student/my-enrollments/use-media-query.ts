import { useCallback, useSyncExternalStore } from 'react';

function mediaQueryList(query: string): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

const unknownOnServer = () => undefined;

/**
 * Whether a CSS media query matches now, re-rendering when that changes (e.g. a phone turned
 * sideways). Undefined on the server and while hydrating what it drew: it cannot know the screen,
 * so the page draws every layout and lets CSS show the one that fits until the browser knows.
 */
export function useMediaQuery(query: string): boolean | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQueryList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaQueryList(query)?.matches ?? false,
    unknownOnServer,
  );
}
