import { PurchaseGate } from '../purchase-gate';
import { AttemptView } from './attempt-view';

/** /payment/{purchaseId}: 'Aguardando pagamento' — the voucher, its countdown and its status, live. */
export function PaymentPage() {
  return (
    <PurchaseGate
      signedOut={{
        title: 'Aguardando pagamento',
        message: 'Entre na sua conta para acompanhar o pagamento.',
      }}
    >
      {(purchase) => <AttemptView purchase={purchase} />}
    </PurchaseGate>
  );
}
