import { discountedPrice } from '@aprendiz/contract/rules/pricing';
import type { ReactNode } from 'react';
import { formatPrice } from '../../../components/price';

type StickyBuyBarProps = {
  price: number;
  /** Percent, 0–100. */
  discount: number;
  currency: string;
  /** What a coupon the server accepted leaves to pay; it replaces the discounted price. */
  couponPrice?: number | null;
  /** The course's buy / enroll button, as the price panel shows it. */
  children: ReactNode;
};

/**
 * Phones only: once the price panel has scrolled away, its price and button stay at hand in a bar
 * just above the bottom navigation. Fixed, so it moves nothing on the page when it comes and goes.
 */
export function StickyBuyBar({
  price,
  discount,
  currency,
  couponPrice = null,
  children,
}: StickyBuyBarProps) {
  const pays = couponPrice ?? discountedPrice(price, discount);
  return (
    <div
      data-testid="sticky-buy-bar"
      className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-20 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgb(15_23_42/0.08)] backdrop-blur transition-[translate,opacity] duration-200 starting:translate-y-full starting:opacity-0 motion-reduce:transition-none md:hidden"
    >
      <div className="mx-auto flex max-w-md items-center justify-between gap-4">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-xl font-bold whitespace-nowrap text-slate-900">
            {formatPrice(pays, currency)}
          </span>
          {pays < price && (
            <span className="text-sm whitespace-nowrap text-slate-600 line-through">
              <span className="sr-only">Preço original: </span>
              {formatPrice(price, currency)}
            </span>
          )}
        </p>
        {children}
      </div>
    </div>
  );
}
