import { educatorLabel } from '@aprendiz/contract/rules/educator-title';
import type { MessageResponse } from '@aprendiz/contract/learning';
import { PAYMENT_METHOD_LABELS } from '@aprendiz/contract/rules/payment-methods';
import { discountedPrice } from '@aprendiz/contract/rules/pricing';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useRevalidator } from 'react-router-dom';
import { formatPrice } from '../../components/price';
import { notify } from '../../components/toast';
import { Button, buttonClass } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useStorefront } from '../../config/storefront';
import { useAppContext } from '../../context/app-context';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { usePageTitle } from '../../lib/use-page-title';
import { afterPayment } from './after-payment';
import { wasOpenedFromCourse } from './opened-from-course';
import { PurchaseGate } from './purchase-gate';
import { PurchaseMessage } from './purchase-states';
import type { Purchase } from './read-purchase';

type Outcome = 'complete' | 'cancel';

function TestModeBanner() {
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-t-lg border-b border-amber-300 bg-amber-100 px-5 py-3 text-amber-950"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 fill-current">
        <path d="M10 2a1.5 1.5 0 0 1 1.3.8l6.5 12A1.5 1.5 0 0 1 16.5 17h-13a1.5 1.5 0 0 1-1.3-2.2l6.5-12A1.5 1.5 0 0 1 10 2zm0 11a1 1 0 1 0 0 2 1 1 0 0 0 0-2zm0-6.5a1 1 0 0 0-1 1v3.5a1 1 0 1 0 2 0V7.5a1 1 0 0 0-1-1z" />
      </svg>
      <p>
        <strong className="block font-semibold">Modo de teste</strong>
        Nenhum valor real será cobrado: este pagamento é apenas uma simulação.
      </p>
    </div>
  );
}

/** Money taken off, in cents, so 49.9 − 44.91 reads 4,99 and not 4,989999…. */
function minus(from: number, amount: number): number {
  return Math.round((from - amount) * 100) / 100;
}

/**
 * What the buyer pays, line by line: the course's price, its discount, the coupon, the total. The
 * course's discount as it is now is shown only where it is what this purchase got (a price changed
 * since would otherwise explain a total it did not make).
 */
function PriceLines({ purchase, currency }: { purchase: Purchase; currency: string }) {
  const beforeCoupon = purchase.listAmount ?? purchase.amount;
  const discounted =
    purchase.discount > 0 &&
    discountedPrice(purchase.coursePrice, purchase.discount) === beforeCoupon;
  // A full price with no coupon is the total alone: a line repeating it explains nothing.
  if (!discounted && purchase.listAmount === null) return null;
  const line = 'flex items-baseline justify-between gap-4';
  return (
    <>
      <div className={`${line} border-t border-slate-200 pt-3`}>
        <dt className="text-sm text-slate-600">Preço do curso</dt>
        <dd className="text-slate-900">
          {formatPrice(discounted ? purchase.coursePrice : beforeCoupon, currency)}
        </dd>
      </div>
      {discounted && (
        <div className={line}>
          <dt className="text-sm text-slate-600">Desconto de {purchase.discount}%</dt>
          <dd className="text-slate-900">
            − {formatPrice(minus(purchase.coursePrice, beforeCoupon), currency)}
          </dd>
        </div>
      )}
      {purchase.listAmount !== null && (
        <div className={line}>
          <dt className="text-sm text-slate-600">
            Cupom{purchase.couponCode ? ` ${purchase.couponCode}` : ''}
          </dt>
          <dd className="text-slate-900">
            − {formatPrice(minus(purchase.listAmount, purchase.amount), currency)}
          </dd>
        </div>
      )}
    </>
  );
}

