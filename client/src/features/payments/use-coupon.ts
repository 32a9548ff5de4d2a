import type { QuoteResponse } from '@aprendiz/contract/coupons';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { loadApi } from '../../lib/load-api';
import { settle } from '../../data/load-result';

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
  /**
   * The address's coupon is still being checked: from the first paint (the server's too) until the
   * quote answers, the price is not shown, so it never flips from the full price to the coupon's.
   */
  linkPending: boolean;
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
  // Settled: the code the address carried when its quote last answered.
  const [settledLink, setSettledLink] = useState<string | null>(null);

  const apply = useCallback(
    async (code: string): Promise<boolean> => {
      setChecking(true);
      // A refused code is said beside the field, not toasted.
      const quote = await settle(async () => {
        const api = await loadApi();
        const { data } = await api.get<QuoteResponse>(
          `/api/course/${encodeURIComponent(courseId)}/quote`,
          { params: { coupon: code.trim() } },
        );
        return data;
      });
      setChecking(false);
      if (!quote.ok) {
        setApplied(null);
        setError(quote.message);
        return false;
      }
      const { coupon, price, originalPrice } = quote.value;
      if (!coupon) return false;
      setApplied({
        code: coupon.code,
        price,
        originalPrice,
        endsAt: coupon.endsAt,
        remaining: coupon.remaining,
      });
      setError(null);
      return true;
    },
    [courseId],
  );

  useEffect(() => {
    if (!fromAddress) return;
    void apply(fromAddress).finally(() => setSettledLink(fromAddress));
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

  const linkPending = Boolean(fromAddress) && settledLink !== fromAddress;
  return { applied, error, checking, linkPending, apply, clear };
}
