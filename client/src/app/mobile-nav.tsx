import type { ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { useAuthActions, useAuthUser } from '../auth/auth-context';
import { paths } from '../config/paths';
import { useAppContext } from '../context/app-context';
import { useBecomeEducator } from '../lib/use-become-educator';
import { PopupMenu, type MenuAction } from '../components/user-menu';
import { focusRingFlush } from '../components/ui/focus-ring';
import { BookIcon, BriefcaseIcon, ExploreIcon, PersonIcon } from '../components/ui/icons';

const itemClass = `flex min-w-16 flex-col items-center gap-0.5 rounded-md px-3 py-1.5 text-xs font-medium ${focusRingFlush}`;

const icons = {
  explore: <ExploreIcon />,
  courses: <BookIcon />,
  jobs: <BriefcaseIcon />,
  profile: <PersonIcon />,
};

function Tab({
  to,
  end,
  icon,
  label,
}: {
  to: string;
  end?: boolean;
  icon: ReactNode;
  label: string;
}) {
  return (
    <NavLink
      to={to}
      end={end}
      className={({ isActive }) =>
        `${itemClass} ${isActive ? 'text-blue-700' : 'text-slate-600 hover:text-slate-900'}`
      }
    >
      {icon}
      {label}
    </NavLink>
  );
}

function ProfileTab() {
  const { user } = useAuthUser();
  const { openSignIn, signOut } = useAuthActions();
  const { isEducator, userData } = useAppContext();
  const { becomeEducator, confirmation } = useBecomeEducator();
  const navigate = useNavigate();
  const content = (
    <>
      {icons.profile}
      Perfil
    </>
  );

  if (!user) {
    return (
      <button
        type="button"
        onClick={() => openSignIn()}
        className={`${itemClass} text-slate-600 hover:text-slate-900`}
      >
        {content}
      </button>
    );
  }
  const actions: MenuAction[] = isEducator
    ? [{ label: 'Dashboard', onSelect: () => navigate(paths.educator) }]
    : [{ label: 'Tornar-se educador', onSelect: becomeEducator }];
  actions.push({ label: 'Meu perfil', onSelect: () => navigate(paths.profile) });
  if (userData?.staffRole) {
    actions.push({ label: 'Console da plataforma', onSelect: () => navigate(paths.admin) });
  }
  actions.push({ label: 'Sair', onSelect: signOut });

  return (
    <>
      <PopupMenu
        label="Perfil"
        button={content}
        buttonClassName={`${itemClass} text-slate-600 hover:text-slate-900`}
        direction="up"
        header={
          <>
            <p className="truncate text-sm font-semibold text-slate-900">Olá, {user.name}</p>
            <p className="truncate text-xs text-slate-600">{user.email}</p>
          </>
        }
        actions={actions}
      />
      {confirmation}
    </>
  );
}

/** The phone bottom bar (below `md`): Explore, Cursos, Empregos, Perfil. */
export function MobileNav() {
  return (
    <nav
      aria-label="Navegação inferior"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <div className="mx-auto flex max-w-md items-center justify-around py-1">
        <Tab to={paths.home} end icon={icons.explore} label="Explore" />
        <Tab to={paths.myEnrollments} icon={icons.courses} label="Cursos" />
        <Tab to={paths.jobs} icon={icons.jobs} label="Empregos" />
        <ProfileTab />
      </div>
    </nav>
  );
}
