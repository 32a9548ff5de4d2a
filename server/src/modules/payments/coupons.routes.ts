import type { ErrorRequestHandler, Request, RequestHandler, Router } from 'express';
import { newCouponSchema, quoteQuerySchema } from '@aprendiz/contract/coupons';
import type { AppDeps } from '../../deps';
import { currentUser, optionalAuth, requireAuth, requireEducator } from '../../http/auth';
import { AppError } from '../../http/errors';
import { markMiss, missRateLimits } from '../../http/rate-limit';
import { parseInput } from '../../http/validate';
import { COUPON_UNKNOWN, createCoupon, listCoupons, quoteCourse, removeCoupon } from './coupons';

/**
 * Unknown codes tried per account (config, 10 by default) and per address (three times that, for a
 * classroom behind one address) in COUPON_GUESS_WINDOW_MS: a learner mistyping a code a few times
 * never meets them, a guesser gets a few dozen tries instead of ~870 a second.
 */
export const COUPON_GUESS_WINDOW_MS = 15 * 60_000;
export const COUPON_GUESSES_LIMITED =
  'Você tentou muitos códigos de cupom inválidos. Tente novamente mais tarde.';

function carriesCoupon(req: Request): boolean {
  const query: unknown = (req.query as Record<string, unknown> | undefined)?.coupon;
  const body: unknown = (req.body as Record<string, unknown> | undefined)?.coupon;
  return (typeof query === 'string' && query !== '') || (typeof body === 'string' && body !== '');
}

/** The budgets of the quote and the purchase, shared: both look a code up. */
export function couponGuessLimits(deps: AppDeps): RequestHandler[] {
  return missRateLimits({
    name: 'coupon-miss',
    maxPerIp: deps.config.couponMissesPerUser * 3,
    maxPerUser: deps.config.couponMissesPerUser,
    windowMs: COUPON_GUESS_WINDOW_MS,
    message: COUPON_GUESSES_LIMITED,
    looksUp: carriesCoupon,
    redis: deps.redis,
  });
}

/** A code that names no coupon is a miss, whichever route looked it up. */
export const markCouponMiss: ErrorRequestHandler = (err, _req, res, next) => {
  if (err instanceof AppError && err.message === COUPON_UNKNOWN) markMiss(res);
  next(err);
};

/**
 * Coupons: the educator's `GET|POST /api/educator/course/:id/coupons` and
 * `DELETE …/coupons/:code`, and anyone's `GET /api/course/:id/quote?coupon=`.
 */
export function addCouponRoutes(
  router: Router,
  deps: AppDeps,
  guessLimits: RequestHandler[],
): void {
  const educator = [requireAuth(deps.auth), requireEducator];

  router.get('/educator/course/:id/coupons', ...educator, async (req, res) => {
    const listed = await listCoupons(deps, currentUser(req), String(req.params.id));
    res.set('Cache-Control', 'private, no-store').json({ success: true, ...listed });
  });

  router.post('/educator/course/:id/coupons', ...educator, async (req, res) => {
    const body = parseInput(newCouponSchema, req.body);
    const coupon = await createCoupon(deps, currentUser(req), String(req.params.id), body);
    res.status(201).json({ success: true, coupon });
  });

  router.delete('/educator/course/:id/coupons/:code', ...educator, async (req, res) => {
    await removeCoupon(deps, currentUser(req), String(req.params.id), String(req.params.code));
    res.json({ success: true });
  });

  router.get('/course/:id/quote', optionalAuth(deps.auth), ...guessLimits, async (req, res) => {
    const { coupon } = parseInput(quoteQuerySchema, req.query);
    const viewer = req.user ?? null;
    const quote = await quoteCourse(deps, viewer, String(req.params.id), coupon);
    // The remaining uses change with every purchase: never kept by a cache.
    res.set('Cache-Control', 'private, no-store').json({ success: true, ...quote });
  });
}
