import { Link } from 'react-router-dom';
import type { AdminOverview } from '@aprendiz/contract/staff';
import { focusRing } from '../../components/ui/focus-ring';
import {
  cellClass,
  EmptyRow,
  rowClass,
  TableBox,
  tableClass,
  TableHead,
} from '../../components/ui/table';
import { paths } from '../../config/paths';
import { useAppContext } from '../../context/app-context';
import { useResource } from '../../data/resource';
import { AdminHeading, Loaded, money } from './admin-ui';

const WINDOW_LABELS = { 1: 'Hoje (24 h)', 7: '7 dias', 30: '30 dias' } as const;

function Tile({ label, value, to }: { label: string; value: number; to: string }) {
  return (
    <Link
      to={to}
      className={`block rounded-lg border border-slate-200 bg-white p-4 hover:border-blue-400 ${focusRing}`}
    >
      <span className="block text-sm text-slate-600">{label}</span>
      <span className="block text-2xl font-semibold text-slate-900">{value}</span>
    </Link>
  );
}

function MoneyTable({ overview }: { overview: AdminOverview }) {
  const rows = overview.windows.flatMap((window) =>
    window.money.map((m) => ({ ...m, days: window.days })),
  );
  return (
    <TableBox label="Vendas por período" scrollHint wide>
      <table className={`${tableClass} min-w-[40rem]`}>
        <TableHead columns={['Período', 'Moeda', 'Vendas', 'Reembolsos', 'Aguardando pagamento']} />
        <tbody>
          {rows.length === 0 ? (
            <EmptyRow columns={5}>Nenhuma venda nos últimos 30 dias.</EmptyRow>
          ) : (
            rows.map((row) => (
              <tr key={`${row.days}-${row.currency}`} className={rowClass}>
                <td className={cellClass}>{WINDOW_LABELS[row.days]}</td>
                <td className={cellClass}>{row.currency.toUpperCase()}</td>
                <td className={cellClass}>
                  {row.sales} · {money(row.salesAmount, row.currency)}
                </td>
                <td className={cellClass}>
                  {row.refunds} · {money(row.refundsAmount, row.currency)}
                </td>
                <td className={cellClass}>{row.awaiting}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableBox>
  );
}

/** The console's first screen: money per currency over three windows, and what waits for someone. */
export function AdminOverviewScreen() {
  const read = useResource<{ overview: AdminOverview }>('/api/admin/overview');
  // Off (the default), nobody applies: the tile would only ever say 0.
  const applicationsOn = useAppContext().userData?.educatorApplications === true;
  return (
    <>
      <AdminHeading>Visão geral</AdminHeading>
      <Loaded read={read} failedTitle="Não foi possível carregar a visão geral">
        {({ overview }) => (
          <div className="space-y-6">
            <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
              <Tile label="Tarefas com falha" value={overview.failedJobs} to={paths.adminJobs} />
              <Tile
                label="Denúncias abertas"
                value={overview.openReports}
                to={paths.adminModeration}
              />
              <Tile
                label="Reembolsos manuais"
                value={overview.manualRefundsOpen}
                to={paths.adminMoney}
              />
              <Tile
                label="Cursos em revisão"
                value={overview.coursesInReview}
                to={paths.adminCourses}
              />
              {applicationsOn && (
                <Tile
                  label="Candidaturas a educador"
                  value={overview.applicationsPending}
                  to={paths.adminApplications}
                />
              )}
              <Tile label="Saques a tratar" value={overview.payoutsOpen} to={paths.adminPayouts} />
              <Tile label="Pessoas" value={overview.people} to={paths.adminPeople} />
            </div>
            <MoneyTable overview={overview} />
          </div>
        )}
      </Loaded>
    </>
  );
}
