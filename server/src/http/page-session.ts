import type { CookieOptions, Request, Response } from 'express';

/**
 * The page session: a copy of the local session's token in an HttpOnly cookie, so the server can
 * draw a signed-in page (My Courses) with its data in the first HTML. It is read by the page
 * renderer only. No API route reads it: every API call still needs its `Authorization` header, so a
 * request another site makes the browser send carries no power (no CSRF), and the cookie only ever
 * yields a page its own holder reads (docs/decisions/2026-11-29-signed-in-pages-drawn-on-the-server.md).
 */
export const PAGE_SESSION_COOKIE = 'aprendiz_page';

/** Longer values are not one of our tokens, and are not worth a signature check. */
const MAX_TOKEN_LENGTH = 2048;

/** The page session's token, or null when the request has none (or a malformed one). */
export function pageSessionToken(req: Request): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== PAGE_SESSION_COOKIE) continue;
    const value = part.slice(separator + 1).trim();
    // A token is base64url and dots: anything else was not written by us.
    return value.length > 0 && value.length <= MAX_TOKEN_LENGTH && /^[\w.-]+$/.test(value)
      ? value
      : null;
  }
  return null;
}

function cookieOptions(publicUrl: string): CookieOptions {
  return {
    httpOnly: true,
    // Sent on a link followed from elsewhere (an e-mail's 'Continuar'), never on another site's
    // requests for images, frames or forms.
    sameSite: 'lax',
    secure: new URL(publicUrl).protocol === 'https:',
    path: '/',
  };
}

/** Keeps `token` as the page session until `expiresAt` (the token's own expiry). */
export function setPageSession(
  res: Response,
  publicUrl: string,
  token: string,
  expiresAt: Date,
): void {
  res.cookie(PAGE_SESSION_COOKIE, token, { ...cookieOptions(publicUrl), expires: expiresAt });
}

export function clearPageSession(res: Response, publicUrl: string): void {
  res.clearCookie(PAGE_SESSION_COOKIE, cookieOptions(publicUrl));
}
