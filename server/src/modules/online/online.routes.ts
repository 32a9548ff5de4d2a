import { Router } from 'express';
import { onlineBodySchema } from '@aprendiz/contract/site';
import type { AppDeps } from '../../deps';
import { parseInput } from '../../http/validate';

/** `POST /api/online {clientId}` → a bare JSON number, the shape the hosted counter answered with. */
export function onlineRoutes(deps: AppDeps): Router {
  const router = Router();
  router.post('/online', async (req, res) => {
    const { clientId } = parseInput(onlineBodySchema, req.body);
    const online = await deps.online.touch(clientId);
    res.set('Cache-Control', 'no-store').json(online);
  });
  return router;
}
