import { lazy, Suspense, type ComponentProps } from 'react';
import { Loader } from '../../components/loader';
import { LoadingPurchase } from './purchase-states';

/*
 * The feature's parts that pages other than the course page show, each fetched when first shown:
 * the course page imports this feature too, and its first load must not carry the API client, the
 * schemas or these pages (the build holds its critical path under a ceiling).
 */

const Checkout = lazy(() => import('./checkout').then((m) => ({ default: m.CheckoutPage })));
const Payment = lazy(() =>
  import('./payment-page/payment-page').then((m) => ({ default: m.PaymentPage })),
);
const Refund = lazy(() => import('./refund-action').then((m) => ({ default: m.RefundAction })));
const RefundDestination = lazy(() =>
  import('./refund-destination').then((m) => ({ default: m.RefundDestinationAction })),
);
const Return = lazy(() => import('./provider-return').then((m) => ({ default: m.ProviderReturn })));

/** /checkout/{purchaseId}: the sandbox payment page, where a test purchase is paid or cancelled. */
export function CheckoutPage() {
  return (
    <Suspense fallback={<LoadingPurchase />}>
      <Checkout />
    </Suspense>
  );
}

/** /payment/{purchaseId}: the voucher, its countdown and its status, live. */
export function PaymentPage() {
  return (
    <Suspense fallback={<LoadingPurchase />}>
      <Payment />
    </Suspense>
  );
}

/** My Courses' 'Pedir reembolso' for a course still within its refund window. */
export function RefundAction(props: ComponentProps<typeof Refund>) {
  return (
    <Suspense fallback={null}>
      <Refund {...props} />
    </Suspense>
  );
}

/** My Courses' 'Informe o IBAN' for money of a course owed back by hand. */
export function RefundDestinationAction(props: ComponentProps<typeof RefundDestination>) {
  return (
    <Suspense fallback={null}>
      <RefundDestination {...props} />
    </Suspense>
  );
}

/** What a buyer returning from a payment provider is told, from the purchase itself. */
export function ProviderReturn(props: ComponentProps<typeof Return>) {
  return (
    <Suspense fallback={<Loader label="Carregando pagamento…" />}>
      <Return {...props} />
    </Suspense>
  );
}
