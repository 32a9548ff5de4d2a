// The page session: the server keeps a copy of this tab's token in an HttpOnly cookie, so it can
// draw signed-in pages (My Courses) with their data in the first HTML (server/src/http/page-session.ts).
// The browser cannot read that cookie, so it remembers which token it handed over, and hands a new
// one over only when the session changes: once per sign-in, not once per page.

import { env } from '../config/env';

const PATH = '/api/auth/page-session';
/** The end of the token last handed over (a token's signature is unique to it): not the token twice. */
const HANDED_KEY = 'aprendiz.page-session';
const MARK_LENGTH = 24;

function handedMark(): string | null {
  try {
    return localStorage.getItem(HANDED_KEY);
  } catch {
    return null;
  }
}

function setHandedMark(mark: string | null): void {
  try {
    if (mark) localStorage.setItem(HANDED_KEY, mark);
    else localStorage.removeItem(HANDED_KEY);
  } catch {
    // Storage refused (private mode): the next page hands the token over again, which is harmless.
  }
}

/** Asks the server to forget the page session (the session ended, or belongs to someone else). */
export function forgetPageSession(): void {
  setHandedMark(null);
  void fetch(PATH, { method: 'DELETE', credentials: 'same-origin' }).catch(() => undefined);
}

/**
 * Keeps the server's page session in step with this tab's session: `token` when signed in, null when
 * signed out. Only where the pages and the API share an origin (the cookie is the page's).
 */
export function keepPageSession(token: string | null): void {
  if (env.backendUrl !== '') return;
  const handed = handedMark();
  if (token === null) {
    if (handed !== null) forgetPageSession();
    return;
  }
  const mark = token.slice(-MARK_LENGTH);
  if (handed === mark) return;
  void fetch(PATH, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    credentials: 'same-origin',
  })
    .then((response) => {
      if (response.ok) setHandedMark(mark);
    })
    // Offline: the pages are drawn in the browser meanwhile, and the next page tries again.
    .catch(() => undefined);
}
