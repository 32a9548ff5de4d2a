import { Router } from 'express';
import { z } from 'zod';
import type { Config } from '../../config';
import { parseInput } from '../../http/validate';
import { requireOperator } from '../jobs/ops.routes';

const offsets = new WeakMap<Config, Map<string, number>>();

/**
 * The payouts' clock for one educator: the real time, moved by whole days on a development or test
 * server so that a journey can see its sale's hold end without waiting a week (per educator, so that
 * journeys running side by side do not move each other's). Production has no way to move it.
 */
export function payoutNow(config: Config, educatorId: string): Date {
  return new Date(Date.now() + (offsets.get(config)?.get(educatorId) ?? 0));
}

const moveSchema = z.object({
  educatorId: z.string({ error: 'Informe o educador' }).min(1, 'Informe o educador').max(100),
  days: z
    .number({ error: 'Informe os dias' })
    .int('Um número inteiro de dias')
    .min(0, 'De 0 a 60 dias')
    .max(60, 'De 0 a 60 dias'),
});

/**
 * `POST /api/dev/payout-clock {educatorId, days}`: moves that educator's payouts clock `days` ahead
 * of the real one
 * (0 puts it back). Outside production only, and for operators (OPS_TOKEN).
 */
export function devPayoutClockRoutes(config: Config): Router {
  const router = Router();
  if (config.env === 'production') return router;
  router.post('/dev/payout-clock', requireOperator(config.opsToken), (req, res) => {
    const { educatorId, days } = parseInput(moveSchema, req.body);
    let byEducator = offsets.get(config);
    if (!byEducator) offsets.set(config, (byEducator = new Map()));
    byEducator.set(educatorId, days * 24 * 60 * 60 * 1000);
    res.json({ success: true, now: payoutNow(config, educatorId).toISOString() });
  });
  return router;
}
