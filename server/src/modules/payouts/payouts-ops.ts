import type { PayoutRail, PayoutStatus } from '@aprendiz/contract/rules/payouts';
import type { OperatorPayout } from '@aprendiz/contract/payouts';
import type { AppDeps } from '../../deps';
import type { PayoutRow } from '../../db/schema/payouts';
import { payoutSealer } from './payout-secrets';
import { findPayout, listPayoutsForOps } from './payouts.repository';
import { approvePayout, payoutView, type PayoutMoveRecord } from './payouts.service';
import { sendStripeTransfer } from './stripe-connect.service';
import { csvRow } from './statements';

type OpsDeps = Pick<AppDeps, 'config' | 'database'>;

/** The operator's list: each withdrawal with whose it is; destinations stay masked here. */
export async function listPayoutsForOperator(
  deps: OpsDeps,
  filter: { status?: PayoutStatus },
): Promise<OperatorPayout[]> {
  const rows = await listPayoutsForOps(deps.database.db, filter);
  return rows.map((row) => ({
    ...payoutView(row),
    educatorId: row.educatorId,
    educatorName: row.educatorName,
    educatorEmail: row.educatorEmail,
    batch: row.batch,
    approvedAt: row.approvedAt?.toISOString() ?? null,
  }));
}

/**
 * An operator's approval, from either door (OPS_TOKEN or the console). A Stripe transfer whose call
 * was lost is sent again by approving again (the same idempotency key): then nothing moves, and
 * `record` is written on its own.
 */
export async function approvePayoutAsOperator(
  deps: AppDeps,
  payoutId: string,
  record?: PayoutMoveRecord,
): Promise<PayoutRow> {
  const db = deps.database.db;
  const before = await findPayout(db, payoutId);
  const resend =
    before?.rail === 'stripe_connect' && before.status === 'approved' && !before.stripeTransferId;
  let payout: PayoutRow;
  if (resend) {
    if (record) await db.transaction((tx) => record(tx, before, before));
    payout = before;
  } else {
    payout = await approvePayout(deps, payoutId, undefined, record);
  }
  if (payout.rail === 'stripe_connect') {
    await sendStripeTransfer(deps, payoutId);
    payout = (await findPayout(db, payoutId)) ?? payout;
  }
  return payout;
}

/**
 * The approved withdrawals of a rail, for the bank's bulk transfer: the one place a destination is
 * unsealed in full. One row each, grouped by batch; marking them paid or failed is a call apiece.
 */
export async function exportBatchCsv(deps: OpsDeps, rail: PayoutRail): Promise<string> {
  const rows = await listPayoutsForOps(deps.database.db, { status: 'approved', rail });
  const sealer = await payoutSealer(deps.config);
  let out = '\uFEFF';
  out += csvRow([
    'lote',
    'saque',
    'valor',
    'moeda',
    'titular',
    'documento',
    'destino',
    'pedido em',
  ]);
  for (const row of rows.sort((a, b) => (a.batch ?? '').localeCompare(b.batch ?? ''))) {
    const secret = sealer.open(row.sealed);
    out += csvRow([
      row.batch ?? '',
      row.id,
      Number(row.amount).toFixed(2),
      row.currency.toUpperCase(),
      secret.holderName,
      secret.taxId,
      secret.destination,
      row.requestedAt.toISOString(),
    ]);
  }
  return out;
}
