import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router-dom';
import { Deferred } from '../../components/deferred';
import { Loader } from '../../components/loader';
import { loadPayouts, PayoutsView } from '../../features/payouts';
import { useSignedInResult } from '../../data/signed-in-loader';
import { usePageTitle } from '../../lib/use-page-title';

export function loader({ request }: LoaderFunctionArgs) {
  return loadPayouts(request);
}

/** /educator/payouts: 'Pagamentos'. */
export default function PayoutsPage() {
  usePageTitle('Pagamentos');
  const { revalidate } = useRevalidator();
  return (
    <div className="space-y-6 p-4 md:p-8">
      <h1 className="text-2xl font-semibold text-slate-900">Pagamentos</h1>
      <Deferred
        result={useSignedInResult(useLoaderData<typeof loader>())}
        pending={<Loader label="Carregando seus pagamentos…" />}
        failedTitle="Não foi possível carregar seus pagamentos"
      >
        {(data) => <PayoutsView data={data} onChange={() => void revalidate()} />}
      </Deferred>
    </div>
  );
}
