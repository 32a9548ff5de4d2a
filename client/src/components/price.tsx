import { formatMoney } from '@aprendiz/contract/rules/currency';
import { discountedPrice } from '@aprendiz/contract/rules/pricing';

/**
 * A course price the market's way ('Kz 16,99', 'R$ 4.500,00', '19,99 €'); `currency` is the
 * label the app context carries or a currency code.
 */
export function formatPrice(amount: number, currency: string): string {
  return formatMoney(amount, currency);
}

type DiscountedPriceProps = {
  price: number;
  /** Percent, 0–100. */
  discount: number;
  currency: string;
};

/** The price panel's line: what is paid, the original price struck through and 'N% off'. */
export function DiscountedPrice({ price, discount, currency }: DiscountedPriceProps) {
  const finalPrice = discountedPrice(price, discount);
  return (
    <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <span className="text-3xl font-bold whitespace-nowrap text-slate-900">
        {formatPrice(finalPrice, currency)}
      </span>
      {discount > 0 && (
        <>
          <span className="text-lg whitespace-nowrap text-slate-600 line-through">
            <span className="sr-only">Preço original: </span>
            {formatPrice(price, currency)}
          </span>
          <span className="font-medium text-slate-700">{discount}% off</span>
        </>
      )}
    </p>
  );
}
