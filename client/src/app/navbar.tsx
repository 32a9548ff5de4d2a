import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAuthActions, useAuthUser } from '../auth/auth-context';
import { paths } from '../config/paths';
import { useAppContext } from '../context/app-context';
import { useBecomeEducator } from '../lib/use-become-educator';
import { OnlineCounter } from '../components/online-counter';
import { UserMenu } from '../components/user-menu';
import { Logo } from '../components/logo';
import { focusRing } from '../components/ui/focus-ring';

// Its own chunk, for signed-in people only: the anonymous first load of every page stays as it was.
const NotificationBell = lazy(() =>
  import('../features/notifications').then((feature) => ({ default: feature.NotificationBell })),
);

const linkClass = `rounded-md text-slate-700 hover:text-blue-700 ${focusRing}`;

/** The brand's mark and name, linking home. */

// Both labels of the educator link take the same width, so 'My Enrollments' after it stays put
// when the user's role arrives.
const educatorSlot = 'inline-block min-w-44 text-left';

function EducatorButton() {
  const { user } = useAuthUser();
  const { openSignIn } = useAuthActions();
  const { isEducator } = useAppContext();
  const { becomeEducator, pending, confirmation } = useBecomeEducator();

  if (isEducator) {
    return (
      <Link to={paths.educator} className={`${linkClass} ${educatorSlot}`}>
        Educator Dashboard
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        disabled={pending}
        onClick={() => (user ? becomeEducator() : openSignIn())}
        className={`${linkClass} ${educatorSlot} disabled:opacity-60`}
      >
        Tornar-se educador
      </button>
      {confirmation}
    </>
  );
}

function GenericProfileImage() {
  return (
    <svg aria-hidden="true" viewBox="0 0 36 36" className="h-9 w-9 shrink-0">
      <circle cx="18" cy="18" r="18" fill="#e2e8f0" />
      <circle cx="18" cy="14" r="6" fill="#94a3b8" />
      <path d="M6.5 30a12.5 9 0 0 1 23 0A17.5 17.5 0 0 1 6.5 30Z" fill="#94a3b8" />
    </svg>
  );
}

/** The public top bar; below `md` only the logo and counter remain. */
export function Navbar() {
  const { pathname } = useLocation();
  const { user } = useAuthUser();
  const { openSignIn } = useAuthActions();
  const { brand, userData } = useAppContext();
  const onCourseList = pathname === '/course-list' || pathname.startsWith('/course-list/');

  return (
    <header
      data-testid="site-header"
      className={`border-b border-slate-200 ${onCourseList ? 'bg-white' : 'bg-cyan-100/70'}`}
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-8 lg:px-12">
        <Logo brand={brand} />
        {/*
         * On wider screens what is there before the session is known (counter, educator link) is
         * anchored left and what the session adds goes after it or at the far right: filling in a
         * signed-in bar after hydration moves nothing already on screen (no layout shift).
         */}
        <div className="flex min-h-10 flex-1 items-center justify-end gap-5 md:justify-start">
          <OnlineCounter />
          <nav aria-label="Principal" className="hidden flex-1 items-center gap-5 md:flex">
            <EducatorButton />
            {user && (
              <Link to={paths.myEnrollments} className={linkClass}>
                My Enrollments
              </Link>
            )}
            {user ? (
              // As tall as the 'Começar' button it replaces, so the page below does not move. Keyed
              // apart from it: a new element appears, rather than the old one resized and moved.
              <div key="account" className="ml-auto flex h-10 items-center gap-3">
                <span className="max-w-48 truncate text-slate-800">Olá, {user.name}</span>
                <UserMenu staff={Boolean(userData?.staffRole)} />
              </div>
            ) : (
              // The button comes first in the markup and is drawn last (row-reverse): a browser
              // painting the page while it is still parsing it never shows the picture before
              // the button's text has widened this right-aligned group, which would move it.
              <div key="sign-in" className="ml-auto flex flex-row-reverse items-center gap-3">
                <button
                  type="button"
                  onClick={() => openSignIn()}
                  className={`rounded-full bg-blue-600 px-5 py-2 font-semibold text-white hover:bg-blue-700 ${focusRing}`}
                >
                  Começar
                </button>
                <GenericProfileImage />
              </div>
            )}
          </nav>
          {user && (
            // On a phone the bar is right-aligned: the bell goes first, so the counter already on
            // screen does not move when the session becomes known (no layout shift); the bar is
            // always as tall as the bell.
            <div className="order-first md:order-none">
              <Suspense fallback={<span aria-hidden="true" className="block h-10 w-10" />}>
                <NotificationBell />
              </Suspense>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
