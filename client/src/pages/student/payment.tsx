import { loadPurchase, PaymentPage } from '../../features/payments';

/** /payment/{purchaseId}: a voucher's page ('Aguardando pagamento'), its countdown and its status. */
export const loader = loadPurchase;
export default PaymentPage;
