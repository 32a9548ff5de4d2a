import { Router } from 'express';
import { signInBodySchema, signUpBodySchema } from '@aprendiz/contract/auth';
import { twoStepSignInBodySchema } from '@aprendiz/contract/staff';
import type { AppDeps } from '../../deps';
import { bearerToken, requireAuth } from '../../http/auth';
import { unauthorized } from '../../http/errors';
import { clearPageSession, setPageSession } from '../../http/page-session';
import { signInRateLimits } from '../../http/rate-limit';
import { parseInput } from '../../http/validate';
import { sessionOrigin } from '../account-security/sessions';
import { finishTwoStepSignIn, signIn, signUp } from './auth.service';

/** Where the browser keeps its page session in step with its token (under /api). */
export const PAGE_SESSION_PATH = '/auth/page-session';

/**
 * `POST /api/auth/sign-up` and `/sign-in`, for local accounts only: with Clerk configured they do
 * not exist (404), since accounts live at Clerk.
 */
export function authRoutes(deps: AppDeps): Router {
  const router = Router();
  const auth = deps.auth;
  if (auth.kind !== 'local') return router;

  const local = {
    db: deps.database.db,
    jobs: deps.jobs,
    tokens: auth.tokens,
    passwords: auth.passwords,
    adminEmails: deps.config.adminEmails,
  };
  const max = deps.config.authRateLimitMax;
  const limits = signInRateLimits({
    maxPerIp: max,
    maxPerAddressAndEmail: Math.max(1, Math.floor(max / 2)),
    slowAfterPerEmail: max,
    redis: deps.redis,
  });

  router.post('/auth/sign-up', ...limits, async (req, res) => {
    const body = parseInput(signUpBodySchema, req.body);
    const result = await signUp(local, body, sessionOrigin(req));
    res
      .status(201)
      .set('Cache-Control', 'no-store')
      .json({ success: true, ...result });
  });

  router.post('/auth/sign-in', ...limits, async (req, res) => {
    const body = parseInput(signInBodySchema, req.body);
    const result = await signIn(local, body, sessionOrigin(req));
    res.set('Cache-Control', 'no-store').json({ success: true, ...result });
  });

  // The second step of a sign-in with two-step on; wrong codes are limited per account as well.
  router.post('/auth/sign-in/2fa', ...limits, async (req, res) => {
    const body = parseInput(twoStepSignInBodySchema, req.body);
    const result = await finishTwoStepSignIn(local, body.challenge, body.code, sessionOrigin(req));
    res.set('Cache-Control', 'no-store').json({ success: true, ...result });
  });

  // The page session (http/page-session.ts): the browser hands over the token it holds, and gets it
  // back as an HttpOnly cookie the page renderer reads. Only the header is trusted, never a cookie.
  router.post(PAGE_SESSION_PATH, requireAuth(auth), async (req, res) => {
    const token = bearerToken(req);
    const claims = token ? await auth.tokens.verify(token) : null;
    if (!token || !claims) throw unauthorized();
    setPageSession(res, deps.config.publicUrl, token, claims.expiresAt);
    res.set('Cache-Control', 'no-store').status(204).end();
  });

  // Anyone may forget their own cookie: a session that ended without the server (a 401) does this.
  router.delete(PAGE_SESSION_PATH, (_req, res) => {
    clearPageSession(res, deps.config.publicUrl);
    res.set('Cache-Control', 'no-store').status(204).end();
  });

  return router;
}
