import type { OwedRefund, RefundOffer } from '@aprendiz/contract/payments';
import { refundDestinationKind } from '@aprendiz/contract/rules/refund-destination';
import { lazy, Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import { Loader } from '../../components/loader';
import { Button } from '../../components/ui/button';
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
const RefundForm = lazy(() => import('./refund-action').then((m) => ({ default: m.RefundDialog })));
const RefundDestinationForm = lazy(() =>
  import('./refund-destination').then((m) => ({ default: m.RefundDestinationDialog })),
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

/**
 * A button drawn and hydrated with its page, whose dialog (and the schemas it checks its form with)
 * loads when it is pressed: a press made before the page was live is handed to the button itself.
 */
function DialogButton({
  label,
  ariaLabel,
  dialog,
}: {
  label: string;
  ariaLabel: string;
  dialog: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} aria-label={ariaLabel}>
        {label}
      </Button>
      {open && <Suspense fallback={null}>{dialog(() => setOpen(false))}</Suspense>}
    </>
  );
}

/** My Courses' 'Pedir reembolso' for a course still within its refund window. */
export function RefundAction({ offer, courseTitle }: { offer: RefundOffer; courseTitle: string }) {
  return (
    <DialogButton
      label="Pedir reembolso"
      ariaLabel={`Pedir reembolso: ${courseTitle}`}
      dialog={(close) => <RefundForm offer={offer} courseTitle={courseTitle} onClose={close} />}
    />
  );
}

/** My Courses' 'Informe o IBAN' for money of a course owed back by hand. */
export function RefundDestinationAction({
  owed,
  courseTitle,
}: {
  owed: OwedRefund;
  courseTitle: string;
}) {
  const action =
    refundDestinationKind(owed.currency) === 'pix' ? 'Informe a chave Pix' : 'Informe o IBAN';
  return (
    <DialogButton
      label={action}
      ariaLabel={`${action}: ${courseTitle}`}
      dialog={(close) => (
        <RefundDestinationForm
          owed={owed}
          courseTitle={courseTitle}
          action={action}
          onClose={close}
        />
      )}
    />
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
