import type { PayoutRail } from '@aprendiz/contract/rules/payouts';
import type { AppDeps } from '../../deps';
import { approvePayoutAsOperator, exportBatchCsv } from '../payouts/payouts-ops';
import {
  markPayoutFailed,
  markPayoutPaid,
  payoutView,
  type PayoutMoveRecord,
} from '../payouts/payouts.service';
import { appendAudit } from './audit.repository';
import type { Actor } from './staff.repository';

/**
 * The console's door to the payouts issue's operator actions: the same service functions as
 * `/api/ops/payouts…`, each with its audit row written in the move's own transaction.
 */

function audited(actor: Actor, action: string, extra: object = {}): PayoutMoveRecord {
  return (tx, before, after) =>
    appendAudit(tx, {
      actorId: actor.id,
      action,
      targetType: 'payout',
      targetId: after.id,
      before: { status: before.status },
      after: { status: after.status, ...extra },
      address: actor.address,
    });
}

export async function approvePayoutFromConsole(deps: AppDeps, actor: Actor, payoutId: string) {
  const payout = await approvePayoutAsOperator(deps, payoutId, audited(actor, 'payout.approve'));
  return payoutView(payout);
}

export async function markPayoutPaidFromConsole(
  deps: AppDeps,
  actor: Actor,
  payoutId: string,
  reference: string,
) {
  const payout = await markPayoutPaid(
    deps,
    payoutId,
    reference,
    undefined,
    audited(actor, 'payout.paid', { reference }),
  );
  return payoutView(payout);
}

export async function markPayoutFailedFromConsole(
  deps: AppDeps,
  actor: Actor,
  payoutId: string,
  reason: string,
) {
  const payout = await markPayoutFailed(
    deps,
    payoutId,
    reason,
    undefined,
    audited(actor, 'payout.failed', { reason }),
  );
  return payoutView(payout);
}

/**
 * The rail's approved withdrawals with their full destinations (bank details): who read them is
 * recorded before they are handed over.
 */
export async function exportPayoutBatchFromConsole(
  deps: AppDeps,
  actor: Actor,
  rail: PayoutRail,
): Promise<string> {
  const csv = await exportBatchCsv(deps, rail);
  await appendAudit(deps.database.db, {
    actorId: actor.id,
    action: 'payout.export',
    targetType: 'payout',
    targetId: rail,
    address: actor.address,
  });
  return csv;
}
