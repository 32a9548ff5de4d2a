import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useAuthUser } from '../../auth/auth-context';
import {
  BecomeEducatorOffer,
  EducatorSignInRequired,
} from '../../components/educator/educator-gate';
import { EducatorFooter } from '../../components/educator/educator-footer';
import { EducatorNavbar } from '../../components/educator/educator-navbar';
import { EducatorSidebar } from '../../components/educator/educator-sidebar';
import { Loader } from '../../components/loader';
import { RouteErrorBoundary } from '../../components/route-error-boundary';
import { useAppContext } from '../../context/app-context';
import { SkipLink } from '../../components/skip-link';

const NotificationBell = lazy(() =>
  import('../../features/notifications').then((feature) => ({ default: feature.NotificationBell })),
);

// Only with EDUCATOR_APPLICATIONS=on, and only to a learner at the door: its own chunk.
const EducatorApplicationPanel = lazy(() =>
  import('../../features/educator-applications').then((feature) => ({
    default: feature.EducatorApplicationPanel,
  })),
);

/** The bell, in its own chunk: the square it will fill holds its place meanwhile. */
const bell = (
  <Suspense fallback={<span aria-hidden="true" className="block h-10 w-10" />}>
    <NotificationBell />
  </Suspense>
);

const MAIN_ID = 'conteudo-educador';

function Main({ children }: { children: ReactNode }) {
  return (
    // min-w-0 lets a wide table scroll in its own box instead of widening the page.
    <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 outline-none">
      {children}
    </main>
  );
}

/** Route guard: who may see the educator pages, and what everyone else sees instead. */
function EducatorBody() {
  const { user, isLoaded } = useAuthUser();
  const { isEducator, userData } = useAppContext();

  if (isLoaded && user && isEducator) {
    return (
      <div className="flex flex-1">
        <EducatorSidebar />
        <Main>
          <Suspense fallback={<Loader />}>
            <Outlet />
          </Suspense>
        </Main>
      </div>
    );
  }
  let content: ReactNode;
  if (!isLoaded) content = <Loader />;
  else if (!user) content = <EducatorSignInRequired />;
  // The educator flag comes with the user data: until that arrives, an educator is not known as one.
  else if (!userData) content = <Loader />;
  else if (userData.educatorApplications) {
    content = (
      <Suspense fallback={<Loader />}>
        <EducatorApplicationPanel />
      </Suspense>
    );
  } else content = <BecomeEducatorOffer />;
  return (
    <div className="flex flex-1">
      <Main>{content}</Main>
    </div>
  );
}

/** A failure inside the educator area keeps its top bar and footer around the error and its retry. */
export function ErrorBoundary() {
  return (
    <div className="flex min-h-screen flex-col">
      <EducatorNavbar actions={bell} />
      <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 outline-none">
        <RouteErrorBoundary />
      </main>
      <EducatorFooter />
    </div>
  );
}

/** The /educator/* shell: its own top bar and footer, the sidebar for educators. */
export default function EducatorLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink targetId={MAIN_ID} />
      <EducatorNavbar actions={bell} />
      <EducatorBody />
      <EducatorFooter />
    </div>
  );
}
