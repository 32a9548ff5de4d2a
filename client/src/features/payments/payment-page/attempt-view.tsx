import {
  isPushMethod,
  type PaymentAttempt,
  type PaymentAttemptResponse,
} from '@aprendiz/contract/payments';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router-dom';
import { formatPrice } from '../../../components/price';
import { notify } from '../../../components/toast';
import { Button, buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { revalidatePage } from '../../../data/revalidation';
import { api } from '../../../lib/api-client';
import { send } from '../../../lib/send';
import { usePageTitle } from '../../../lib/use-page-title';
import { afterPayment } from '../after-payment';
import { PAYMENT_STATUS_TEXT } from '../payment-status';
import { countdownText } from './countdown';
import { Instructions } from './instructions';
import { MethodChooser } from './method-chooser';
import { POLL_MS, usePoll } from './use-poll';
import { useSecondsLeft } from './use-seconds-left';

const DUE_DAY = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit' });
const DUE_TIME = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' });

/**
 * 'Pague até 30/11 às 19:05', on the buyer's own clock: a voucher of days is paid at a bank or an
 * app later, and a countdown in days does not say which evening it ends.
 */
export function dueText(due: Date): string {
  return `Pague até ${DUE_DAY.format(due)} às ${DUE_TIME.format(due)}`;
}

/** What 'Já paguei' says when the provider has not seen the money yet. */
export const NOT_RECEIVED_YET =
  'Ainda não recebemos o pagamento. Alguns bancos levam alguns minutos para avisar: esta página se atualiza sozinha assim que ele chegar.';

/** One purchase's voucher, countdown and status, read again while the money is awaited. */
export function AttemptView({ purchase }: { purchase: PaymentAttempt }) {
  usePageTitle(PAYMENT_STATUS_TEXT[purchase.status]);
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const awaiting = purchase.status === 'awaiting_payment';
  const left = useSecondsLeft(purchase.expiresAt, awaiting);
  // A voucher's instructions go once it expires: the number of its push is kept for a retry.
  const lastPhone = useRef<string | undefined>(undefined);
  const pushedTo = purchase.instructions?.kind === 'push' ? purchase.instructions.phone : null;
  useEffect(() => {
    if (pushedTo) lastPhone.current = pushedTo;
  }, [pushedTo]);
  const [choosing, setChoosing] = useState(false);
  const [busy, setBusy] = useState(false);
  const readAgain = () => void revalidatePage(revalidate);
  usePoll(awaiting, POLL_MS);

  // The countdown ran out: the explicit check asks the provider whether it expired (a read never
  // settles). Silently: the learner asked nothing, and unanswered the page keeps polling while
  // reconciliation settles it later.
  const expiredOnce = useRef(false);
  const purchaseId = purchase._id;
  useEffect(() => {
    if (awaiting && left === 0 && !expiredOnce.current) {
      expiredOnce.current = true;
      void send(api.post(`/api/payments/${encodeURIComponent(purchaseId)}/check`), {
        silent: true,
      }).then(() => revalidatePage(revalidate));
    }
  }, [awaiting, left, revalidate, purchaseId]);

  // Paid: the learner lands in the course, as after a card payment.
  const { status, courseTitle } = purchase;
  useEffect(() => {
    if (status !== 'completed') return;
    notify.success('Pagamento concluído. Bons estudos!');
    void navigate(paths.loading('my-enrollments'), {
      replace: true,
      state: afterPayment(courseTitle),
    });
  }, [status, courseTitle, navigate]);

  const chosen = (url: string) => {
    setChoosing(false);
    if (url.startsWith('/payment/')) readAgain();
    else if (url.startsWith('/')) void navigate(url);
    else window.location.assign(url);
  };

  /** A write about this purchase ('Já paguei', the sandbox's stand-ins), then its status read again. */
  async function post(path: string) {
    if (busy) return;
    setBusy(true);
    const answered = await send(api.post(`/api/payments/${path}`));
    setBusy(false);
    if (answered) readAgain();
  }

  /** 'Já paguei': the provider is asked now, and the buyer told what it said. */
  async function checkPaid() {
    if (busy) return;
    setBusy(true);
    const answer = await send(api.post<PaymentAttemptResponse>(`/api/payments/${id}/check`));
    setBusy(false);
    if (!answer) return;
    if (answer.purchase.status === 'awaiting_payment') notify.info(NOT_RECEIVED_YET);
    readAgain();
  }

  const id = encodeURIComponent(purchase._id);
  const amount = formatPrice(purchase.amount, purchase.currencyLabel);
  const retryable = purchase.status === 'expired' || purchase.status === 'failed';
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-8">
      <article className="space-y-5 rounded-lg border border-slate-200 bg-white p-5 shadow-md sm:p-6">
        <header className="space-y-1">
          <h1 className="text-2xl font-semibold text-slate-900" aria-live="polite">
            {PAYMENT_STATUS_TEXT[purchase.status]}
          </h1>
          <p className="text-slate-700">
            {purchase.courseTitle} · <strong className="whitespace-nowrap">{amount}</strong>
          </p>
        </header>
        {purchase.sandbox && (
          <p role="note" className="rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-950">
            <strong>Modo de teste:</strong> nenhum valor real será cobrado.
          </p>
        )}
        {choosing || purchase.status === 'pending' ? (
          <MethodChooser
            purchase={purchase}
            lastPhone={lastPhone.current}
            onChosen={chosen}
            onCancel={purchase.status === 'pending' ? undefined : () => setChoosing(false)}
          />
        ) : (
          <>
            {awaiting && (
              <>
                <Instructions purchase={purchase} />
                {left !== null && (
                  <p className="text-center text-slate-700" role="timer" aria-live="off">
                    Expira em <strong className="font-mono">{countdownText(left)}</strong>
                  </p>
                )}
                {purchase.expiresAt && purchase.method && !isPushMethod(purchase.method) && (
                  <p className="text-center text-slate-700">
                    {dueText(new Date(purchase.expiresAt))}
                  </p>
                )}
                <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
                  <Button variant="secondary" size="lg" onClick={() => setChoosing(true)}>
                    Escolher outro método
                  </Button>
                  <Button size="lg" disabled={busy} onClick={() => void checkPaid()}>
                    Já paguei
                  </Button>
                </div>
                {purchase.sandbox && (
                  <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
                    <Button
                      variant="secondary"
                      size="lg"
                      disabled={busy}
                      onClick={() => void post(`sandbox/${id}/complete`)}
                    >
                      Simular pagamento recebido
                    </Button>
                    <Button
                      variant="secondary"
                      size="lg"
                      disabled={busy}
                      onClick={() => void post(`sandbox/${id}/fail`)}
                    >
                      Simular recusa
                    </Button>
                  </div>
                )}
              </>
            )}
            {retryable && (
              <div className="space-y-4">
                <p className="text-slate-700">
                  {purchase.status === 'expired'
                    ? 'O prazo deste pagamento terminou sem que o valor chegasse.'
                    : 'O pagamento foi recusado ou cancelado.'}{' '}
                  Você pode tentar de novo, com o mesmo ou outro método.
                </p>
                <Button size="lg" onClick={() => setChoosing(true)}>
                  Tentar de novo
                </Button>
              </div>
            )}
            {!awaiting && !retryable && (
              <Link
                to={paths.course(purchase.courseId)}
                className={buttonClass({ size: 'lg', className: 'inline-block text-center' })}
              >
                Voltar ao curso
              </Link>
            )}
          </>
        )}
      </article>
    </div>
  );
}
