// Kept apart from api-client.ts so the auth providers can register without pulling axios into the
// entry chunk: the API client itself is loaded on first use.

export type ApiAuth = {
  getToken: () => Promise<string | null>;
  /** Ends the session without navigating: the page the user is on stays. */
  onUnauthorized: () => void | Promise<void>;
};

let apiAuth: ApiAuth | null = null;

/** Called by the active auth provider so every request carries its token; returns the undo. */
export function configureApiAuth(auth: ApiAuth): () => void {
  apiAuth = auth;
  return () => {
    if (apiAuth === auth) apiAuth = null;
  };
}

export function currentApiAuth(): ApiAuth | null {
  return apiAuth;
}
