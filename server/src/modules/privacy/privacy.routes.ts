import { Router } from 'express';
import { z } from 'zod';
import {
  deleteAccountBodySchema,
  exportRequestIdSchema,
  privacyRequestsQuerySchema,
} from '@aprendiz/contract/privacy';
import type { AppDeps } from '../../deps';
import { bearerToken, currentUser, requireAuth } from '../../http/auth';
import { notFound, unauthorized } from '../../http/errors';
import { authRateLimits } from '../../http/rate-limit';
import { parseInput } from '../../http/validate';
import { requireOperator } from '../jobs/ops.routes';
import {
  cancelDeletion,
  downloadExport,
  EXPORT_LINK_INVALID,
  EXPORT_NOT_FOUND,
  getExportStatus,
  getPrivacyState,
  listRequests,
  requestDeletion,
  requestExport,
} from './privacy.service';

export const PRIVACY_PATHS = {
  state: '/account/privacy',
  export: '/account/export',
  exportStatus: '/account/export/:requestId',
  exportFile: '/account/export/:requestId/file',
  delete: '/account/delete',
  cancelDelete: '/account/delete/cancel',
  opsRequests: '/ops/privacy-requests',
} as const;

const fileQuerySchema = z.object({
  token: z
    .string({ message: EXPORT_LINK_INVALID })
    .min(1, EXPORT_LINK_INVALID)
    .max(200, EXPORT_LINK_INVALID),
});

/**
 * A person's data rights: the export ('Baixar meus dados') and closing the account ('Excluir minha
 * conta'), for local and Clerk accounts alike; and the operators' list of every such request with
 * its LGPD deadline (behind OPS_TOKEN until the console lists it).
 */
export function privacyRoutes(deps: AppDeps): Router {
  const router = Router();
  const signedIn = requireAuth(deps.auth);
  const max = deps.config.authRateLimitMax;
  // The password check of 'Excluir minha conta' is a password guess like any other.
  const passwordLimits = authRateLimits({
    maxPerIp: max,
    maxPerEmail: Math.max(1, Math.floor(max / 2)),
    redis: deps.redis,
    redisPrefix: 'aprendiz:rl:privacy:',
  });

  router.get(PRIVACY_PATHS.state, signedIn, async (req, res) => {
    const state = await getPrivacyState(deps, currentUser(req));
    res.set('Cache-Control', 'no-store').json({ success: true, ...state });
  });

  router.post(PRIVACY_PATHS.export, signedIn, async (req, res) => {
    const { requestId } = await requestExport(deps, currentUser(req));
    res.status(201).set('Cache-Control', 'no-store').json({ success: true, requestId });
  });

  router.get(PRIVACY_PATHS.exportStatus, signedIn, async (req, res) => {
    const parsed = exportRequestIdSchema.safeParse(req.params.requestId);
    if (!parsed.success) throw notFound(EXPORT_NOT_FOUND);
    const status = await getExportStatus(deps, currentUser(req), parsed.data);
    res.set('Cache-Control', 'no-store').json({ success: true, ...status });
  });

  // Opened from the mail, so no session: the link's secret is the key.
  router.get(PRIVACY_PATHS.exportFile, async (req, res) => {
    const id = exportRequestIdSchema.safeParse(req.params.requestId);
    const query = fileQuerySchema.safeParse(req.query);
    if (!id.success || !query.success) throw notFound(EXPORT_LINK_INVALID);
    const file = await downloadExport(deps, id.data, query.data.token);
    res
      .set({
        'Cache-Control': 'no-store',
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${file.fileName}"`,
        'Referrer-Policy': 'no-referrer',
      })
      .send(file.bytes);
  });

  router.post(PRIVACY_PATHS.delete, signedIn, ...passwordLimits, async (req, res) => {
    const body = parseInput(deleteAccountBodySchema, req.body ?? {});
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    const { scheduledFor } = await requestDeletion(deps, currentUser(req), body, token);
    res.set('Cache-Control', 'no-store').json({
      success: true,
      message:
        deps.auth.kind === 'local'
          ? 'Exclusão agendada. Você saiu de todos os aparelhos; entre de novo antes da data para cancelar.'
          : 'Exclusão agendada. Para cancelar, use “Cancelar exclusão” antes da data.',
      scheduledFor: scheduledFor.toISOString(),
    });
  });

  router.post(PRIVACY_PATHS.cancelDelete, signedIn, async (req, res) => {
    await cancelDeletion(deps, currentUser(req));
    res
      .set('Cache-Control', 'no-store')
      .json({ success: true, message: 'Exclusão cancelada. Sua conta continua ativa.' });
  });

  router.get(PRIVACY_PATHS.opsRequests, requireOperator(deps.config.opsToken), async (req, res) => {
    const query = parseInput(privacyRequestsQuerySchema, req.query);
    const requests = await listRequests(deps, {
      kind: query.kind,
      open: query.open === '1',
      limit: query.limit,
    });
    res.set('Cache-Control', 'no-store').json({ success: true, requests });
  });

  return router;
}
