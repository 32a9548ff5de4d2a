import type { ReactNode } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type {
  Analytics,
  AnalyticsResponse,
  DashboardData,
  DashboardResponse,
} from '@aprendiz/contract/educator';
import { formatMoney } from '@aprendiz/contract/rules/currency';
import { educatorIcons } from '../../components/educator/educator-icons';
import { EducatorTrends, readDays } from '../../components/educator/educator-trends';
import { PersonCell } from '../../components/educator/person-cell';
import {
  cellClass,
  headCellClass,
  EmptyRow,
  headRowClass,
  numberCellClass,
  rowClass,
  TableBox,
  tableClass,
} from '../../components/ui/table';
import { Deferred } from '../../components/deferred';
import { Loader } from '../../components/loader';
import type { LoadResult } from '../../data/load-result';
import { settle } from '../../data/load-result';
import { loadSignedIn, useSignedInResult, type SignedIn } from '../../data/signed-in-loader';
import { takeEarlyRead } from '../../boot/early-reads';
import { api, ApiError } from '../../lib/api-client';
import { currentApiAuth } from '../../lib/api-auth';
import { paths } from '../../config/paths';
import { useAppContext } from '../../context/app-context';
import { usePageTitle } from '../../lib/use-page-title';
import { focusRing } from '../../components/ui/focus-ring';

/** Both unawaited: the totals show while the trends are on their way. */
export type DashboardPageData = {
  dashboard: SignedIn<DashboardData>;
  analytics: Promise<LoadResult<Analytics>> | null;
};

/** GET /api/educator/dashboard, and the analytics for the period in the address (`?dias=90`). */
export async function loader({ request }: LoaderFunctionArgs): Promise<DashboardPageData> {
  const days = readDays(new URL(request.url).searchParams);
  const dashboard = await loadSignedIn(
    request,
    async (signal) => {
      const route = '/api/educator/dashboard';
      const token = (await currentApiAuth()?.getToken()) ?? null;
      const early = await takeEarlyRead<DashboardResponse>(route, token);
      return (early ?? (await api.get<DashboardResponse>(route, { signal })).data).dashboardData;
    },
    { report: true },
  );
  // Asked for once the dashboard is there: a failing server is reported once, not twice.
  const analytics =
    dashboard.result?.then((loaded) =>
      loaded.ok
        ? settle(
            async () => {
              const { data } = await api.get<AnalyticsResponse>(
                `/api/educator/analytics?days=${days}`,
                { signal: request.signal },
              );
              // An answer without the figures is a failure to show, not a chart to crash.
              if (!data.analytics)
                throw new ApiError('Resposta inesperada do servidor.', 200, false);
              return data.analytics;
            },
            { report: true, quiet: () => request.signal.aborted },
          )
        : loaded,
    ) ?? null;
  return { dashboard, analytics };
}

function StatCard({ icon, value, label }: { icon: ReactNode; value: string; label: string }) {
  return (
    <div className="flex items-center gap-3 rounded-md border border-blue-500 p-4 shadow-sm sm:w-56">
      <span className="text-blue-600">{icon}</span>
      <div className="min-w-0">
        <p className="truncate text-2xl font-medium text-gray-700">{value}</p>
        <p className="text-base text-gray-600">{label}</p>
      </div>
    </div>
  );
}

