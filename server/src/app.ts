import express, { type Express } from 'express';
import helmet from 'helmet';
import type { AppDeps } from './deps';
import { compressJson } from './http/compression';
import { errorHandler, notFoundApiHandler } from './http/error-handler';
import { requestLogger } from './http/request-logger';
import { staticClient } from './http/static-client';
import { crawlerRoutes, renderedPages } from './modules/pages/pages.routes';
import { uploadsRoutes } from './http/uploads';
import { UPLOADS_URL_PATH } from './providers/storage-disk';
import { healthRoutes } from './modules/health/health.routes';
import { coursesRoutes } from './modules/courses/courses.routes';
import { learningRoutes } from './modules/learning/learning.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook.routes';
import { clerkWebhookRoutes } from './modules/webhooks/clerk.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { usersRoutes } from './modules/users/users.routes';
import { educatorRoutes } from './modules/educator/educator.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { onlineRoutes } from './modules/online/online.routes';
import { devOutboxRoutes } from './modules/mail/dev-outbox.routes';
import { accountRoutes } from './modules/account/account.routes';

export const JSON_BODY_LIMIT = '100kb';

/** Builds the HTTP app from already-chosen providers; listening is main.ts's job. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // Rate limits key on req.ip: only the proxies TRUST_PROXY names may set it through X-Forwarded-For.
  app.set('trust proxy', deps.config.trustProxy);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'script-src': [
            "'self'",
            'https://www.youtube.com',
            // The YouTube player library fetches the iframe API over the page's own scheme: on a
            // plain-HTTP deployment that is http://www.youtube.com/iframe_api.
            ...(deps.config.publicUrl.startsWith('https:') ? [] : ['http://www.youtube.com']),
            'https://assets.calendly.com',
            'https://*.clerk.accounts.dev',
            'https://*.clerk.com',
          ],
          'frame-src': [
            "'self'",
            'https://www.youtube.com',
            'https://www.youtube-nocookie.com',
            'https://calendly.com',
            'https://*.clerk.accounts.dev',
            'https://checkout.stripe.com',
          ],
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'connect-src': ["'self'", 'https:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'worker-src': ["'self'", 'blob:'],
          // Over plain HTTP on any host but localhost, browsers would upgrade every script and
          // stylesheet to an https:// that does not answer, leaving a blank page.
          'upgrade-insecure-requests': deps.config.publicUrl.startsWith('https:') ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(requestLogger(deps.logger, { autoLogging: deps.config.env !== 'test' }));

  const api = express.Router();
  api.use(compressJson());
  // The public catalogue reads are most of the traffic: matched before every other router.
  api.use(coursesRoutes(deps));
  api.use(healthRoutes(deps.database));
  // Webhook routes read the raw body to check signatures, so they are mounted above the JSON parser.
  api.use(stripeWebhookRoutes(deps));
  api.use(clerkWebhookRoutes(deps));
  api.use(express.json({ limit: JSON_BODY_LIMIT }));
  api.use(authRoutes(deps));
  api.use(accountRoutes(deps));
  api.use(usersRoutes(deps));
  api.use(learningRoutes(deps));
  api.use(paymentsRoutes(deps));
  api.use(educatorRoutes(deps));
  api.use(contactRoutes(deps));
  api.use(onlineRoutes(deps));
  api.use(notFoundApiHandler);
  // The development outbox: mounted ahead of the API's 404, and never in production (no outbox there).
  if (deps.mailer.kind === 'outbox' && deps.config.env !== 'production') {
    app.use(devOutboxRoutes(deps.mailer));
  }
  app.use('/api', api);

  app.use(UPLOADS_URL_PATH, uploadsRoutes(deps));
  app.use(crawlerRoutes(deps));
  app.use(staticClient(deps.config.clientDist, renderedPages(deps)));
  app.use(errorHandler);
  return app;
}
