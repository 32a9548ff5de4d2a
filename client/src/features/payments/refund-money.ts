import type { RefundOffer } from '@aprendiz/contract/payments';
import { currencyLabel, isCurrency } from '@aprendiz/contract/rules/currency';
import { formatPrice } from '../../components/price';

// Apart from refund-where: My Courses shows amounts from the first paint, the course page imports
// this feature too, and neither must carry the destination rules the refund dialog loads lazily.

/** An amount refunded, as every amount is written: through the one formatter. */
export function refundMoney(money: Pick<RefundOffer, 'amount' | 'currency'>): string {
  return formatPrice(
    money.amount,
    isCurrency(money.currency) ? currencyLabel(money.currency) : money.currency.toUpperCase(),
  );
}
