// A signed-in page that starts from the app shell paints nothing until its data arrives, and its
// loaders ask for that data only at the end of a chain: the app's scripts, React's first render
// (which tells the loaders who is signed in), the loader's own chunk and the API client's. On a slow
// phone's network each link is a round trip. The first script starts those reads instead, with the
// stored session's token, so they travel while the app does; the loader that owns each read takes
// its answer when it gets there, or asks again itself (its own error path) when it cannot.

import { TOKEN_KEY } from '../auth/session-keys';

/** Reads every signed-in page's root loader makes (src/context/root-loader.ts). */
export const ROOT_READS = ['/api/user/data', '/api/user/enrolled-courses'] as const;

/** The page's own read, by address, for the pages whose loader makes one as soon as it runs. */
const PAGE_READS: Record<string, string> = {
  '/educator': '/api/educator/dashboard',
  '/educator/': '/api/educator/dashboard',
};

interface EarlyRead {
  token: string;
  /** The answer's body when it was a success (2xx, not `success: false`); null otherwise. */
  body: Promise<unknown>;
}

const started = new Map<string, EarlyRead>();

function storedToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    // Storage refused (private mode): no stored session, nothing to start.
    return null;
  }
}

async function successBody(response: Response): Promise<unknown> {
  if (!response.ok) return null;
  const body: unknown = await response.json();
  const failed = body && typeof body === 'object' && 'success' in body && body.success === false;
  return failed ? null : body;
}

/** Starts the reads of the page at `pathname` when a session is stored; nothing otherwise. */
export function startEarlyReads(pathname: string): void {
  const token = storedToken();
  if (!token) return;
  const page = PAGE_READS[pathname];
  for (const path of page ? [...ROOT_READS, page] : ROOT_READS) {
    const body = fetch(path, { headers: { Authorization: `Bearer ${token}` } })
      .then(successBody)
      // No answer (offline): the loader asks again and says so the usual way.
      .catch(() => null);
    started.set(path, { token, body });
  }
}

/**
 * The successful answer to `path` started early with `token`, once; null when none was started
 * with that token, or it failed (the caller then asks itself). Taken once: a later read (a
 * revalidation, a retry) wants a fresh answer.
 */
export async function takeEarlyRead<T>(path: string, token: string | null): Promise<T | null> {
  const read = started.get(path);
  if (!read) return null;
  started.delete(path);
  // Signed out, or in as someone else, since the read started: its answer is not for this caller.
  if (read.token !== token) return null;
  return (await read.body) as T | null;
}
