import { Router, type RequestHandler } from 'express';
import {
  changeEmailBodySchema,
  sessionIdParamsSchema,
  verifyEmailBodySchema,
} from '@aprendiz/contract/account-security';
import type { AppDeps } from '../../deps';
import { bearerToken, currentUser, requireAuth } from '../../http/auth';
import { forbidden, unauthorized } from '../../http/errors';
import { authRateLimits } from '../../http/rate-limit';
import { parseInput } from '../../http/validate';
import {
  getEmailStatus,
  requestEmailChange,
  resendVerification,
  verifyEmail,
} from './email-verification';
import { endOneSession, endOtherSessions, listSessions, sessionOrigin } from './sessions';

export const ACCOUNT_SECURITY_PATHS = {
  verifyEmail: '/auth/verify-email',
  resendVerification: '/auth/verify-email/resend',
  email: '/account/email',
  sessions: '/account/sessions',
  session: '/account/sessions/:id',
  endOthers: '/account/sessions/end-others',
  privacy: '/site/privacy',
} as const;

export const MANAGED_BY_CLERK_SECURITY =
  'Com o Clerk, a confirmação do e-mail e as sessões ficam na página da conta do Clerk.';

/**
 * The privacy policy's operator facts (both modes), and for local accounts: e-mail confirmation
 * and change, and the list of sessions. With Clerk those are Clerk's (403 saying so).
 */
export function accountSecurityRoutes(deps: AppDeps): Router {
  const router = Router();

  router.get(ACCOUNT_SECURITY_PATHS.privacy, (_req, res) => {
    const { controllerName, contactEmail } = deps.config.privacy;
    res
      .set('Cache-Control', 'public, max-age=300')
      .json({ success: true, controllerName, contactEmail: contactEmail ?? '' });
  });

  const auth = deps.auth;
  if (auth.kind !== 'local') {
    const managedByClerk: RequestHandler = () => {
      throw forbidden(MANAGED_BY_CLERK_SECURITY);
    };
    router.post(ACCOUNT_SECURITY_PATHS.verifyEmail, managedByClerk);
    router.post(ACCOUNT_SECURITY_PATHS.resendVerification, managedByClerk);
    router.get(ACCOUNT_SECURITY_PATHS.email, managedByClerk);
    router.post(ACCOUNT_SECURITY_PATHS.email, managedByClerk);
    router.get(ACCOUNT_SECURITY_PATHS.sessions, managedByClerk);
    router.post(ACCOUNT_SECURITY_PATHS.endOthers, managedByClerk);
    router.delete(ACCOUNT_SECURITY_PATHS.session, managedByClerk);
    return router;
  }

  const db = deps.database.db;
  const local = { ...deps, db, tokens: auth.tokens, passwords: auth.passwords };
  const signedIn = requireAuth(auth);
  const max = deps.config.authRateLimitMax;
  // Links are 256-bit secrets; the budget only keeps a script from hammering the database.
  const linkLimits = authRateLimits({
    maxPerIp: max,
    maxPerEmail: Math.max(1, Math.floor(max / 2)),
    redis: deps.redis,
    redisPrefix: 'aprendiz:rl:verify:',
  });
  const noStore = 'no-store';

  router.post(ACCOUNT_SECURITY_PATHS.verifyEmail, ...linkLimits, async (req, res) => {
    const { token } = parseInput(verifyEmailBodySchema, req.body);
    const email = await verifyEmail(local, token);
    res
      .set('Cache-Control', noStore)
      .json({ success: true, message: `E-mail confirmado: ${email}`, email });
  });

  router.post(ACCOUNT_SECURITY_PATHS.resendVerification, signedIn, async (req, res) => {
    const message = await resendVerification(local, currentUser(req));
    res.set('Cache-Control', noStore).json({ success: true, message });
  });

  router.get(ACCOUNT_SECURITY_PATHS.email, signedIn, async (req, res) => {
    const status = await getEmailStatus(db, currentUser(req));
    res.set('Cache-Control', noStore).json({ success: true, status });
  });

  router.post(ACCOUNT_SECURITY_PATHS.email, signedIn, ...linkLimits, async (req, res) => {
    const body = parseInput(changeEmailBodySchema, req.body);
    const message = await requestEmailChange(local, currentUser(req), body);
    res.set('Cache-Control', noStore).json({ success: true, message });
  });

  router.get(ACCOUNT_SECURITY_PATHS.sessions, signedIn, async (req, res) => {
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    // Last-seen times wait up to a second to be written: this instance's go first.
    await deps.sessionActivity.flush();
    const sessions = await listSessions(db, currentUser(req), token);
    res.set('Cache-Control', noStore).json({ success: true, sessions });
  });

  router.post(ACCOUNT_SECURITY_PATHS.endOthers, signedIn, async (req, res) => {
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    const result = await endOtherSessions(local, currentUser(req), token, sessionOrigin(req));
    const message =
      result.ended === 0
        ? 'Não havia outras sessões abertas. Este dispositivo continua conectado.'
        : `${result.ended === 1 ? '1 sessão encerrada' : `${result.ended} sessões encerradas`}. Este dispositivo continua conectado.`;
    res.set('Cache-Control', noStore).json({ success: true, message, ...result });
  });

  router.delete(ACCOUNT_SECURITY_PATHS.session, signedIn, async (req, res) => {
    const { id } = parseInput(sessionIdParamsSchema, req.params);
    await endOneSession(local, currentUser(req), id);
    res.set('Cache-Control', noStore).json({ success: true, message: 'Sessão encerrada' });
  });

  return router;
}
