// Kept apart from api-client.ts so the auth providers can register without pulling axios into the
// entry chunk: the API client itself is loaded on first use.

export type ApiAuth = {
  /** The signed-in user's id, null when nobody is signed in. */
  userId: string | null;
  getToken: () => Promise<string | null>;
  /** Ends the session without navigating: the page the user is on stays. */
  onUnauthorized: () => void | Promise<void>;
};

let apiAuth: ApiAuth | null = null;
let known = false;
let waiting: ((auth: ApiAuth) => void)[] = [];

/**
 * Called by the active auth provider so every request carries its token; `isLoaded` says whether
 * the provider knows yet who is signed in (Clerk needs a round trip). Returns the undo.
 */
export function configureApiAuth(auth: ApiAuth, isLoaded = true): () => void {
  apiAuth = auth;
  known = isLoaded;
  if (isLoaded) {
    const resolvers = waiting;
    waiting = [];
    for (const resolve of resolvers) resolve(auth);
  }
  return () => {
    if (apiAuth !== auth) return;
    apiAuth = null;
    known = false;
  };
}

export function currentApiAuth(): ApiAuth | null {
  return apiAuth;
}

/**
 * The provider once it knows whether someone is signed in: what a route loader reads before a
 * request whose answer depends on the user. The router starts its loaders before any route renders,
 * so the provider sits above the router (main.tsx) and this resolves without waiting on them. Not
 * for the server, which has no provider: it renders signed out.
 */
export function whenAuthKnown(signal?: AbortSignal): Promise<ApiAuth | null> {
  if (known && apiAuth) return Promise.resolve(apiAuth);
  return new Promise((resolve) => {
    waiting.push(resolve);
    // A loader the router gave up on (the visitor went elsewhere) stops waiting.
    signal?.addEventListener('abort', () => {
      waiting = waiting.filter((waiter) => waiter !== resolve);
    });
  });
}
