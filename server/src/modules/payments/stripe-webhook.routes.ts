import express, { Router } from 'express';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/errors';
import { applyStripeEvent, INVALID_EVENT } from './stripe-webhook.service';

/** Stripe's events are small, but a checkout session with line items can outgrow the JSON limit. */
const WEBHOOK_BODY_LIMIT = '1mb';

/**
 * `POST /api/webhooks/stripe`, mounted above the JSON parser because the signature covers the raw
 * bytes. Absent (404) when payments run in the sandbox.
 */
export function stripeWebhookRoutes(deps: AppDeps): Router {
  const router = Router();
  const payments = deps.payments;
  if (payments.kind !== 'stripe') return router;

  router.post(
    '/webhooks/stripe',
    express.raw({ type: 'application/json', limit: WEBHOOK_BODY_LIMIT }),
    async (req, res) => {
      const signature = req.get('stripe-signature');
      const body: unknown = req.body;
      if (!signature || !Buffer.isBuffer(body)) throw badRequest('Assinatura do webhook ausente');
      let payload: unknown;
      try {
        payload = payments.verifyWebhook(body, signature);
      } catch (err) {
        // The signature is checked before the JSON is parsed: a parse error means signed garbage.
        throw badRequest(
          err instanceof SyntaxError ? INVALID_EVENT : 'Assinatura do webhook inválida',
        );
      }
      const { eventId, type, result } = await applyStripeEvent({ ...deps, payments }, payload);
      req.log?.info({ eventId, type, result }, 'stripe event');
      res.json({ success: true, received: true, result });
    },
  );
  return router;
}
