import type { Payout } from '@aprendiz/contract/payouts';
import { PAYOUT_STATUS_LABELS } from '@aprendiz/contract/rules/payouts';
import {
  cellClass,
  EmptyRow,
  rowClass,
  TableBox,
  tableClass,
  TableHead,
} from '../../components/ui/table';
import { DATE_FORMAT, money } from './money';

function detail(payout: Payout): string {
  if (payout.status === 'paid') return `Referência ${payout.reference ?? '-'}`;
  if (payout.status === 'failed') return `${payout.failureReason ?? ''} · o valor voltou ao saldo`;
  return payout.automatic ? 'Saque mensal automático' : '';
}

export function PayoutHistory({ payouts }: { payouts: Payout[] }) {
  return (
    <TableBox label="Saques">
      <table className={tableClass}>
        <TableHead columns={['Pedido em', 'Valor', 'Situação', 'Destino', 'Detalhes']} />
        <tbody>
          {payouts.length === 0 ? (
            <EmptyRow columns={5}>Nenhum saque ainda.</EmptyRow>
          ) : (
            payouts.map((payout) => (
              <tr key={payout._id} className={rowClass} data-testid="payout-row">
                <td className={cellClass}>{DATE_FORMAT.format(new Date(payout.requestedAt))}</td>
                <td className={cellClass}>{money(payout.amount, payout.currency)}</td>
                <td className={cellClass}>{PAYOUT_STATUS_LABELS[payout.status]}</td>
                <td className={cellClass}>{payout.destination}</td>
                <td className={cellClass}>{detail(payout)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableBox>
  );
}
