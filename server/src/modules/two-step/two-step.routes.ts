import { Router } from 'express';
import { twoStepCodeBodySchema } from '@aprendiz/contract/staff';
import type { AppDeps } from '../../deps';
import { currentUser, requireAuth } from '../../http/auth';
import { parseInput } from '../../http/validate';
import {
  disableTwoStepWithCode,
  enableTwoStepWithCode,
  setUpTwoStep,
  twoStepStatus,
} from './two-step.service';

/**
 * Two-step sign-in of a local account: `GET /account/2fa` (on or off, recovery codes left),
 * `POST /account/2fa/setup` → {secret, otpauthUrl, qrCode}, `POST /account/2fa/enable {code}` →
 * {recoveryCodes}, `POST /account/2fa/disable {code}`. With Clerk, Clerk's own two-step applies and
 * these do not exist.
 */
export function twoStepRoutes(deps: AppDeps): Router {
  const router = Router();
  if (deps.auth.kind !== 'local') return router;
  const db = deps.database.db;
  const signedIn = requireAuth(deps.auth);

  router.get('/account/2fa', signedIn, async (req, res) => {
    const status = await twoStepStatus(db, currentUser(req).id);
    res.set('Cache-Control', 'no-store').json({ success: true, ...status });
  });

  router.post('/account/2fa/setup', signedIn, async (req, res) => {
    const setup = await setUpTwoStep(db, currentUser(req));
    res.set('Cache-Control', 'no-store').json({ success: true, ...setup });
  });

  router.post('/account/2fa/enable', signedIn, async (req, res) => {
    const { code } = parseInput(twoStepCodeBodySchema, req.body);
    const { recoveryCodes } = await enableTwoStepWithCode(db, currentUser(req).id, code);
    res.set('Cache-Control', 'no-store').json({ success: true, recoveryCodes });
  });

  router.post('/account/2fa/disable', signedIn, async (req, res) => {
    const { code } = parseInput(twoStepCodeBodySchema, req.body);
    await disableTwoStepWithCode(db, currentUser(req).id, code);
    res.json({ success: true });
  });

  return router;
}
