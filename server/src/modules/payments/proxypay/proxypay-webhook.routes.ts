import express, { Router } from 'express';
import type { AppDeps } from '../../../deps';
import {
  applyExpressCallback,
  applyReferenceCallback,
  INVALID_CALLBACK,
  proxyPayOf,
} from './proxypay-payments';
import { badRequest } from '../../../http/errors';

/** A payment or a transaction object: a few hundred bytes. */
const CALLBACK_BODY_LIMIT = '64kb';

/**
 * ProxyPay's callbacks, mounted above the JSON parser because the reference callback's signature
 * covers the raw bytes. Absent (404) unless ProxyPay is configured.
 */
export function proxyPayWebhookRoutes(deps: AppDeps): Router {
  const router = Router();
  if (!proxyPayOf(deps)) return router;
  const raw = express.raw({ type: () => true, limit: CALLBACK_BODY_LIMIT });

  // The payments callback URL registered with ProxyPay for the account (RPS v2).
  router.post('/webhooks/proxypay', raw, async (req, res) => {
    const body: unknown = req.body;
    const rawBody = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
    const result = await applyReferenceCallback(deps, rawBody, req.get('x-signature'));
    req.log?.info({ result }, 'proxypay reference callback');
    res.json({ success: true, result });
  });

  // The callback_url each Multicaixa Express request names (OPG v1).
  router.post('/webhooks/proxypay/express', raw, async (req, res) => {
    const body: unknown = req.body;
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.isBuffer(body) ? body.toString('utf8') : '');
    } catch {
      throw badRequest(INVALID_CALLBACK);
    }
    const result = await applyExpressCallback(deps, payload);
    req.log?.info({ result }, 'proxypay express callback');
    res.json({ success: true, result });
  });
  return router;
}
