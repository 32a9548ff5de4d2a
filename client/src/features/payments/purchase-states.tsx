import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Loader } from '../../components/loader';
import { buttonClass } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { usePageTitle } from '../../lib/use-page-title';

/** A purchase page's message in place of the purchase: a heading, a sentence, a way on. */
export function PurchaseMessage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900 md:text-3xl">{title}</h1>
      {children}
    </section>
  );
}

export function LoadingPurchase() {
  return (
    <>
      <h1 className="sr-only">Carregando pagamento</h1>
      <Loader label="Carregando pagamento…" />
    </>
  );
}

/** The server answers someone else's purchase exactly like an unknown one, with a 404. */
export function PurchaseNotFound() {
  return (
    <PurchaseMessage title="Pagamento não encontrado">
      <p className="text-slate-700">Este pagamento não existe ou pertence a outra conta.</p>
      <Link to={paths.courseList()} className={buttonClass({ size: 'lg' })}>
        Ver cursos
      </Link>
    </PurchaseMessage>
  );
}
