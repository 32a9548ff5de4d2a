import express, { type Express } from 'express';
import type { AppDeps } from './deps';
import { compressJson } from './http/compression';
import { errorHandler, notFoundApiHandler } from './http/error-handler';
import { useRequestLogger } from './http/request-logger';
import { securityHeaders } from './http/security-headers';
import { staticClient } from './http/static-client';
import { appShellWriter, crawlerRoutes, renderedPages } from './modules/pages/pages.routes';
import { uploadsRoutes } from './http/uploads';
import { UPLOADS_URL_PATH } from './providers/storage-disk';
import { healthRoutes } from './modules/health/health.routes';
import { coursesRoutes } from './modules/courses/courses.routes';
import { learningRoutes } from './modules/learning/learning.routes';
import { paymentsRoutes, sandboxCheckoutPage } from './modules/payments/payments.routes';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook.routes';
import { proxyPayWebhookRoutes } from './modules/payments/proxypay/proxypay-webhook.routes';
import { clerkWebhookRoutes } from './modules/users/clerk-webhook.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { usersRoutes } from './modules/users/users.routes';
import { educatorRoutes } from './modules/educator/educator.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { onlineRoutes } from './modules/online/online.routes';
import { devOutboxRoutes } from './modules/mail/dev-outbox.routes';
import { accountRoutes } from './modules/account/account.routes';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { accountSecurityRoutes } from './modules/account-security/account-security.routes';
import { opsRoutes } from './modules/jobs/ops.routes';
import { manualRefundRoutes } from './modules/payments/refunds.routes';
import { quizzesRoutes } from './modules/quizzes/quizzes.routes';
import { questionsRoutes } from './modules/questions/questions.routes';
import { notesRoutes } from './modules/notes/notes.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import {
  opsPayoutRoutes,
  payoutsRoutes,
  stripeConnectWebhookRoutes,
} from './modules/payouts/payouts.routes';
import { devPayoutClockRoutes } from './modules/payouts/payout-clock';
import {
  VIDEO_URL_PREFIX,
  videoPlaybackRoutes,
  videosApiRoutes,
} from './modules/videos/videos.routes';
import { bunnyStreamRoutes } from './modules/videos/bunny-routes';
import { twoStepRoutes } from './modules/two-step/two-step.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { educatorApplicationsRoutes } from './modules/educator-applications/educator-applications.routes';

export const JSON_BODY_LIMIT = '100kb';

/** Builds the HTTP app from already-chosen providers; listening is main.ts's job. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // Rate limits key on req.ip: only the proxies TRUST_PROXY names may set it through X-Forwarded-For.
  app.set('trust proxy', deps.config.trustProxy);
  const bunny = deps.config.video.bunny;
  app.use(securityHeaders(deps.config.publicUrl, bunny ? [bunny.cdnOrigin] : []));
  useRequestLogger(app, deps.logger, { autoLogging: deps.config.env !== 'test' });

  const api = express.Router();
  // The public catalogue reads are most of the traffic: matched before every other router, and
  // ahead of compressJson, as they compress their cached bodies themselves.
  api.use(coursesRoutes(deps));
  api.use(compressJson());
  api.use(healthRoutes(deps.database));
  // Webhook routes read the raw body to check signatures, so they are mounted above the JSON parser.
  api.use(stripeWebhookRoutes(deps));
  api.use(proxyPayWebhookRoutes(deps));
  api.use(clerkWebhookRoutes(deps));
  api.use(stripeConnectWebhookRoutes(deps));
  // tus streams each upload's body to the store itself: mounted above the JSON parser.
  api.use(bunnyStreamRoutes(deps));
  api.use(videosApiRoutes(deps));
  api.use(express.json({ limit: JSON_BODY_LIMIT }));
  api.use(opsRoutes(deps));
  api.use(manualRefundRoutes(deps));
  api.use(opsPayoutRoutes(deps));
  api.use(devPayoutClockRoutes(deps.config));
  api.use(authRoutes(deps));
  api.use(accountRoutes(deps));
  api.use(privacyRoutes(deps));
  api.use(accountSecurityRoutes(deps));
  api.use(twoStepRoutes(deps));
  api.use(adminRoutes(deps));
  api.use(educatorApplicationsRoutes(deps));
  api.use(usersRoutes(deps));
  api.use(learningRoutes(deps));
  api.use(quizzesRoutes(deps));
  api.use(questionsRoutes(deps));
  api.use(notesRoutes(deps));
  api.use(notificationsRoutes(deps));
  api.use(paymentsRoutes(deps));
  api.use(educatorRoutes(deps));
  api.use(payoutsRoutes(deps));
  api.use(contactRoutes(deps));
  api.use(onlineRoutes(deps));
  api.use(notFoundApiHandler);
  // The development outbox: mounted ahead of the API's 404, and never in production (no outbox there).
  if (deps.mailer.kind === 'outbox' && deps.config.env !== 'production') {
    app.use(devOutboxRoutes(deps.mailer));
  }
  app.use('/api', api);
  app.use(sandboxCheckoutPage(deps));

  app.use(UPLOADS_URL_PATH, uploadsRoutes(deps));
  app.use(VIDEO_URL_PREFIX, videoPlaybackRoutes(deps));
  app.use(crawlerRoutes(deps));
  app.use(
    staticClient(deps.config.clientDist, {
      pages: renderedPages(deps),
      writeShell: appShellWriter(deps),
    }),
  );
  app.use(errorHandler);
  return app;
}
