import { Router } from 'express';
import { signInBodySchema, signUpBodySchema } from '@aprendiz/contract/auth';
import type { AppDeps } from '../../deps';
import { signInRateLimits } from '../../http/rate-limit';
import { parseInput } from '../../http/validate';
import { signIn, signUp } from './auth.service';

/**
 * `POST /api/auth/sign-up` and `/sign-in`, for local accounts only: with Clerk configured they do
 * not exist (404), since accounts live at Clerk.
 */
export function authRoutes(deps: AppDeps): Router {
  const router = Router();
  const auth = deps.auth;
  if (auth.kind !== 'local') return router;

  const local = { db: deps.database.db, tokens: auth.tokens, passwords: auth.passwords };
  const max = deps.config.authRateLimitMax;
  const limits = signInRateLimits({
    maxPerIp: max,
    maxPerAddressAndEmail: Math.max(1, Math.floor(max / 2)),
    slowAfterPerEmail: max,
    redis: deps.redis,
  });

  router.post('/auth/sign-up', ...limits, async (req, res) => {
    const body = parseInput(signUpBodySchema, req.body);
    const result = await signUp(local, body);
    res
      .status(201)
      .set('Cache-Control', 'no-store')
      .json({ success: true, ...result });
  });

  router.post('/auth/sign-in', ...limits, async (req, res) => {
    const body = parseInput(signInBodySchema, req.body);
    const result = await signIn(local, body);
    res.set('Cache-Control', 'no-store').json({ success: true, ...result });
  });

  return router;
}
