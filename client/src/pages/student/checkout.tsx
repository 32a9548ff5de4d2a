import type { MessageResponse } from '@aprendiz/contract/learning';
import type { PurchaseView, PurchaseViewResponse } from '@aprendiz/contract/payments';
import { useRef, useState, type ReactNode } from 'react';
import {
  Link,
  useLoaderData,
  useLocation,
  useNavigate,
  useRevalidator,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import { useAuthUser } from '../../auth/auth-context';
import { Loader } from '../../components/loader';
import { formatPrice } from '../../components/price';
import { notify } from '../../components/toast';
import { paths } from '../../config/paths';
import { useAppContext } from '../../context/app-context';
import { loadSignedIn, resultFor, type SignedIn } from '../../data/signed-in-loader';
import { Deferred } from '../../components/deferred';
import { api } from '../../lib/api-client';
import { errorMessage, isApiError } from '../../lib/api-error';
import { usePageTitle } from '../../lib/use-page-title';
import { afterPayment } from '../../lib/after-payment';
import { SignInRequired } from '../../components/sign-in-required';
import { wasOpenedFromCourse } from '../../lib/opened-from-course';
import { focusRing } from '../../components/ui/focus-ring';

const primaryButton = `rounded-md bg-blue-600 px-6 py-3 text-center font-medium text-white hover:bg-blue-700 ${focusRing} disabled:cursor-not-allowed disabled:opacity-60`;
const secondaryButton = `rounded-md border border-slate-300 bg-white px-6 py-3 text-center font-medium text-slate-800 hover:bg-slate-50 ${focusRing} disabled:cursor-not-allowed disabled:opacity-60`;

type Outcome = 'complete' | 'cancel';

function Message({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900 md:text-3xl">{title}</h1>
      {children}
    </section>
  );
}

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

function PendingPurchase({ purchase, onStale }: { purchase: PurchaseView; onStale: () => void }) {
  usePageTitle('Finalizar compra');
  const { currency } = useAppContext();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState<Outcome | null>(null);
  // State updates land after the next render; a second click in the same frame must see the first.
  const inFlight = useRef(false);

  async function settle(outcome: Outcome) {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(outcome);
    try {
      const { data } = await api.post<MessageResponse>(
        `/api/payments/sandbox/${encodeURIComponent(purchase._id)}/${outcome}`,
      );
      // Leaving the page: the buttons stay disabled. Paying replaces this entry, so Back does not return
      // to a settled payment; cancelling steps back to the course page that opened this one, if it did.
      if (outcome === 'complete') {
        notify.success(data.message);
        navigate(paths.loading('my-enrollments'), {
          replace: true,
          state: afterPayment(purchase.courseTitle),
        });
      } else {
        notify.info(data.message);
        if (wasOpenedFromCourse(location.state, purchase.courseId)) navigate(-1);
        else navigate(paths.course(purchase.courseId), { replace: true });
      }
      return;
    } catch (err) {
      notify.error(errorMessage(err));
      // Settled meanwhile (another tab) or gone: show what the purchase is now.
      if (isApiError(err, 409) || isApiError(err, 404)) {
        onStale();
      }
    }
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
              <dt className="text-sm text-slate-600">Educador</dt>
              <dd className="text-slate-900">{purchase.educatorName}</dd>
            </div>
            <div className="flex items-baseline justify-between border-t border-slate-200 pt-3">
              <dt className="font-medium text-slate-900">Total</dt>
              <dd className="text-2xl font-bold text-slate-900">
                {formatPrice(purchase.amount, currency)}
              </dd>
            </div>
          </dl>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button
              type="button"
              onClick={() => void settle('cancel')}
              disabled={pending !== null}
              aria-busy={pending === 'cancel'}
              className={secondaryButton}
            >
              Cancelar
            </button>
            <button
              type="button"
              onClick={() => void settle('complete')}
              disabled={pending !== null}
              aria-busy={pending === 'complete'}
              className={primaryButton}
            >
              Pagar
            </button>
          </div>
          <p className="text-center text-sm">
            <Link to={paths.payment(purchase._id)} className="text-blue-700 underline">
              Pagar com outro método (Pix, referência, MB WAY…)
            </Link>
          </p>
        </div>
      </article>
    </div>
  );
}

function SettledPurchase({ purchase }: { purchase: PurchaseView }) {
  if (purchase.status === 'completed') {
    return (
      <Message title="Pagamento concluído">
        <p className="text-slate-700">
          Você já tem acesso a <strong>{purchase.courseTitle}</strong>.
        </p>
        <Link to={paths.myEnrollments} className={primaryButton}>
          Ir para Meus Cursos
        </Link>
      </Message>
    );
  }
  return (
    <Message title="Pagamento cancelado">
      <p className="text-slate-700">
        Este pagamento de <strong>{purchase.courseTitle}</strong> foi cancelado. Pode iniciar uma
        nova compra na página do curso.
      </p>
      <Link to={paths.course(purchase.courseId)} className={primaryButton}>
        Voltar ao curso
      </Link>
    </Message>
  );
}

/**
 * GET /api/payments/:purchaseId for the signed-in user. The server answers someone else's purchase
 * exactly like an unknown one, with a 404. A failure is shown on the page, with a retry.
 */
async function readPurchase(purchaseId: string, signal: AbortSignal): Promise<PurchaseView> {
  const { data } = await api.get<PurchaseViewResponse>(
    `/api/payments/${encodeURIComponent(purchaseId)}`,
    { signal },
  );
  return data.purchase;
}

export function loader({ params, request }: LoaderFunctionArgs): Promise<SignedIn<PurchaseView>> {
  return loadSignedIn(request, (signal) => readPurchase(params.purchaseId ?? '', signal));
}

function LoadingPurchase() {
  return (
    <>
      <h1 className="sr-only">Carregando pagamento</h1>
      <Loader label="Carregando pagamento…" />
    </>
  );
}

function PurchaseNotFound() {
  return (
    <Message title="Pagamento não encontrado">
      <p className="text-slate-700">Este pagamento não existe ou pertence a outra conta.</p>
      <Link to={paths.courseList()} className={primaryButton}>
        Ver cursos
      </Link>
    </Message>
  );
}

function Checkout({ purchase }: { purchase: PurchaseView }) {
  const { revalidate } = useRevalidator();
  return purchase.status === 'pending' ? (
    <PendingPurchase purchase={purchase} onStale={() => void revalidate()} />
  ) : (
    <SettledPurchase purchase={purchase} />
  );
}

/** /checkout/{purchaseId}: the sandbox payment page, where a test purchase is paid or cancelled. */
export default function CheckoutPage() {
  const { user, isLoaded } = useAuthUser();
  const data = useLoaderData<typeof loader>();

  if (!isLoaded) return <Loader label="Carregando pagamento…" />;
  if (!user) {
    return (
      <SignInRequired
        title="Finalizar compra"
        message="Entre na sua conta para concluir o pagamento."
      />
    );
  }
  // The server answers someone else's purchase exactly like an unknown one, with a 404.
  return (
    <Deferred
      result={resultFor(data, user.id)}
      pending={<LoadingPurchase />}
      failedTitle="Não foi possível carregar o pagamento"
      notFound={<PurchaseNotFound />}
    >
      {(purchase) => <Checkout purchase={purchase} />}
    </Deferred>
  );
}
