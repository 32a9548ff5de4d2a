import { CheckoutPage, loadPurchase } from '../../features/payments';

/** /checkout/{purchaseId}: the sandbox payment page, where a test purchase is paid or cancelled. */
export const loader = loadPurchase;
export default CheckoutPage;
