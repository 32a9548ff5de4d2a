import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Loader } from '../../components/loader';
import { Button } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useAppContext } from '../../context/app-context';
import { usePageTitle } from '../../lib/use-page-title';
import { paidCourseTitle } from '../../lib/after-payment';

export const LOADING_REDIRECT_MS = 5000;

// Payments come back to /loading/my-enrollments: the sandbox checkout with the course's title in the
// history entry, a payment provider's return page without it.
const AFTER_PAYMENT_PATH = paths.myEnrollments.slice(1);

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
 * /loading/{path}: the spec's three dots, then /{path} after 5 s. Payment providers return here, so the
 * user's data and enrollments are read again first and a course just bought is listed at once; after
 * a payment the page also says so.
 */
export default function LoadingPage() {
  const { '*': nextPath = '' } = useParams();
  const { state } = useLocation();
  const navigate = useNavigate();
  const { fetchUserEnrolledCourses } = useAppContext();
  const courseTitle = paidCourseTitle(state);
  // 'Ir agora' skips the rest of the wait; the enrollments are still read first.
  const [goNow, setGoNow] = useState(false);
  const afterPayment = courseTitle !== null || nextPath === AFTER_PAYMENT_PATH;
  usePageTitle(afterPayment ? 'Pagamento confirmado' : 'Carregando…');

  useEffect(() => {
    if (!nextPath) return;
    let active = true;
    const timer = setTimeout(
      () => {
        // One read of the root loader: the enrollments and the user data.
        void fetchUserEnrolledCourses().then(() => {
          if (active) navigate(`/${nextPath}`, { replace: true });
        });
      },
      goNow ? 0 : LOADING_REDIRECT_MS,
    );
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [nextPath, navigate, fetchUserEnrolledCourses, goNow]);

  if (!afterPayment) {
    return (
      <>
        <h1 className="sr-only">Carregando</h1>
        <Loader />
      </>
    );
  }
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