function LatestEnrollments({ rows }: { rows: DashboardData['enrolledStudentsData'] }) {
  return (
    <TableBox label="Latest Enrollments" scrollHint>
      <table className={tableClass}>
        <thead className={headRowClass}>
          <tr>
            {/* The # column is hidden on small screens. */}
            <th scope="col" className={`${numberCellClass} hidden font-semibold sm:table-cell`}>
              #
            </th>
            <th scope="col" className={headCellClass}>
              Student Name
            </th>
            <th scope="col" className={headCellClass}>
              Course Title
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <EmptyRow columns={3}>Nenhuma inscrição ainda.</EmptyRow>
          ) : (
            rows.map((row, index) => (
              // The same student may enroll in several courses, and the list may repeat a pair.
              <tr key={`${row.student._id}-${row.courseTitle}-${index}`} className={rowClass}>
                <td className={`${numberCellClass} hidden sm:table-cell`}>{index + 1}</td>
                <td className={cellClass}>
                  <PersonCell person={row.student} />
                </td>
                <td className={cellClass}>{row.courseTitle}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableBox>
  );
}

/** A new educator's dashboard is all zeros; this gives them the step that changes that. */
function FirstCourseOffer() {
  return (
    <div className="flex max-w-4xl flex-col gap-3 rounded-md border border-blue-200 bg-blue-50 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-slate-800">
        Ainda não tem nenhum curso. Publique o primeiro para começar a receber alunos.
      </p>
      <Link
        to={paths.educatorAddCourse}
        className={`inline-flex w-max shrink-0 items-center gap-2 rounded bg-blue-600 px-4 py-2 font-medium text-white hover:bg-blue-700 ${focusRing}`}
      >
        {educatorIcons.addCourse}
        Criar o primeiro curso
      </Link>
    </div>
  );
}

function SalesLine({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-4 px-4 py-2 ${strong ? 'font-semibold text-slate-900' : 'text-gray-700'}`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** /educator: totals and the latest enrollments (a failure shows with Tentar novamente, never a loader for ever). */
export default function DashboardPage() {
  usePageTitle('Dashboard');
  const { dashboard, analytics } = useLoaderData<typeof loader>();
  return (
    <Deferred
      result={useSignedInResult(dashboard)}
      pending={<Loader label="Carregando o painel…" />}
      failedTitle="Não foi possível carregar o painel"
    >
      {(loaded) => <Dashboard dashboard={loaded} analytics={analytics} />}
    </Deferred>
  );
}

function Dashboard({
  dashboard,
  analytics,
}: {
  dashboard: DashboardData;
  analytics: Promise<LoadResult<Analytics>> | null;
}) {
  const { currency } = useAppContext();
  return (
    <div className="space-y-8 p-4 md:p-8">
      <h1 className="text-2xl font-semibold text-slate-900">Dashboard</h1>
      {dashboard.totalCourses === 0 && <FirstCourseOffer />}
      <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:gap-5">
        <StatCard
          icon={educatorIcons.enrollments}
          value={String(dashboard.totalEnrollments)}
          label="Total Enrollments"
        />
        <StatCard
          icon={educatorIcons.courses}
          value={String(dashboard.totalCourses)}
          label="Total Courses"
        />
        <StatCard
          icon={educatorIcons.earnings}
          value={formatMoney(dashboard.totalEarnings, currency)}
          label="Total Earnings"
        />
      </div>
      <section aria-labelledby="sales-heading" className="space-y-3">
        <h2 id="sales-heading" className="text-lg font-medium text-slate-900">
          Vendas
        </h2>
        {/* Each sale: what the buyer paid, less the platform's fee, is the educator's net. */}
        <dl className="max-w-md divide-y divide-gray-200 rounded-md border border-gray-200 bg-white text-sm">
          <SalesLine label="Vendas brutas" value={formatMoney(dashboard.balance.gross, currency)} />
          <SalesLine
            label="Taxa da plataforma"
            value={`− ${formatMoney(dashboard.balance.platformFee, currency)}`}
          />
          <SalesLine
            label="Devolvido em reembolsos"
            value={`− ${formatMoney(dashboard.balance.refunded, currency)}`}
          />
          <SalesLine
            label="Seus ganhos líquidos"
            value={formatMoney(dashboard.totalEarnings, currency)}
            strong
          />
        </dl>
      </section>
      <section aria-labelledby="balance-heading" className="space-y-3">
        <h2 id="balance-heading" className="text-lg font-medium text-slate-900">
          Saldo
        </h2>
        <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:gap-5">
          <StatCard
            icon={educatorIcons.earnings}
            value={formatMoney(dashboard.balance.available, currency)}
            label="Saldo disponível"
          />
          <StatCard
            icon={educatorIcons.earnings}
            value={formatMoney(dashboard.balance.pending, currency)}
            label="Saldo pendente"
          />
          <StatCard
            icon={educatorIcons.earnings}
            value={formatMoney(dashboard.balance.refunded, currency)}
            label="Reembolsos"
          />
        </div>
        <p className="max-w-3xl text-sm text-gray-600">
          O saldo pendente ainda está dentro da garantia dos cursos e pode ser reembolsado; passa a
          disponível quando a garantia termina.
        </p>
        {dashboard.awaitingPayment.count > 0 && (
          // Vouchers not paid yet: never part of the earnings until the money arrives.
          <p className="text-sm text-gray-600">
            {dashboard.awaitingPayment.count} aguardando pagamento (
            {formatMoney(dashboard.awaitingPayment.amount, currency)})
          </p>
        )}
        {dashboard.refunds.count > 0 && (
          // Second payments for a course the buyer already had: given back, never earnings.
          <p className="text-sm text-gray-600">
            Pagamentos repetidos devolvidos: {dashboard.refunds.count} (
            {formatMoney(dashboard.refunds.amount, currency)})
          </p>
        )}
      </section>
      <section className="space-y-4">
        <h2 className="text-lg font-medium text-slate-900">Latest Enrollments</h2>
        <LatestEnrollments rows={dashboard.enrolledStudentsData} />
      </section>
      <EducatorTrends analytics={analytics} currency={currency} />
    </div>
  );
}
