import { useEffect, useState } from 'react';
import { useLoaderData, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useAuthUser } from '../../auth/auth-context';
import { Loader } from '../../components/loader';
import { Button } from '../../components/ui/button';
import { useAppContext } from '../../context/app-context';
import { usePageTitle } from '../../lib/use-page-title';
import { loadProviderReturn, paidCourseTitle, ProviderReturn } from '../../features/payments';

/** A payment provider's return names its purchase, which is read before anything is said of it. */
export const loader = loadProviderReturn;

export const LOADING_REDIRECT_MS = 5000;

/**
 * What a person waiting here is told. The sentence sits in a polite live region and is made visible
 * just after the page mounts: screen readers announce a change to a live region, not content it
 * already held when it appeared. Until then it takes its place unseen, so nothing moves.
 */
function PaymentConfirmed({ courseTitle }: { courseTitle: string | null }) {
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);
  return (
    <div role="status" className="max-w-xl">
      <div className={shown ? undefined : 'invisible'}>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="mx-auto mb-4 h-12 w-12 fill-green-700"
        >
          <path
            fillRule="evenodd"
            d="M10 1a9 9 0 1 1 0 18 9 9 0 0 1 0-18zm3.7 5.3L8.8 11.2 6.3 8.7a1 1 0 0 0-1.4 1.4l3.2 3.2a1 1 0 0 0 1.4 0l5.6-5.6a1 1 0 0 0-1.4-1.4z"
          />
        </svg>
        <h1 className="text-2xl font-semibold text-slate-900 md:text-3xl">Pagamento confirmado</h1>
        <p className="mt-3 text-slate-700">
          {courseTitle ? (
            <>
              Estamos adicionando <strong className="text-slate-900">{courseTitle}</strong> a Meus
              Cursos.
            </>
          ) : (
            'Estamos adicionando o curso a Meus Cursos.'
          )}{' '}
          Você será levado para lá em instantes.
        </p>
      </div>
    </div>
  );
}

/**
 * Goes to /{nextPath} after 5 s (at once after 'Ir agora'), once the root loader's data (the
 * enrollments and the user data) is read again: a course just bought is listed at once.
 */
function useGoOn(nextPath: string, goNow = false) {
  const navigate = useNavigate();
  const { refreshSignedIn } = useAppContext();
  useEffect(() => {
    if (!nextPath) return;
    let active = true;
    const timer = setTimeout(
      () => {
        // One read of the root loader: the enrollments and the user data.
        void refreshSignedIn().then(() => {
          if (active) navigate(`/${nextPath}`, { replace: true });
        });
      },
      goNow ? 0 : LOADING_REDIRECT_MS,
    );
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [nextPath, navigate, refreshSignedIn, goNow]);
}

/** The confirmation of a payment and the dots, then on; 'Ir agora' skips the rest of the wait. */
function Confirmed({ courseTitle, nextPath }: { courseTitle: string | null; nextPath: string }) {
  usePageTitle('Pagamento confirmado');
  const [goNow, setGoNow] = useState(false);
  useGoOn(nextPath, goNow);
  return (
    <div className="flex min-h-[100svh] flex-col items-center justify-center px-4 text-center">
      <PaymentConfirmed courseTitle={courseTitle} />
      <Loader fullHeight={false} />
      {nextPath && (
        <Button variant="secondary" className="mt-2" pending={goNow} onClick={() => setGoNow(true)}>
          Ir agora
        </Button>
      )}
    </div>
  );
}

function Waiting({ nextPath }: { nextPath: string }) {
  usePageTitle('Carregando…');
  useGoOn(nextPath);
  return (
    <>
      <h1 className="sr-only">Carregando</h1>
      <Loader />
    </>
  );
}

/**
 * /loading/{path}: the spec's three dots, then /{path} after 5 s. After the sandbox checkout the page
 * says the payment is confirmed; a payment provider's return (`?compra=`) says so only once its
 * purchase reads paid, and stays on the awaiting words while the money is on its way.
 */
export default function LoadingPage() {
  const { '*': nextPath = '' } = useParams();
  const { state } = useLocation();
  const { user } = useAuthUser();
  const returned = useLoaderData<typeof loader>() ?? null;
  // The sandbox checkout hands over the course just paid; a provider names the purchase instead.
  const courseTitle = paidCourseTitle(state);
  if (courseTitle !== null) return <Confirmed courseTitle={courseTitle} nextPath={nextPath} />;
  if (returned !== null && returned.userId !== null) {
    return (
      <ProviderReturn
        returned={returned}
        viewer={user?.id ?? null}
        confirmed={(title) => <Confirmed courseTitle={title} nextPath={nextPath} />}
      />
    );
  }
  return <Waiting nextPath={nextPath} />;
}
