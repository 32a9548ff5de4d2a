import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import type { AdminUserSummary } from '@aprendiz/contract/staff';
import { useAuthUser } from '../../auth/auth-context';
import { SignInRequired } from '../../components/sign-in-required';
import { buttonClass } from '../../components/ui/button';
import { focusRing } from '../../components/ui/focus-ring';
import { LoadError } from '../../components/ui/load-error';
import { paths } from '../../config/paths';
import { useAppContext } from '../../context/app-context';
import { useResource } from '../../data/resource';

const TABS = [
  { to: paths.admin, label: 'Visão geral', end: true },
  { to: paths.adminPeople, label: 'Pessoas' },
  { to: paths.adminCourses, label: 'Cursos' },
  { to: paths.adminApplications, label: 'Candidaturas', applications: true },
  { to: paths.adminMoney, label: 'Dinheiro' },
  { to: paths.adminPayouts, label: 'Repasses' },
  { to: paths.adminModeration, label: 'Moderação' },
  { to: paths.adminPrivacy, label: 'Privacidade' },
  { to: paths.adminJobs, label: 'Tarefas' },
  { to: paths.adminAudit, label: 'Auditoria' },
];

function ConsoleNav() {
  // The server says EDUCATOR_APPLICATIONS is on by sending `educatorApplications` with the user's
  // data; off, there is nothing to decide, so the tab would only ever show an empty list.
  const applicationsOn = useAppContext().userData?.educatorApplications === true;
  const tabs = TABS.filter((tab) => applicationsOn || !tab.applications);
  return (
    <nav aria-label="Console" className="-mx-4 mb-6 overflow-x-auto border-b border-slate-200 px-4">
      <ul className="flex gap-1 whitespace-nowrap">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                `block rounded-t-md px-3 py-2 text-sm font-medium ${focusRing} ${
                  isActive
                    ? 'border-b-2 border-blue-600 text-blue-700'
                    : 'text-slate-700 hover:text-blue-700'
                }`
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The console's door: only a staff member with two-step on gets through (the server decides, from
 * GET /api/admin/me); everyone else is told why, and a staff member without two-step where to
 * turn it on.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { user, isLoaded } = useAuthUser();
  const me = useResource<{ user: AdminUserSummary }>(user ? '/api/admin/me' : null);
  let content: ReactNode;
  if (!isLoaded) content = <p className="text-slate-600">Carregando…</p>;
  else if (!user) {
    return (
      <SignInRequired
        title="Console da plataforma"
        message="Entre com uma conta da equipe para usar o console."
      />
    );
  } else if (me.result?.ok === false && me.result.status === 403) {
    const needsTwoStep = /duas etapas/.test(me.result.message);
    content = (
      <div className="max-w-xl space-y-4 rounded-lg border border-amber-300 bg-amber-50 p-5">
        <h1 className="text-xl font-semibold text-slate-900">Console da plataforma</h1>
        <p role="alert" className="text-slate-800">
          {me.result.message}
        </p>
        {needsTwoStep && (
          <Link to={paths.profile} className={buttonClass()}>
            Ativar no meu perfil
          </Link>
        )}
      </div>
    );
  } else if (me.error) {
    content = <LoadError title="Console indisponível" message={me.error} onRetry={me.reload} />;
  } else if (!me.value) content = <p className="text-slate-600">Carregando…</p>;
  else {
    content = (
      <>
        <p className="mb-2 text-sm text-slate-600">
          Console da plataforma ·{' '}
          {me.value.user.staffRole === 'admin' ? 'Administrador' : 'Suporte'}
        </p>
        <ConsoleNav />
        {children}
      </>
    );
  }
  return <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-8">{content}</div>;
}
