import type { QuoteResponse } from '@aprendiz/contract/coupons';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { loadApi } from '../../../lib/load-api';
import { errorMessage } from '../../../lib/api-error';

/** The address's shareable coupon: /course/:id?cupom=CODE. */
export const COUPON_PARAM = 'cupom';

export type AppliedCoupon = {
  code: string;
  price: number;
  originalPrice: number;
  endsAt: string | null;
  remaining: number | null;
};

export type CouponState = {
  applied: AppliedCoupon | null;
  /** The server's reason a code was refused, shown beside the field. */
  error: string | null;
  checking: boolean;
  apply: (code: string) => Promise<boolean>;
  clear: () => void;
};

/**
 * The coupon of the course page: from `?cupom=` on arrival, or typed in 'Tenho um cupom'. The price
 * it leaves comes from the server's quote (the same rule the purchase applies), never worked out here.
 */
export function useCoupon(courseId: string): CouponState {
  const [params, setParams] = useSearchParams();
  const fromAddress = params.get(COUPON_PARAM);
  const [applied, setApplied] = useState<AppliedCoupon | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const apply = useCallback(
    async (code: string): Promise<boolean> => {
      setChecking(true);
      try {
        const api = await loadApi();
        const { data } = await api.get<QuoteResponse>(
          `/api/course/${encodeURIComponent(courseId)}/quote`,
          { params: { coupon: code.trim() } },
        );
        if (!data.coupon) return false;
        setApplied({
          code: data.coupon.code,
          price: data.price,
          originalPrice: data.originalPrice,
          endsAt: data.coupon.endsAt,
          remaining: data.coupon.remaining,
        });
        setError(null);
        return true;
      } catch (err) {
        setApplied(null);
        setError(errorMessage(err));
        return false;
      } finally {
        setChecking(false);
      }
    },
    [courseId],
  );

  useEffect(() => {
    if (fromAddress) void apply(fromAddress);
  }, [fromAddress, apply]);

  const clear = useCallback(() => {
    setApplied(null);
    setError(null);
    if (params.has(COUPON_PARAM)) {
      const next = new URLSearchParams(params);
      next.delete(COUPON_PARAM);
      setParams(next, { replace: true, preventScrollReset: true });
    }
  }, [params, setParams]);

  return { applied, error, checking, apply, clear };
}
