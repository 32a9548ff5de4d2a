import type { RequestHandler, Router } from 'express';
import { chooseMethodBodySchema } from '@aprendiz/contract/payments';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../http/auth';
import { userRateLimit } from '../../http/rate-limit';
import { parseInput } from '../../http/validate';
import {
  checkPaymentAttempt,
  choosePaymentMethod,
  failSandboxVoucher,
  timeOutSandboxVoucher,
} from './payment-attempts';
import { listMethods } from './vouchers';

export const METHOD_SWITCHES_LIMITED =
  'Você trocou de método de pagamento muitas vezes. Tente novamente daqui a uma hora.';

/**
 * The pending-payment lifecycle's calls, added to the payments router ahead of its
 * `/payments/:purchaseId` so `/payments/methods` is not read as an id.
 */
export function addPaymentAttemptRoutes(
  router: Router,
  deps: AppDeps,
  auth: RequestHandler[],
): void {
  router.get('/payments/methods', (_req, res) => {
    res.json({ success: true, ...listMethods(deps) });
  });

  // Each switch cancels a voucher and issues another at the provider (a push rings a phone).
  const switching = userRateLimit({
    name: 'payment-method',
    // A buyer retrying a few methods never meets it (20 by default).
    max: deps.config.methodSwitchesPerHour,
    windowMs: 60 * 60_000,
    message: METHOD_SWITCHES_LIMITED,
    redis: deps.redis,
  });

  router.post('/payments/:purchaseId/method', ...auth, switching, async (req, res) => {
    const choice = parseInput(chooseMethodBodySchema, req.body);
    const { sessionUrl, purchase, message } = await choosePaymentMethod(
      deps,
      currentUser(req),
      String(req.params.purchaseId),
      choice,
    );
    res.json({ success: true, session_url: sessionUrl, purchase, ...(message ? { message } : {}) });
  });

  router.post('/payments/:purchaseId/check', ...auth, async (req, res) => {
    const purchase = await checkPaymentAttempt(
      deps,
      currentUser(req),
      String(req.params.purchaseId),
    );
    res.json({ success: true, purchase });
  });

  if (deps.payments.kind !== 'sandbox') return;
  // Stand-ins for the provider's confirmation; they exist only where no provider is configured.
  router.post('/payments/sandbox/:purchaseId/fail', ...auth, async (req, res) => {
    const purchase = await failSandboxVoucher(
      deps,
      currentUser(req),
      String(req.params.purchaseId),
    );
    res.json({ success: true, message: 'Pagamento recusado', purchase });
  });
  router.post('/payments/sandbox/:purchaseId/time-out', ...auth, async (req, res) => {
    const purchase = await timeOutSandboxVoucher(
      deps,
      currentUser(req),
      String(req.params.purchaseId),
    );
    res.json({ success: true, message: 'Pagamento expirado', purchase });
  });
}
