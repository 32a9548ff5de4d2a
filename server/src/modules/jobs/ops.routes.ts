import { createHash, timingSafeEqual } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { bearerToken } from '../../http/auth';
import { conflict, forbidden, notFound, unauthorized } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { JOB_STATES } from './job-queue';

export const OPS_CLOSED = 'As operações estão desativadas: defina OPS_TOKEN no servidor';
export const OPS_TOKEN_NEEDED = 'Envie o OPS_TOKEN em Authorization: Bearer';
export const OPS_TOKEN_WRONG = 'Acesso reservado a operadores';
export const JOB_NOT_FOUND = 'Tarefa não encontrada';
export const JOB_NOT_FAILED = 'Só uma tarefa falhada pode ser repetida';

const listQuerySchema = z.object({
  state: z
    .enum(JOB_STATES, { message: `Estado inválido: use ${JOB_STATES.join(', ')}` })
    .optional(),
  name: z.string().trim().min(1).max(100).optional(),
  limit: z.coerce
    .number({ message: 'O limite é um número de 1 a 1000' })
    .int('O limite é um número de 1 a 1000')
    .min(1, 'O limite é um número de 1 a 1000')
    .max(1000, 'O limite é um número de 1 a 1000')
    .default(100),
});

const jobIdSchema = z.uuid();

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Operators only: `Authorization: Bearer $OPS_TOKEN` (compared in constant time). Without the
 * header 401; with any other token, a signed-in user's included, 403; with no OPS_TOKEN configured
 * the endpoints are closed to everyone (403).
 */
export function requireOperator(opsToken: string | undefined): RequestHandler {
  const expected = opsToken === undefined ? undefined : digest(opsToken);
  return (req, _res, next) => {
    if (!expected) throw forbidden(OPS_CLOSED);
    const token = bearerToken(req);
    if (!token) throw unauthorized(OPS_TOKEN_NEEDED);
    if (!timingSafeEqual(digest(token), expected)) throw forbidden(OPS_TOKEN_WRONG);
    next();
  };
}

/**
 * `GET /api/ops/jobs`: counts by queue and state, and the newest jobs (`?state=failed` for the
 * dead letters, `?name=`, `?limit=`); never their data. `POST /api/ops/jobs/:id/retry`: one more
 * attempt for a failed job.
 */
export function opsRoutes(deps: Pick<AppDeps, 'config' | 'jobs' | 'logger'>): Router {
  const router = Router();
  const operator = requireOperator(deps.config.opsToken);

  router.get('/ops/jobs', operator, async (req, res) => {
    const query = parseInput(listQuerySchema, req.query);
    const [counts, jobs] = await Promise.all([deps.jobs.counts(), deps.jobs.list(query)]);
    res.set('Cache-Control', 'no-store').json({ success: true, counts, jobs });
  });

  router.post('/ops/jobs/:id/retry', operator, async (req, res) => {
    const id = jobIdSchema.safeParse(req.params.id);
    if (!id.success) throw notFound(JOB_NOT_FOUND);
    const outcome = await deps.jobs.retry(id.data);
    if (outcome === 'missing') throw notFound(JOB_NOT_FOUND);
    if (outcome === 'not-failed') throw conflict(JOB_NOT_FAILED);
    deps.logger.info({ jobId: id.data }, 'failed job retried by an operator');
    res.json({ success: true, id: id.data, state: 'retry' });
  });

  return router;
}
