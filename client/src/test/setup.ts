import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { restoreApiStubs } from './api-stub';

// The app loads react-toastify on the first toast; loading it here, once per test file, keeps that first
// toast from waiting on a module transform under a busy parallel run (findByText gives up after 1 s).
await import('react-toastify');

// jsdom lacks these browser APIs; components (and framer-motion) feature-test for them.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (typeof window.IntersectionObserver !== 'function') {
  class NoopIntersectionObserver {
    readonly root = null;
    readonly rootMargin = '0px';
    readonly thresholds = [0];
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  window.IntersectionObserver = NoopIntersectionObserver as unknown as typeof IntersectionObserver;
}

// jsdom logs "not implemented" for scrolling; the router's scroll restoration calls it.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  restoreApiStubs();
  localStorage.clear();
  document.body.style.overflow = '';
});
