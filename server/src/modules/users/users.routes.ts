import { Router } from 'express';
import type { AppDeps } from '../../deps';
import { currentUser, requireAuth } from '../../http/auth';
import { educatorTitleBodySchema } from '@aprendiz/contract/auth';
import { parseInput } from '../../http/validate';
import { becomeEducator, getUserData, setEducatorTitle } from './users.service';

export function usersRoutes(deps: AppDeps): Router {
  const router = Router();
  const auth = requireAuth(deps.auth);

  router.get('/user/data', auth, async (req, res) => {
    const user = await getUserData(deps, currentUser(req));
    res.set('Cache-Control', 'private, no-cache').json({ success: true, user });
  });

  // Any signed-in user may call it: it is how a student becomes an educator.
  router.get('/educator/update-role', auth, async (req, res) => {
    const message = await becomeEducator(deps, currentUser(req));
    res.set('Cache-Control', 'no-store').json({ success: true, message });
  });

  router.put('/user/educator-title', auth, async (req, res) => {
    const { educatorTitle } = parseInput(educatorTitleBodySchema, req.body);
    const message = await setEducatorTitle(deps, currentUser(req), educatorTitle);
    res.set('Cache-Control', 'no-store').json({ success: true, message, educatorTitle });
  });

  return router;
}
