import { useState } from 'react';
import type { AdminPurchase } from '@aprendiz/contract/staff';
import { Button } from '../../components/ui/button';
import {
  cellClass,
  EmptyRow,
  headCellClass,
  headRowClass,
  rowClass,
  TableBox,
  tableClass,
} from '../../components/ui/table';
import { notify } from '../../components/toast';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { money, purchaseStatusLabel, when } from './admin-ui';

function ResendReceipt({ purchase }: { purchase: AdminPurchase }) {
  const [pending, setPending] = useState(false);
  if (purchase.completedAt === null) return null;
  async function resend() {
    setPending(true);
    const done = await send(api.post(`/api/admin/purchases/${purchase._id}/resend-receipt`));
    setPending(false);
    if (done) notify.success(`Recibo reenviado para ${purchase.userEmail}.`);
  }
  return (
    <Button size="sm" variant="secondary" pending={pending} onClick={() => void resend()}>
      Reenviar recibo
    </Button>
  );
}

/** Purchases with what support needs to find a payment: status, method, provider ids, voucher. */
export function PurchasesTable({
  purchases,
  showBuyer = false,
}: {
  purchases: AdminPurchase[];
  showBuyer?: boolean;
}) {
  const columns = showBuyer ? 7 : 6;
  return (
    <TableBox label="Compras" scrollHint wide>
      <table className={`${tableClass} min-w-[56rem]`}>
        <thead className={headRowClass}>
          <tr>
            {showBuyer && (
              <th scope="col" className={headCellClass}>
                Comprador
              </th>
            )}
            <th scope="col" className={headCellClass}>
              Curso
            </th>
            <th scope="col" className={headCellClass}>
              Valor
            </th>
            <th scope="col" className={headCellClass}>
              Situação
            </th>
            <th scope="col" className={headCellClass}>
              Método e ids
            </th>
            <th scope="col" className={headCellClass}>
              Datas
            </th>
            <th scope="col" className={`${headCellClass} relative`}>
              <span className="sr-only">Ações</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {purchases.length === 0 ? (
            <EmptyRow columns={columns}>Nenhuma compra.</EmptyRow>
          ) : (
            purchases.map((p) => (
              <tr key={p._id} className={rowClass}>
                {showBuyer && <td className={cellClass}>{p.userEmail}</td>}
                <td className={cellClass}>{p.courseTitle}</td>
                <td className={cellClass}>{money(p.amount, p.currency)}</td>
                <td className={cellClass}>
                  {purchaseStatusLabel(p.status)}
                  {p.refundReason && (
                    <span className="block text-xs text-slate-600">Motivo: {p.refundReason}</span>
                  )}
                </td>
                <td className={`${cellClass} text-xs`}>
                  <span className="block">
                    {p.provider}
                    {p.method ? ` · ${p.method}` : ''}
                  </span>
                  <span className="block font-mono break-all">Compra: {p._id}</span>
                  {p.providerRef && (
                    <span className="block font-mono break-all">Provedor: {p.providerRef}</span>
                  )}
                  {p.paidRef && (
                    <span className="block font-mono break-all">Pagamento: {p.paidRef}</span>
                  )}
                  {p.voucherReference && (
                    <span className="block font-mono">Referência: {p.voucherReference}</span>
                  )}
                  {p.couponId && <span className="block">Com cupom</span>}
                </td>
                <td className={`${cellClass} text-xs`}>
                  <span className="block">Criada: {when(p.createdAt)}</span>
                  {p.completedAt && <span className="block">Paga: {when(p.completedAt)}</span>}
                  {p.refundedAt && <span className="block">Reembolsada: {when(p.refundedAt)}</span>}
                </td>
                <td className={cellClass}>
                  <ResendReceipt purchase={p} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableBox>
  );
}
