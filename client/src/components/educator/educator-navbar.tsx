import type { ReactNode } from 'react';
import { useAuthUser } from '../../auth/auth-context';
import { env } from '../../config/env';
import { Logo } from '../logo';
import { UserMenu } from '../user-menu';

/**
 * The educator area's top bar: the logo (home), a greeting, what the area puts beside them (the
 * notification bell: a feature, which shared components take as a prop) and the user menu.
 */
export function EducatorNavbar({ actions }: { actions?: ReactNode }) {
  const { user } = useAuthUser();
  const { brand } = env;
  return (
    <header className="border-b border-gray-500/20 bg-white">
      <div className="flex items-center justify-between gap-4 px-4 py-3 md:px-8">
        <Logo brand={brand} />
        {user && (
          <div className="flex min-w-0 items-center gap-3 text-slate-700">
            <p className="hidden truncate sm:block">Olá, {user.name}</p>
            {actions}
            <UserMenu />
          </div>
        )}
      </div>
    </header>
  );
}
