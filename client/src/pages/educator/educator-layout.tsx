import { Suspense, type ReactNode } from 'react';
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
  else content = <BecomeEducatorOffer />;
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
      <EducatorNavbar />
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
      <a
        href={`#${MAIN_ID}`}
        className="sr-only z-50 rounded-md bg-blue-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Ir para o conteúdo
      </a>
      <EducatorNavbar />
      <EducatorBody />
      <EducatorFooter />
    </div>
  );
}
