import type { Router } from 'express';
import { newCouponSchema, quoteQuerySchema } from '@aprendiz/contract/coupons';
import type { AppDeps } from '../../deps';
import { currentUser, optionalAuth, requireAuth, requireEducator } from '../../http/auth';
import { parseInput } from '../../http/validate';
import { createCoupon, listCoupons, quoteCourse, removeCoupon } from './coupons';

/**
 * Coupons: the educator's `GET|POST /api/educator/course/:id/coupons` and
 * `DELETE …/coupons/:code`, and anyone's `GET /api/course/:id/quote?coupon=`.
 */
export function addCouponRoutes(router: Router, deps: AppDeps): void {
  const educator = [requireAuth(deps.auth), requireEducator];

  router.get('/educator/course/:id/coupons', ...educator, async (req, res) => {
    const coupons = await listCoupons(deps, currentUser(req), String(req.params.id));
    res.set('Cache-Control', 'private, no-store').json({ success: true, coupons });
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

  router.get('/course/:id/quote', optionalAuth(deps.auth), async (req, res) => {
    const { coupon } = parseInput(quoteQuerySchema, req.query);
    const viewer = req.user ?? null;
    const quote = await quoteCourse(deps, viewer, String(req.params.id), coupon);
    // The remaining uses change with every purchase: never kept by a cache.
    res.set('Cache-Control', 'private, no-store').json({ success: true, ...quote });
  });
}
