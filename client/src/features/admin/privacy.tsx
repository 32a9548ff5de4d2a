import { Link, useSearchParams } from 'react-router-dom';
import {
  PRIVACY_ANSWER_DAYS,
  type AdminPrivacyRequest,
  type PrivacyRequestKind,
} from '@aprendiz/contract/privacy';
import { focusRing } from '../../components/ui/focus-ring';
import { inputClass } from '../../components/ui/field';
import {
  cellClass,
  EmptyRow,
  rowClass,
  TableBox,
  tableClass,
  TableHead,
} from '../../components/ui/table';
import { paths } from '../../config/paths';
import { useResource } from '../../data/resource';
import { AdminHeading, Badge, Loaded, when } from './admin-ui';

const KIND_LABELS: Record<PrivacyRequestKind, string> = {
  export: 'Exportação',
  deletion: 'Exclusão',
};

const STATUS_LABELS: Record<string, string> = {
  pending: 'Em preparo',
  ready: 'Pronta',
  expired: 'Link expirado',
  failed: 'Falhou',
  scheduled: 'Agendada',
  cancelled: 'Cancelada',
  done: 'Concluída',
};

/** The filter as the address keeps it: a kind, and whether only open requests show. */
function useFilter() {
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind');
  const filter = {
    kind: kind === 'export' || kind === 'deletion' ? kind : null,
    open: params.get('open') !== '0',
  };
  function change(next: Partial<typeof filter>) {
    const merged = { ...filter, ...next };
    const query: Record<string, string> = { open: merged.open ? '1' : '0' };
    if (merged.kind) query.kind = merged.kind;
    setParams(query);
  }
  return { filter, change };
}

function RequestsTable({ requests }: { requests: AdminPrivacyRequest[] }) {
  return (
    <TableBox label="Pedidos de privacidade" scrollHint wide>
      <table className={`${tableClass} min-w-[44rem]`}>
        <TableHead columns={['Pedido', 'Pessoa', 'Feito em', 'Prazo', 'Estado']} />
        <tbody>
          {requests.length === 0 ? (
            <EmptyRow columns={5}>Nenhum pedido.</EmptyRow>
          ) : (
            requests.map((request) => (
              <tr
                key={request.id}
                className={`${rowClass} ${request.overdue ? 'bg-red-50' : ''}`}
                data-overdue={request.overdue || undefined}
              >
                <td className={cellClass}>{KIND_LABELS[request.kind]}</td>
                <td className={cellClass}>
                  <Link
                    to={paths.adminPerson(request.userId)}
                    className={`font-medium text-blue-700 underline ${focusRing}`}
                  >
                    {request.userName ?? request.userId}
                  </Link>
                  {request.userEmail && (
                    <span className="block text-xs break-all">{request.userEmail}</span>
                  )}
                </td>
                <td className={cellClass}>{when(request.requestedAt)}</td>
                <td className={cellClass}>
                  {when(request.dueAt)}
                  {request.overdue && (
                    <span className="ml-2">
                      <Badge tone="red">Atrasado</Badge>
                    </span>
                  )}
                </td>
                <td className={cellClass}>
                  {STATUS_LABELS[request.status] ?? request.status}
                  {request.scheduledFor && request.status === 'scheduled' && (
                    <span className="block text-xs">Para {when(request.scheduledFor)}</span>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableBox>
  );
}

/** 'Privacidade': every export and deletion request, with the deadline the LGPD gives to answer it. */
export function AdminPrivacyScreen() {
  const { filter, change } = useFilter();
  const query = new URLSearchParams({ open: filter.open ? '1' : '0' });
  if (filter.kind) query.set('kind', filter.kind);
  const read = useResource<{ requests: AdminPrivacyRequest[] }>(
    `/api/admin/privacy-requests?${query.toString()}`,
  );
  return (
    <section>
      <AdminHeading>Pedidos de privacidade</AdminHeading>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">
        Exportações e exclusões de dados pedidas pelas pessoas. A LGPD dá {PRIVACY_ANSWER_DAYS} dias
        para responder: os pedidos em aberto depois do prazo aparecem como atrasados.
      </p>
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <label className="flex flex-col text-sm text-slate-700">
          Tipo
          <select
            className={`${inputClass} mt-1`}
            value={filter.kind ?? 'all'}
            onChange={(event) =>
              change({
                kind:
                  event.target.value === 'export' || event.target.value === 'deletion'
                    ? event.target.value
                    : null,
              })
            }
          >
            <option value="all">Todos</option>
            <option value="export">{KIND_LABELS.export}</option>
            <option value="deletion">{KIND_LABELS.deletion}</option>
          </select>
        </label>
        <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={filter.open}
            onChange={(event) => change({ open: event.target.checked })}
          />
          Só os pedidos em aberto
        </label>
      </div>
      <Loaded read={read} failedTitle="Não foi possível carregar os pedidos">
        {({ requests }) => <RequestsTable requests={requests} />}
      </Loaded>
    </section>
  );
}
