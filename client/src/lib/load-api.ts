import type { api as ApiClient } from './api-client';
import { NETWORK_ERROR_MESSAGE, type ApiFailure } from './api-error';

export type Api = typeof ApiClient;

/**
 * A call that got no answer because the API client's own code could not be fetched (offline, or a
 * deployment replaced the build): the same failure as a request that got none, so callers' one
 * `catch` (and `send`) shows the usual message.
 */
function clientUnreachable(cause: unknown): ApiFailure {
  const failure = new Error(NETWORK_ERROR_MESSAGE, { cause });
  return Object.assign(failure, { name: 'ApiError' as const, status: 0, fromServer: false });
}

/**
 * A loader of the API client that fetches it on its first use: calls made while it arrives share
 * that one fetch, and a failed fetch is tried again by the next call.
 */
export function createApiLoader(importClient: () => Promise<{ api: Api }>): () => Promise<Api> {
  let loading: Promise<Api> | null = null;
  return () => {
    loading ??= importClient()
      // After a failed chunk that Vite handed to reload-on-stale-chunks, the import resolves empty.
      .then((module) => module.api)
      .catch((err: unknown) => {
        loading = null;
        throw clientUnreachable(err);
      });
    return loading;
  };
}

/**
 * The axios client (~21 kB gzip) for code that public pages hydrate: the course page, the top bar,
 * the app context. It arrives on the first call, so a page someone only reads hydrates without
 * waiting for it. Code in pages that always call the API imports `api` from './api-client' directly.
 */
export const loadApi = createApiLoader(() => import('./api-client'));
