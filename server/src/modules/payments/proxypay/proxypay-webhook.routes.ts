import express, { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { AppDeps } from '../../../deps';
import {
  applyExpressCallback,
  applyReferenceCallback,
  INVALID_CALLBACK,
  proxyPayOf,
} from './proxypay-payments';
import { badRequest } from '../../../http/errors';
import { rateLimitStore } from '../../../http/rate-limit';

/**
 * The express callback is anonymous (OPG v1 signs nothing), so each address may post it at most this
 * often a minute: OPG posts once per transaction, and a script cannot have us ask it at will.
 */
export const EXPRESS_CALLBACKS_PER_MINUTE = 30;
export const CALLBACKS_LIMITED = 'Muitas notificações. Tente novamente em um minuto.';

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
  const perAddress = rateLimit({
    windowMs: 60_000,
    limit: EXPRESS_CALLBACKS_PER_MINUTE,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: rateLimitStore('proxypay-express', deps.redis),
    handler: (_req, res) => {
      res.status(429).json({ success: false, message: CALLBACKS_LIMITED });
    },
  });
  router.post('/webhooks/proxypay/express', perAddress, raw, async (req, res) => {
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
