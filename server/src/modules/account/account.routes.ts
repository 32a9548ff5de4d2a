import { Router, type RequestHandler } from 'express';
import {
  changePasswordBodySchema,
  FORGOT_PASSWORD_ANSWER,
  forgotPasswordBodySchema,
  profileInputSchema,
  resetLinkCheckBodySchema,
  resetPasswordBodySchema,
} from '@aprendiz/contract/account';
import type { AppDeps } from '../../deps';
import { bearerToken, currentUser, requireAuth } from '../../http/auth';
import { forbidden, unauthorized } from '../../http/errors';
import { authRateLimits } from '../../http/rate-limit';
import { PHOTO_MESSAGES, singleImageUpload } from '../../http/upload';
import { parseInput } from '../../http/validate';
import { sessionOrigin } from '../account-security/sessions';
import {
  changePassword,
  changeProfile,
  isResetLinkUsable,
  requestPasswordReset,
  resetPassword,
  signOut,
} from './account.service';
import { clearPageSession } from '../../http/page-session';

export const MANAGED_BY_CLERK =
  'A sua conta é gerenciada pelo Clerk: altere o perfil e a senha, ou saia, na página da conta do Clerk.';

export const ACCOUNT_PATHS = {
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  resetLinkCheck: '/auth/reset-password/check',
  signOut: '/auth/sign-out',
  changePassword: '/user/change-password',
  profile: '/user/profile',
} as const;

/**
 * Managing a local account: forgotten and changed passwords, sign-out that revokes the token, and
 * the profile (name, photo). With Clerk the account lives there (its own UserProfile), so each of
 * these answers 403 saying so, and nothing else changes.
 */
export function accountRoutes(deps: AppDeps): Router {
  const router = Router();
  const auth = deps.auth;
  if (auth.kind !== 'local') {
    const managedByClerk: RequestHandler = () => {
      throw forbidden(MANAGED_BY_CLERK);
    };
    router.post(ACCOUNT_PATHS.forgotPassword, managedByClerk);
    router.post(ACCOUNT_PATHS.resetPassword, managedByClerk);
    router.post(ACCOUNT_PATHS.resetLinkCheck, managedByClerk);
    router.post(ACCOUNT_PATHS.signOut, managedByClerk);
    router.post(ACCOUNT_PATHS.changePassword, managedByClerk);
    router.patch(ACCOUNT_PATHS.profile, managedByClerk);
    return router;
  }

  const account = { ...deps, tokens: auth.tokens, passwords: auth.passwords };
  const signedIn = requireAuth(auth);
  const max = deps.config.authRateLimitMax;
  // The sign-in budget, counted apart: mailing links and guessing passwords each have their own.
  const limits = authRateLimits({
    maxPerIp: max,
    maxPerEmail: Math.max(1, Math.floor(max / 2)),
    redis: deps.redis,
    redisPrefix: 'aprendiz:rl:account:',
  });

  router.post(ACCOUNT_PATHS.forgotPassword, ...limits, async (req, res) => {
    const { email } = parseInput(forgotPasswordBodySchema, req.body);
    await requestPasswordReset(account, email);
    res.set('Cache-Control', 'no-store').json({ success: true, message: FORGOT_PASSWORD_ANSWER });
  });

  // Asked when the mailed link is opened, so a used or expired link says so before any typing.
  router.post(ACCOUNT_PATHS.resetLinkCheck, ...limits, async (req, res) => {
    const { token } = parseInput(resetLinkCheckBodySchema, req.body);
    const usable = await isResetLinkUsable(account, token);
    res.set('Cache-Control', 'no-store').json({ success: true, usable });
  });

  router.post(ACCOUNT_PATHS.resetPassword, ...limits, async (req, res) => {
    const body = parseInput(resetPasswordBodySchema, req.body);
    await resetPassword(account, body);
    res.set('Cache-Control', 'no-store').json({
      success: true,
      message: 'Senha alterada. Entre com a nova senha.',
    });
  });

  router.post(ACCOUNT_PATHS.signOut, signedIn, async (req, res) => {
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    await signOut(account, token);
    // The page session held the same token: the pages are signed out with the API.
    clearPageSession(res, deps.config.publicUrl);
    res.set('Cache-Control', 'no-store').json({ success: true, message: 'Sessão terminada' });
  });

  router.post(ACCOUNT_PATHS.changePassword, signedIn, ...limits, async (req, res) => {
    const body = parseInput(changePasswordBodySchema, req.body);
    const current = bearerToken(req);
    if (!current) throw unauthorized();
    const token = await changePassword(account, currentUser(req), body, {
      token: current,
      origin: sessionOrigin(req),
    });
    res.set('Cache-Control', 'no-store').json({
      success: true,
      message: 'Senha alterada. As outras sessões foram terminadas.',
      token,
    });
  });

  // Who first, body second: an anonymous upload is refused before it is read into memory.
  router.patch(
    ACCOUNT_PATHS.profile,
    signedIn,
    singleImageUpload('image', PHOTO_MESSAGES),
    async (req, res) => {
      const input = parseInput(profileInputSchema, req.body);
      const user = await changeProfile(account, currentUser(req), input, req.file?.buffer);
      res
        .set('Cache-Control', 'no-store')
        .json({ success: true, message: 'Perfil atualizado', user });
    },
  );

  return router;
}
