import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  manualRefundPaidBodySchema,
  type AdminManualRefund,
  type AdminPurchase,
} from '@aprendiz/contract/staff';
import { notify } from '../../components/toast';
import { Button } from '../../components/ui/button';
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
import { AdminHeading, Loaded, money, useIsAdmin, when } from './admin-ui';
import { SearchForm } from './people';
import { PurchasesTable } from './purchases-table';
import { ReasonDialog } from './reason-dialog';

function PurchaseResults({ q }: { q: string }) {
  const read = useResource<{ purchases: AdminPurchase[] }>(
    `/api/admin/purchases?${new URLSearchParams({ q }).toString()}`,
  );
  return (
    <Loaded read={read} failedTitle="Não foi possível buscar compras">
      {({ purchases }) => <PurchasesTable purchases={purchases} showBuyer />}
    </Loaded>
  );
}

function ManualRefunds() {
  const isAdmin = useIsAdmin();
  const read = useResource<{ refunds: AdminManualRefund[] }>('/api/admin/refunds');
  const [paying, setPaying] = useState<AdminManualRefund | null>(null);
  return (
    <Loaded read={read} failedTitle="Não foi possível carregar os reembolsos">
      {({ refunds }) => (
        <>
          <TableBox label="Reembolsos a fazer à mão" scrollHint wide>
            <table className={`${tableClass} min-w-[44rem]`}>
              <TableHead
                columns={['Comprador', 'Curso', 'Valor', 'Enviar para', 'Desde']}
                actions
              />
              <tbody>
                {refunds.length === 0 ? (
                  <EmptyRow columns={6}>Nenhum reembolso esperando.</EmptyRow>
                ) : (
                  refunds.map((r) => (
                    <tr key={r.purchaseId} className={rowClass}>
                      <td className={cellClass}>{r.userEmail}</td>
                      <td className={cellClass}>{r.courseTitle}</td>
                      <td className={cellClass}>{money(r.amount, r.currency)}</td>
                      <td className={`${cellClass} font-mono text-xs break-all`}>
                        {r.destination ?? 'A pessoa ainda não informou'}
                      </td>
                      <td className={cellClass}>{when(r.createdAt)}</td>
                      <td className={cellClass}>
                        {isAdmin && r.destination && (
                          <Button size="sm" onClick={() => setPaying(r)}>
                            Marcar como pago
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </TableBox>
          <ReasonDialog
            open={paying !== null}
            title="Reembolso feito"
            label="Referência da transferência"
            hint="O identificador do Pix ou da transferência bancária."
            confirmLabel="Marcar como pago"
            schema={manualRefundPaidBodySchema}
            field="reference"
            onClose={() => setPaying(null)}
            onSubmit={async (reference) => {
              if (!paying) return false;
              const done = await send(
                api.post(`/api/admin/refunds/${paying.purchaseId}/paid`, { reference }),
              );
              if (done) {
                notify.success('Reembolso registrado como pago.');
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

/** Money: find a purchase by provider id, voucher reference or e-mail; refunds made by hand. */
export function AdminMoneyScreen() {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  return (
    <div className="space-y-8">
      <section>
        <AdminHeading>Dinheiro</AdminHeading>
        <SearchForm
          label="Buscar compras"
          placeholder="Id do provedor, referência, e-mail ou id da compra"
        />
        {q.length >= 2 && <PurchaseResults q={q} />}
      </section>
      <section className="space-y-2">
        <h2 className="text-lg font-semibold text-slate-900">Reembolsos a fazer à mão</h2>
        <ManualRefunds />
      </section>
    </div>
  );
}
