import type { RefundOffer } from '@aprendiz/contract/payments';
import { PAYMENT_METHOD_LABELS } from '@aprendiz/contract/rules/payment-methods';
import { refundDestinationKind } from '@aprendiz/contract/rules/refund-destination';

/**
 * Where the money of a refund goes, to end the dialog's 'Você recebe de volta R$ 19,90 …': back the
 * way it came when the provider can return it (the card, the Pix account), else to the Pix key or
 * IBAN the buyer types in the dialog, which an operator pays by hand (as the refund mail says).
 */
export function refundWhere(
  offer: Pick<RefundOffer, 'method' | 'currency' | 'needsDestination'>,
): string {
  if (offer.needsDestination)
    return refundDestinationKind(offer.currency) === 'pix'
      ? 'na chave Pix que você informar abaixo, em até 10 dias úteis'
      : 'no IBAN que você informar abaixo, em até 10 dias úteis';
  switch (offer.method) {
    case 'card':
    case null:
      // Stripe's checkout without a chosen method is a card payment.
      return 'no cartão usado na compra; o estorno pode levar alguns dias para aparecer na fatura';
    case 'pix':
      return 'na conta de onde saiu o Pix; pode levar alguns dias para aparecer no seu extrato';
    default:
      return `pelo mesmo meio do pagamento (${PAYMENT_METHOD_LABELS[offer.method]}); pode levar alguns dias para aparecer no seu extrato`;
  }
}
