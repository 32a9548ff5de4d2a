import type { Request, RequestHandler, Response, Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import {
  chooseMethodBodySchema,
  isPushMethod,
  type PaymentMethod,
} from '@aprendiz/contract/payments';
import { isPaymentMethod, pushPhoneNumber } from '@aprendiz/contract/rules/payment-methods';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../http/auth';
import { rateLimitStore, userRateLimit } from '../../http/rate-limit';
import { parseInput } from '../../http/validate';
import { checkPaymentAttempt, choosePaymentMethod } from './payment-attempts';
import { listMethods } from './vouchers';

export const PUSH_WINDOW_MS = 10 * 60_000;
export const PUSHES_LIMITED =
  'Muitos pedidos de pagamento enviados para este celular. Tente novamente daqui a 10 minutos.';

/** The push this request would have the provider send now, if any: its method and number. */
interface PushAsked {
  method: PaymentMethod;
  number: string;
}

function pushAsked(deps: AppDeps, req: Request): PushAsked | null {
  const body = req.body as Record<string, unknown> | undefined;
  const method = body?.method;
  const phone = body?.phone;
  if (typeof method !== 'string' || typeof phone !== 'string' || !isPaymentMethod(method))
    return null;
  // With Stripe the number is entered again in its Checkout: only a push this server sends counts.
  const sent = deps.payments.vouchers?.methods(deps.config.currency).includes(method) ?? false;
  if (!isPushMethod(method) || !sent) return null;
  return { method, number: pushPhoneNumber(phone) };
}

function askedPushOf(res: Response): PushAsked | null {
  return (res.locals as { pushAsked?: PushAsked | null }).pushAsked ?? null;
}

/**
 * Budgets on the live pushes a buyer can have sent (each rings a phone, whoever's it is): per
 * number, so nobody's phone is flooded from many accounts, and per account. Every push asked for
 * counts, sent or refused, so a burst is stopped before it reaches the provider.
 */
export function pushRateLimits(deps: AppDeps): RequestHandler[] {
  // Read from the body once per request; both budgets below take it from here.
  const askPush: RequestHandler = (req, res, next) => {
    res.locals.pushAsked = pushAsked(deps, req);
    next();
  };
  const common = {
    windowMs: PUSH_WINDOW_MS,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req: Request, res: Response) => {
      res.status(429).json({ success: false, message: PUSHES_LIMITED });
    },
  } satisfies Parameters<typeof rateLimit>[0];
  return [
    askPush,
    userRateLimit({
      name: 'push-user',
      max: deps.config.pushPaymentsPerPhone * 2,
      windowMs: PUSH_WINDOW_MS,
      message: PUSHES_LIMITED,
      redis: deps.redis,
      skip: (_req, res) => askedPushOf(res) === null,
    }),
    rateLimit({
      ...common,
      limit: deps.config.pushPaymentsPerPhone,
      store: rateLimitStore('push-phone', deps.redis),
      keyGenerator: (_req, res) => {
        const push = askedPushOf(res);
        return push ? `${push.method}:${push.number}` : '';
      },
      skip: (_req, res) => askedPushOf(res) === null,
    }),
  ];
}

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
  pushLimits: RequestHandler[],
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

  router.post(
    '/payments/:purchaseId/method',
    ...auth,
    switching,
    ...pushLimits,
    async (req, res) => {
      const choice = parseInput(chooseMethodBodySchema, req.body);
      const { sessionUrl, purchase, message } = await choosePaymentMethod(
        deps,
        currentUser(req),
        String(req.params.purchaseId),
        choice,
      );
      res.json({
        success: true,
        session_url: sessionUrl,
        purchase,
        ...(message ? { message } : {}),
      });
    },
  );

  router.post('/payments/:purchaseId/check', ...auth, async (req, res) => {
    const purchase = await checkPaymentAttempt(
      deps,
      currentUser(req),
      String(req.params.purchaseId),
    );
    res.json({ success: true, purchase });
  });
}