function PendingPurchase({ purchase, onStale }: { purchase: Purchase; onStale: () => void }) {
  usePageTitle('Finalizar compra');
  const { currency } = useAppContext();
  // This market's other methods by name: a buyer in Luanda is not offered Pix or MB WAY.
  const otherMethods = useStorefront()
    .methods.filter((method) => method !== purchase.method && method !== 'card')
    .map((method) => PAYMENT_METHOD_LABELS[method]);
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState<Outcome | null>(null);
  // State updates land after the next render; a second click in the same frame must see the first.
  const inFlight = useRef(false);

  async function settle(outcome: Outcome) {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(outcome);
    const settled = await send(
      api.post<MessageResponse>(
        `/api/payments/sandbox/${encodeURIComponent(purchase._id)}/${outcome}`,
      ),
    );
    if (settled) {
      // Leaving the page: the buttons stay disabled. Paying replaces this entry, so Back does not return
      // to a settled payment; cancelling steps back to the course page that opened this one, if it did.
      if (outcome === 'complete') {
        notify.success(settled.message);
        void navigate(paths.loading('my-enrollments'), {
          replace: true,
          state: afterPayment(purchase.courseTitle),
        });
      } else {
        notify.info(settled.message);
        if (wasOpenedFromCourse(location.state, purchase.courseId)) void navigate(-1);
        else void navigate(paths.course(purchase.courseId), { replace: true });
      }
      return;
    }
    // Settled meanwhile (another tab) or gone: show what the purchase is now.
    onStale();
    inFlight.current = false;
    setPending(null);
  }

  return (
    <div className="mx-auto w-full max-w-lg px-4 py-10">
      <article className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-md">
        <TestModeBanner />
        <div className="space-y-5 p-5 sm:p-6">
          <h1 className="text-2xl font-semibold text-slate-900">Finalizar compra</h1>
          <dl className="space-y-3 text-slate-700">
            <div>
              <dt className="text-sm text-slate-600">Curso</dt>
              <dd className="font-medium text-slate-900">{purchase.courseTitle}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{educatorLabel(purchase.educatorTitle)}</dt>
              <dd className="text-slate-900">{purchase.educatorName}</dd>
            </div>
            <PriceLines purchase={purchase} currency={currency} />
            <div className="flex items-baseline justify-between border-t border-slate-200 pt-3">
              <dt className="font-medium text-slate-900">Total</dt>
              <dd className="text-2xl font-bold text-slate-900">
                {formatPrice(purchase.amount, currency)}
              </dd>
            </div>
          </dl>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button
              variant="secondary"
              size="lg"
              onClick={() => void settle('cancel')}
              disabled={pending !== null}
              pending={pending === 'cancel'}
            >
              Cancelar
            </Button>
            <Button
              size="lg"
              onClick={() => void settle('complete')}
              disabled={pending !== null}
              pending={pending === 'complete'}
            >
              Pagar
            </Button>
          </div>
          {otherMethods.length > 0 && (
            <p className="text-center text-sm">
              <Link to={paths.payment(purchase._id)} className="text-blue-700 underline">
                Pagar com outro método ({otherMethods.join(', ')})
              </Link>
            </p>
          )}
        </div>
      </article>
    </div>
  );
}

function SettledPurchase({ purchase }: { purchase: Purchase }) {
  if (purchase.status === 'completed') {
    return (
      <PurchaseMessage title="Pagamento concluído">
        <p className="text-slate-700">
          Você já tem acesso a <strong>{purchase.courseTitle}</strong>.
        </p>
        <Link to={paths.myEnrollments} className={buttonClass({ size: 'lg' })}>
          Ir para Meus Cursos
        </Link>
      </PurchaseMessage>
    );
  }
  return (
    <PurchaseMessage title="Pagamento cancelado">
      <p className="text-slate-700">
        Este pagamento de <strong>{purchase.courseTitle}</strong> foi cancelado. Pode iniciar uma
        nova compra na página do curso.
      </p>
      <Link to={paths.course(purchase.courseId)} className={buttonClass({ size: 'lg' })}>
        Voltar ao curso
      </Link>
    </PurchaseMessage>
  );
}

function Checkout({ purchase }: { purchase: Purchase }) {
  const { revalidate } = useRevalidator();
  return purchase.status === 'pending' ? (
    <PendingPurchase purchase={purchase} onStale={() => void revalidate()} />
  ) : (
    <SettledPurchase purchase={purchase} />
  );
}

/** /checkout/{purchaseId}: the sandbox payment page, where a test purchase is paid or cancelled. */
export function CheckoutPage() {
  return (
    <PurchaseGate
      signedOut={{
        title: 'Finalizar compra',
        message: 'Entre na sua conta para concluir o pagamento.',
      }}
    >
      {(purchase) => <Checkout purchase={purchase} />}
    </PurchaseGate>
  );
}
