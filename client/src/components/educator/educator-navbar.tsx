import { lazy, Suspense } from 'react';
import { useAuthUser } from '../../auth/auth-context';
import { env } from '../../config/env';
import { Logo } from '../logo';
import { UserMenu } from '../user-menu';

const NotificationBell = lazy(() => import('../notifications/notification-bell'));

/** The educator area's top bar: the logo (home), a greeting and the user menu. */
export function EducatorNavbar() {
  const { user } = useAuthUser();
  const { brand } = env;
  return (
    <header className="border-b border-gray-500/20 bg-white">
      <div className="flex items-center justify-between gap-4 px-4 py-3 md:px-8">
        <Logo brand={brand} />
        {user && (
          <div className="flex min-w-0 items-center gap-3 text-slate-700">
            <p className="hidden truncate sm:block">Olá, {user.name}</p>
            <Suspense fallback={<span aria-hidden="true" className="block h-10 w-10" />}>
              <NotificationBell />
            </Suspense>
            <UserMenu />
          </div>
        )}
      </div>
    </header>
  );
}
