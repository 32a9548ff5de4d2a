import { Router, type RequestHandler } from 'express';
import { purchaseBodySchema } from '@aprendiz/contract/payments';
import type { AppDeps } from '../../deps';
import { currentUser, requireAuth } from '../../http/auth';
import { parseInput } from '../../http/validate';
import { getPaymentAttempt } from './payment-attempts';
import { addPaymentAttemptRoutes, pushRateLimits } from './payment-attempts.routes';
import { addRefundRoutes } from './refunds.routes';
import { addCouponRoutes, couponGuessLimits, markCouponMiss } from './coupons.routes';
import { getOwnPurchase, startPurchase } from './payments.service';
import { addSandboxRoutes } from './sandbox.routes';

/**
 * A purchase answer is one person's (its amount, status, checkout address): no shared cache or
 * browser history may keep it, whatever the answer, errors included.
 */
const privateAnswer: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'private, no-store');
  next();
};

export function paymentsRoutes(deps: AppDeps): Router {
  const router = Router();
  const auth = [privateAnswer, requireAuth(deps.auth)];
  const pushLimits = pushRateLimits(deps);
  addPaymentAttemptRoutes(router, deps, auth, pushLimits);
  addRefundRoutes(router, deps, auth);
  const guessLimits = couponGuessLimits(deps);
  addCouponRoutes(router, deps, guessLimits);

  router.post('/user/purchase', ...auth, ...guessLimits, ...pushLimits, async (req, res) => {
    const { courseId, method, phone, coupon, euWaiver } = parseInput(purchaseBodySchema, req.body);
    const choice = method ? { method, phone } : undefined;
    const user = currentUser(req);
    const started = await startPurchase(deps, user, courseId, choice, coupon, euWaiver);
    res.json({
      success: true,
      session_url: started.sessionUrl,
      ...(started.enrolled ? { enrolled: true } : {}),
    });
  });

  router.get('/payments/:purchaseId', ...auth, async (req, res) => {
    const purchaseId = String(req.params.purchaseId);
    const attempt = await getPaymentAttempt(deps, currentUser(req), purchaseId);
    const purchase = await getOwnPurchase(deps, currentUser(req), purchaseId);
    res.json({ success: true, purchase: { ...purchase, ...attempt } });
  });

  addSandboxRoutes(router, deps, auth);

  router.use(markCouponMiss);
  return router;
}

/**
 * `/checkout/:purchaseId` is the client's sandbox card page ('Modo de teste', 'Pagar'). Beside a
 * real provider it has nothing to pay with, so the server never shows it: an old or typed link
 * lands on the purchase's payment page, which offers the deployment's own methods.
 */
export function sandboxCheckoutPage(deps: AppDeps): Router {
  const router = Router();
  if (deps.payments.kind === 'sandbox') return router;
  router.get('/checkout/:purchaseId', (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.redirect(302, `/payment/${encodeURIComponent(String(req.params.purchaseId))}`);
  });
  return router;
}
