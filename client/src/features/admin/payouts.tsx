import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  payoutFailedBodySchema,
  payoutPaidBodySchema,
  type OperatorPayout,
} from '@aprendiz/contract/payouts';
import {
  PAYOUT_RAIL_LABELS,
  PAYOUT_STATUS_LABELS,
  PAYOUT_STATUSES,
  type PayoutRail,
  type PayoutStatus,
} from '@aprendiz/contract/rules/payouts';
import { notify } from '../../components/toast';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import {
  cellClass,
  EmptyRow,
  rowClass,
  TableBox,
  tableClass,
  TableHead,
} from '../../components/ui/table';
import { useResource } from '../../data/resource';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { AdminHeading, Badge, Loaded, money, useIsAdmin, when } from './admin-ui';
import { ReasonDialog } from './reason-dialog';

/** The rails whose batch goes to a bank by hand; Stripe transfers are sent on approval. */
const EXPORTED_RAILS: PayoutRail[] = ['pix', 'iban'];

const STATUS_TONES: Record<PayoutStatus, 'amber' | 'slate' | 'green' | 'red'> = {
  requested: 'amber',
  approved: 'slate',
  paid: 'green',
  failed: 'red',
};

function isStatus(value: string | null): value is PayoutStatus {
  return (PAYOUT_STATUSES as readonly string[]).includes(value ?? '');
}

/** Which dialog is open, for which withdrawal. */
type Marking = { payout: OperatorPayout; as: 'paid' | 'failed' } | null;

function PayoutActions({
  payout,
  onMark,
  onApproved,
}: {
  payout: OperatorPayout;
  onMark: (as: 'paid' | 'failed') => void;
  onApproved: () => void;
}) {
  const [approving, setApproving] = useState(false);
  async function approve() {
    setApproving(true);
    const done = await send(api.post(`/api/admin/payouts/${payout._id}/approve`));
    setApproving(false);
    if (done) {
      notify.success('Saque aprovado: ele entra no lote do dia.');
      onApproved();
    }
  }
  if (payout.status === 'requested') {
    return (
      <Button
        size="sm"
        pending={approving}
        aria-label={`Aprovar o saque de ${payout.educatorName ?? payout.educatorEmail ?? ''}`}
        onClick={() => void approve()}
      >
        Aprovar
      </Button>
    );
  }
  if (payout.status === 'approved') {
    return (
      <span className="inline-flex flex-wrap gap-2">
        <Button size="sm" onClick={() => onMark('paid')}>
          Marcar como pago
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onMark('failed')}>
          Marcar como falhado
        </Button>
      </span>
    );
  }
  return null;
}

