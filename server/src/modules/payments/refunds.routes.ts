import { Router, type RequestHandler } from 'express';
import { refundDestinationBodySchema, refundRequestSchema } from '@aprendiz/contract/payments';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../http/auth';
import { parseInput } from '../../http/validate';
import { requireOperator } from '../jobs/ops.routes';
import { listManualRefunds } from './refunds.repository';
import { confirmManualRefundPaid, giveRefundDestination, requestRefund } from './refunds';

/**
 * `POST /api/payments/:purchaseId/refund {reason?, destination?}`: the buyer's own refund;
 * `PUT /api/payments/:purchaseId/refund-destination {destination}`: where money owed back goes.
 */
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

  // 'Informe o IBAN': where money owed back by hand is sent.
  router.put('/payments/:purchaseId/refund-destination', ...auth, async (req, res) => {
    const { destination } = parseInput(refundDestinationBodySchema, req.body ?? {});
    await giveRefundDestination(deps, currentUser(req), String(req.params.purchaseId), destination);
    res.json({ success: true, message: 'Recebemos os dados. O valor será enviado em breve.' });
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
