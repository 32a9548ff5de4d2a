import express, { Router } from 'express';
import { Webhook, WebhookVerificationError } from 'svix';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/errors';
import { applyClerkEvent, readClerkEvent } from './clerk-webhook.service';

/** User objects carry every e-mail, phone and external account; well above the JSON limit is rare. */
const WEBHOOK_BODY_LIMIT = '1mb';

/**
 * `POST /api/webhooks/clerk`, mounted above the JSON parser because the svix signature covers the
 * raw bytes. Absent (404) with local accounts.
 */
export function clerkWebhookRoutes(deps: AppDeps): Router {
  const router = Router();
  const auth = deps.config.auth;
  if (auth.provider !== 'clerk') return router;
  const webhook = new Webhook(auth.webhookSecret);

  router.post(
    '/webhooks/clerk',
    express.raw({ type: 'application/json', limit: WEBHOOK_BODY_LIMIT }),
    async (req, res) => {
      const body: unknown = req.body;
      const headers = {
        'svix-id': req.get('svix-id') ?? '',
        'svix-timestamp': req.get('svix-timestamp') ?? '',
        'svix-signature': req.get('svix-signature') ?? '',
      };
      if (!Buffer.isBuffer(body) || Object.values(headers).some((value) => value === '')) {
        throw badRequest('Assinatura do webhook ausente');
      }
      let payload: unknown;
      try {
        payload = webhook.verify(body, headers);
      } catch (err) {
        if (err instanceof WebhookVerificationError) {
          throw badRequest('Assinatura do webhook inválida');
        }
        // Correctly signed, but not JSON: read as a malformed event below.
        payload = undefined;
      }
      const event = readClerkEvent(payload);
      const result = await applyClerkEvent(deps, headers['svix-id'], event);
      const deliveryId = headers['svix-id'];
      if (event.kind === 'malformed') {
        req.log.warn(
          { deliveryId, type: event.type, problems: event.problems, result },
          'clerk event not readable',
        );
      } else {
        req.log.info({ deliveryId, kind: event.kind, result }, 'clerk event');
      }
      res.json({ success: true, received: true, result });
    },
  );
  return router;
}
