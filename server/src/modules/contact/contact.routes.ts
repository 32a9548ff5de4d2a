import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import type { AppDeps } from '../../deps';
import { submitContactMessage } from './contact.service';

export const CONTACT_RATE_LIMIT = 5;
export const CONTACT_RATE_WINDOW_MS = 60_000;
export const CONTACT_RATE_LIMITED = 'Muitas solicitações. Tente novamente em um minuto.';

/**
 * `POST /api/contact` answers in the hosted form service's shape (not `{success}`), because the
 * contact page was written for that service and can still be pointed at it.
 */
export function contactRoutes(deps: AppDeps): Router {
  const router = Router();
  const redis = deps.redis;
  const limiter = rateLimit({
    windowMs: CONTACT_RATE_WINDOW_MS,
    limit: CONTACT_RATE_LIMIT,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // With Redis every instance counts against the same per-IP budget.
    store: redis
      ? new RedisStore({
          prefix: 'aprendiz:rl:contact:',
          sendCommand: (...args: string[]) => redis.sendCommand(args),
        })
      : undefined,
    handler: (_req, res) => {
      res.status(429).json({ error: CONTACT_RATE_LIMITED });
    },
  });

  router.post('/contact', limiter, async (req, res) => {
    const outcome = await submitContactMessage(deps, req.body);
    if (outcome.ok) res.json({ ok: true, next: outcome.next });
    else res.status(400).json({ errors: outcome.errors });
  });
  return router;
}
