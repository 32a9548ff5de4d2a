import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import type { RouteHandle } from './page-meta';
import { focusRing } from '../components/ui/focus-ring';

export const notFoundHandle: RouteHandle = {
  meta: () => ({
    title: 'Página não encontrada',
    description: 'O endereço que procurou não existe.',
    noindex: true,
  }),
};

/** Any address the app does not know. */
export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-blue-600">404</p>
      <h1 className="mt-4 text-3xl font-semibold text-slate-900">Página não encontrada</h1>
      <p className="mt-3 text-slate-700">
        O endereço que você procurou não existe ou foi removido.
      </p>
      <Link
        to={paths.home}
        className={`mt-8 rounded-full bg-blue-600 px-6 py-3 font-semibold text-white hover:bg-blue-700 ${focusRing}`}
      >
        Voltar ao início
      </Link>
    </section>
  );
}
