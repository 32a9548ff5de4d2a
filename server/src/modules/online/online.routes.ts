import { Router } from 'express';
import { onlineBodySchema } from '@aprendiz/contract/site';
import type { AppDeps } from '../../deps';
import { parseInput } from '../../http/validate';

/**
 * `POST /api/online {clientId}` → a bare JSON number, the shape the hosted counter answered with.
 * Counted per client address (TRUST_PROXY decides which), at most ONLINE_MAX_PER_ADDRESS of them.
 */
export function onlineRoutes(deps: AppDeps): Router {
  const router = Router();
  router.post('/online', async (req, res) => {
    const { clientId } = parseInput(onlineBodySchema, req.body);
    const online = await deps.online.touch(clientId, req.ip ?? 'unknown');
    res.set('Cache-Control', 'no-store').json(online);
  });
  return router;
}