function PayoutsTable({ status }: { status: PayoutStatus | null }) {
  const isAdmin = useIsAdmin();
  const read = useResource<{ payouts: OperatorPayout[] }>(
    `/api/admin/payouts${status ? `?status=${status}` : ''}`,
  );
  const [marking, setMarking] = useState<Marking>(null);
  const paid = marking?.as === 'paid';
  return (
    <Loaded read={read} failedTitle="Não foi possível carregar os saques">
      {({ payouts }) => (
        <>
          <TableBox label="Pedidos de saque" scrollHint wide>
            <table className={`${tableClass} min-w-[52rem]`}>
              <TableHead
                columns={['Educador', 'Valor', 'Destino', 'Pedido em', 'Estado']}
                actions={isAdmin}
              />
              <tbody>
                {payouts.length === 0 ? (
                  <EmptyRow columns={isAdmin ? 6 : 5}>Nenhum saque neste estado.</EmptyRow>
                ) : (
                  payouts.map((payout) => (
                    <tr key={payout._id} className={rowClass}>
                      <td className={cellClass}>
                        <span className="block font-medium text-slate-900">
                          {payout.educatorName ?? '—'}
                        </span>
                        <span className="block text-xs break-all">{payout.educatorEmail}</span>
                      </td>
                      <td className={cellClass}>{money(payout.amount, payout.currency)}</td>
                      <td className={cellClass}>
                        <span className="block">{PAYOUT_RAIL_LABELS[payout.rail]}</span>
                        <span className="block font-mono text-xs">{payout.destination}</span>
                      </td>
                      <td className={cellClass}>{when(payout.requestedAt)}</td>
                      <td className={cellClass}>
                        <Badge tone={STATUS_TONES[payout.status]}>
                          {PAYOUT_STATUS_LABELS[payout.status]}
                        </Badge>
                        {payout.batch && (
                          <span className="mt-1 block text-xs">Lote {payout.batch}</span>
                        )}
                        {payout.reference && (
                          <span className="mt-1 block text-xs">Ref. {payout.reference}</span>
                        )}
                        {payout.failureReason && (
                          <span className="mt-1 block text-xs">{payout.failureReason}</span>
                        )}
                      </td>
                      {isAdmin && (
                        <td className={`${cellClass} relative`}>
                          <PayoutActions
                            payout={payout}
                            onApproved={read.reload}
                            onMark={(as) => setMarking({ payout, as })}
                          />
                        </td>
                      )}
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </TableBox>
          <ReasonDialog
            key={marking ? `${marking.payout._id}-${marking.as}` : 'closed'}
            open={marking !== null}
            title={paid ? 'Saque pago' : 'Saque não concluído'}
            label={paid ? 'Referência do banco' : 'Motivo da falha'}
            hint={
              paid
                ? 'O identificador da transferência (Pix E2E, referência do banco). O educador o recebe.'
                : 'O educador recebe o motivo, e o valor volta ao saldo dele.'
            }
            confirmLabel={paid ? 'Marcar como pago' : 'Marcar como falhado'}
            schema={paid ? payoutPaidBodySchema : payoutFailedBodySchema}
            field={paid ? 'reference' : 'reason'}
            danger={!paid}
            onClose={() => setMarking(null)}
            onSubmit={async (text) => {
              if (!marking) return false;
              const done = await send(
                api.post(
                  `/api/admin/payouts/${marking.payout._id}/${marking.as}`,
                  paid ? { reference: text } : { reason: text },
                ),
              );
              if (done) {
                notify.success(paid ? 'Saque marcado como pago.' : 'Saque marcado como falhado.');
                read.reload();
              }
              return done !== null;
            }}
          />
        </>
      )}
    </Loaded>
  );
}

/** The approved withdrawals of a rail with their full bank details: fetched with the session, saved as a file. */
function ExportBatches() {
  const [exporting, setExporting] = useState<PayoutRail | null>(null);
  async function exportRail(rail: PayoutRail) {
    setExporting(rail);
    const csv = await send(
      api.get<string>(`/api/admin/payouts/export.csv?rail=${rail}`, { responseType: 'text' }),
    );
    setExporting(null);
    if (csv === null) return;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    link.download = `saques-${rail}-${new Date().toISOString().slice(0, 10)}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  }
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-semibold text-slate-900">Lotes para o banco</h2>
      <p className="text-sm text-slate-700">
        Os saques aprovados de cada meio, com os dados bancários completos. Cada exportação fica na
        auditoria.
      </p>
      <div className="flex flex-wrap gap-2">
        {EXPORTED_RAILS.map((rail) => (
          <Button
            key={rail}
            variant="secondary"
            pending={exporting === rail}
            onClick={() => void exportRail(rail)}
          >
            Exportar lote {PAYOUT_RAIL_LABELS[rail]} (CSV)
          </Button>
        ))}
      </div>
    </section>
  );
}

/** 'Repasses': educators' withdrawals by status; admins approve, mark paid or failed, export. */
export function AdminPayoutsScreen() {
  const isAdmin = useIsAdmin();
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  // No filter in the address: what waits for someone first.
  const status: PayoutStatus | null =
    asked === 'all' ? null : isStatus(asked) ? asked : 'requested';
  return (
    <div className="space-y-8">
      <section>
        <AdminHeading>Repasses</AdminHeading>
        <label className="mb-4 flex max-w-xs flex-col text-sm text-slate-700">
          Estado
          <select
            className={`${inputClass} mt-1`}
            value={status ?? 'all'}
            onChange={(event) => setParams({ status: event.target.value })}
          >
            {PAYOUT_STATUSES.map((option) => (
              <option key={option} value={option}>
                {PAYOUT_STATUS_LABELS[option]}
              </option>
            ))}
            <option value="all">Todos</option>
          </select>
        </label>
        <PayoutsTable status={status} />
      </section>
      {isAdmin && <ExportBatches />}
    </div>
  );
}
