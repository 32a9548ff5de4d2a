import { OPEN_PURCHASE_STATUSES } from '@aprendiz/contract/payments';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Deferred } from '../../components/deferred';
import { Loader } from '../../components/loader';
import { buttonClass } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { resultFor, type SignedIn } from '../../data/signed-in-loader';
import { usePageTitle } from '../../lib/use-page-title';
import { POLL_MS, usePoll } from './payment-page/use-poll';
import { AWAITING_PAYMENT_NOTE, PAYMENT_STATUS_TEXT } from './payment-status';
import { PurchaseMessage } from './purchase-states';
import type { Purchase } from './read-purchase';

const isOpen = (purchase: Purchase) =>
  (OPEN_PURCHASE_STATUSES as readonly string[]).includes(purchase.status);

/**
 * Said until the money arrives: a card's confirmation reaches the server a moment after the buyer
 * returns, a Multibanco reference or a boleto days later. Read again meanwhile, so the page turns
 * to the confirmation by itself.
 */
function AwaitingReturn({ purchase }: { purchase: Purchase }) {
  usePageTitle(PAYMENT_STATUS_TEXT.awaiting_payment);
  usePoll(true, POLL_MS);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900 md:text-3xl" aria-live="polite">
        {PAYMENT_STATUS_TEXT.awaiting_payment}
      </h1>
      <p className="text-slate-700">
        <strong className="text-slate-900">{purchase.courseTitle}</strong>: {AWAITING_PAYMENT_NOTE}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to={paths.payment(purchase._id)} className={buttonClass({ size: 'lg' })}>
          Ver o pagamento
        </Link>
        <Link
          to={paths.myEnrollments}
          className={buttonClass({ variant: 'secondary', size: 'lg' })}
        >
          Ir para Meus Cursos
        </Link>
      </div>
    </section>
  );
}

/**
 * What a buyer returning from a payment provider is told, from the purchase itself: `confirmed`
 * (with the course's title) only once it is paid, the awaiting words while the money is on its way,
 * and its status otherwise (expired, refused).
 */
export function ProviderReturn({
  returned,
  viewer,
  confirmed,
}: {
  returned: SignedIn<Purchase>;
  viewer: string | null;
  confirmed: (courseTitle: string) => ReactNode;
}) {
  return (
    <Deferred
      result={resultFor(returned, viewer)}
      pending={<Loader label="Carregando pagamento…" />}
      failedTitle="Não foi possível carregar o pagamento"
    >
      {(purchase) => {
        if (purchase.status === 'completed') return confirmed(purchase.courseTitle);
        if (isOpen(purchase)) return <AwaitingReturn purchase={purchase} />;
        return (
          <PurchaseMessage title={PAYMENT_STATUS_TEXT[purchase.status]}>
            <p className="text-slate-700">{purchase.courseTitle}</p>
            <Link to={paths.payment(purchase._id)} className={buttonClass({ size: 'lg' })}>
              Ver o pagamento
            </Link>
          </PurchaseMessage>
        );
      }}
    </Deferred>
  );
}
