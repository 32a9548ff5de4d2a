import type { api as ApiClient } from './api-client';

let loading: Promise<typeof ApiClient> | null = null;

/**
 * The axios client for code on the first page's critical path (app context, top bar). axios is ~20 kB
 * gzip, so it comes in its own chunk, fetched as soon as this module is evaluated, in parallel with the
 * first render, rather than inside the entry chunk (budget: 120 kB for /). Code in lazy pages imports
 * `api` from './api-client' directly.
 */
export function loadApi(): Promise<typeof ApiClient> {
  loading ??= import('./api-client').then((module) => module.api);
  return loading;
}

void loadApi().catch(() => {
  // A failed prefetch is retried by the first real call.
  loading = null;
});
