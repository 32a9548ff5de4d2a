import { Router, type RequestHandler } from 'express';
import { refundRequestSchema } from '@aprendiz/contract/payments';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../http/auth';
import { parseInput } from '../../http/validate';
import { requireOperator } from '../jobs/ops.routes';
import { listManualRefunds } from './refunds.repository';
import { confirmManualRefundPaid, requestRefund } from './refunds';

/** `POST /api/payments/:purchaseId/refund {reason?, destination?}`: the buyer's own refund. */
export function addRefundRoutes(router: Router, deps: AppDeps, auth: RequestHandler[]): void {
  router.post('/payments/:purchaseId/refund', ...auth, async (req, res) => {
    const request = parseInput(refundRequestSchema, req.body ?? {});
    const purchase = await requestRefund(
      deps,
      currentUser(req),
      String(req.params.purchaseId),
      request,
    );
    res.json({ success: true, purchase });
  });
}

/**
 * Operators only (OPS_TOKEN): `GET /api/ops/refunds` lists the refunds to pay by hand (`?all=1`
 * with the paid ones), `POST /api/ops/refunds/:purchaseId/paid` records one as sent.
 */
export function manualRefundRoutes(deps: Pick<AppDeps, 'config' | 'database' | 'logger'>): Router {
  const router = Router();
  const operator = requireOperator(deps.config.opsToken);

  router.get('/ops/refunds', operator, async (req, res) => {
    const refunds = await listManualRefunds(deps.database.db, {
      unpaidOnly: req.query.all !== '1',
    });
    res.set('Cache-Control', 'no-store').json({
      success: true,
      refunds: refunds.map((r) => ({
        ...r,
        amount: Number(r.amount),
        createdAt: r.createdAt.toISOString(),
        paidAt: r.paidAt?.toISOString() ?? null,
      })),
    });
  });

  router.post('/ops/refunds/:purchaseId/paid', operator, async (req, res) => {
    const purchaseId = String(req.params.purchaseId);
    await confirmManualRefundPaid(deps, purchaseId);
    res.json({ success: true, purchaseId });
  });

  return router;
}
