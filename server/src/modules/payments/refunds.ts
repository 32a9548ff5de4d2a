import {
  needsManualRefund,
  type PurchaseView,
  type RefundRequest,
} from '@aprendiz/contract/payments';
import { uuidSchema } from '@aprendiz/contract/common';
import {
  REFUND_REFUSAL_MESSAGES,
  refundEligibility,
  type RefundRefusal,
} from '@aprendiz/contract/rules/guarantee';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../db/schema/users';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import {
  normalizeRefundDestination,
  refundDestinationProblem,
} from '@aprendiz/contract/rules/refund-destination';
import type { JobQueue } from '../jobs/job-queue';
import {
  findPurchase,
  findPurchaseView,
  lockPurchase,
  toPurchaseView,
} from './payments.repository';
import { queueRefundMails } from './refund-mail';
import { isWaiverUsed, recentRefundsOf } from './refund-offer';
import { applyPurchaseSignal } from './lifecycle/purchase-lifecycle';
import {
  endEnrollment,
  withdrawRating,
  insertManualRefund,
  markManualRefundPaid,
  setManualRefundDestination,
  revokeCertificate,
} from './refunds.repository';

export const REFUND_JOB = 'payment-refund';
export const PURCHASE_NOT_FOUND = 'Pagamento não encontrado';
export const REFUND_NOT_PAID = REFUND_REFUSAL_MESSAGES.not_paid;
export const REFUND_ALREADY_ASKED = REFUND_REFUSAL_MESSAGES.already_asked;
export const REFUND_WINDOW_CLOSED = REFUND_REFUSAL_MESSAGES.window_closed;
export const REFUND_WAIVED = REFUND_REFUSAL_MESSAGES.waived;
export const REFUND_LIMIT_REACHED = REFUND_REFUSAL_MESSAGES.limit;
export const REFUND_DESTINATION_NEEDED =
  'Este pagamento não pode ser devolvido pelo mesmo meio: informe sua chave Pix ou seu IBAN';
export const MANUAL_REFUND_NOT_FOUND =
  'Reembolso manual não encontrado, já pago ou ainda sem destino informado pelo aluno';
export const NO_REFUND_OWED = 'Não há reembolso à espera de destino nesta compra';

/** A refusal's status: the abuse limit is a decision about the person, the others about the purchase. */
function refusal(reason: RefundRefusal) {
  const message = REFUND_REFUSAL_MESSAGES[reason];
  return reason === 'limit' ? forbidden(message) : conflict(message);
}

type RefundDeps = Pick<AppDeps, 'database' | 'jobs' | 'catalogueCache' | 'payments' | 'logger'>;

interface RefundJob {
  purchaseId: string;
}

/**
 * The buyer gives a course back inside its guarantee. In one transaction, with the purchase row
 * locked (so a double click refunds once): the purchase becomes refund_pending (its trigger writes
 * the ledger's refund), the enrollment ends (progress stays), a certificate is revoked, and the
 * provider's refund and both mails are queued as jobs. A payment the provider cannot give back
 * is recorded for an operator, with where the buyer wants the money.
 */
export async function requestRefund(
  deps: RefundDeps,
  user: UserRow,
  purchaseId: string,
  request: RefundRequest,
): Promise<PurchaseView> {
  if (!uuidSchema.safeParse(purchaseId).success) throw notFound(PURCHASE_NOT_FOUND);
  const db = deps.database.db;
  await db.transaction(async (tx) => {
    const purchase = await lockPurchase(tx, purchaseId);
    // Someone else's purchase answers as a missing one, so ids cannot be probed.
    if (!purchase || purchase.userId !== user.id) throw notFound(PURCHASE_NOT_FOUND);
    // The one rule My Courses also shows: the button there is offered exactly when this passes.
    const now = new Date();
    const verdict = refundEligibility(
      {
        status: purchase.status,
        refundableUntil: purchase.refundableUntil,
        waiverUsed: await isWaiverUsed(tx, purchase.id),
        recentRefunds: await recentRefundsOf(tx, user.id, now),
      },
      now,
    );
    if (!verdict.eligible) throw refusal(verdict.reason);
    const manual = needsManualRefund(purchase.provider, purchase.method);
    if (manual && !request.destination) throw badRequest(REFUND_DESTINATION_NEEDED);
    // Checked as 'Informe o IBAN' checks it: an operator pays exactly what is kept here.
    const problem = manual && refundDestinationProblem(purchase.currency, request.destination!);
    if (problem) throw badRequest(problem);

    // The ledger's trigger writes the refund movement in this same transaction.
    await applyPurchaseSignal(tx, purchase.id, {
      type: 'refund_requested',
      reason: request.reason || null,
    });
    await endEnrollment(tx, purchase.userId, purchase.courseId);
    await withdrawRating(tx, purchase.userId, purchase.courseId);
    await revokeCertificate(tx, purchase.userId, purchase.courseId);
    if (manual) {
      await insertManualRefund(tx, {
        purchaseId: purchase.id,
        destination: normalizeRefundDestination(purchase.currency, request.destination!),
        amount: purchase.amount,
        currency: purchase.currency,
        provider: purchase.provider,
        method: purchase.method,
      });
    } else {
      await queueProviderRefund(deps.jobs, tx, purchase.id);
    }
    await queueRefundMails(deps.jobs, tx, purchase.id);
  });
  // After the commit, on every instance: the counts change, and a certificate PDF held in memory
  // is read again (found revoked) before it is served once more.
  deps.catalogueCache.invalidate();
  return toPurchaseView((await findPurchaseView(db, purchaseId))!);
}

function queueProviderRefund(
  jobs: JobQueue,
  tx: Parameters<JobQueue['send']>[0],
  purchaseId: string,
) {
  const data: RefundJob = { purchaseId };
  return jobs.send(tx, REFUND_JOB, data, `refund:${purchaseId}`);
}

/**
 * The refund job: gives the money back through the provider, then marks the purchase refunded.
 * Safe to run any number of times: a purchase no longer refund_pending is done, and Stripe
 * refunds a purchase once under its idempotency key (`refund-<purchaseId>`), so a retry after
 * an outage, or after a crash between the refund and the mark, never refunds twice. A throw
 * leaves the purchase refund_pending and the queue tries again later.
 */
export async function settleRequestedRefund(deps: RefundDeps, purchaseId: string): Promise<void> {
  const db = deps.database.db;
  const purchase = await findPurchase(db, purchaseId);
  if (!purchase || purchase.status !== 'refund_pending' || !purchase.refundRequestedAt) return;
  // Paid back by an operator (npm run jobs -- refund-paid), not here.
  if (needsManualRefund(purchase.provider, purchase.method)) return;
  if (purchase.provider === 'stripe') {
    // The session that was paid, not the newest: a switch may have opened others since.
    const sessionId = purchase.paidRef ?? purchase.providerRef;
    if (deps.payments.kind !== 'stripe' || !sessionId)
      throw new Error('a Stripe purchase needs Stripe configured on this instance to be refunded');
    await deps.payments.refundCheckout({
      purchaseId,
      sessionId,
      reason: 'requested_by_customer',
    });
  }
  // The sandbox took no money: marking it refunded is the whole refund.
  if (await applyPurchaseSignal(db, purchaseId, { type: 'refund_settled' }))
    deps.logger.info({ purchaseId, provider: purchase.provider }, 'refund settled');
}

export function registerRefundJobs(jobs: JobQueue, deps: RefundDeps): void {
  jobs.work<RefundJob>(REFUND_JOB, ({ purchaseId }) => settleRequestedRefund(deps, purchaseId));
}

/** An operator sent the money of a manual refund: it is recorded paid and the purchase refunded. */
export async function confirmManualRefundPaid(
  deps: Pick<AppDeps, 'database' | 'logger'>,
  purchaseId: string,
  /** Runs in the same transaction once the refund is marked (the console's audit row). */
  alongside?: (tx: Db) => Promise<void>,
): Promise<void> {
  if (!uuidSchema.safeParse(purchaseId).success) throw notFound(MANUAL_REFUND_NOT_FOUND);
  const paid = await deps.database.db.transaction(async (tx) => {
    if (!(await markManualRefundPaid(tx, purchaseId))) return false;
    await applyPurchaseSignal(tx, purchaseId, { type: 'refund_settled' });
    await alongside?.(tx);
    return true;
  });
  if (!paid) throw notFound(MANUAL_REFUND_NOT_FOUND);
  deps.logger.info({ purchaseId }, 'manual refund recorded as paid by an operator');
}

/**
 * 'Informe o IBAN': the buyer says where to send money owed back by hand (an Angolan IBAN for
 * kwanzas, a Portuguese one for euros, a Pix key for reais), checked against the purchase's own
 * currency. It may be corrected until an operator has paid it.
 */
export async function giveRefundDestination(
  deps: Pick<AppDeps, 'database' | 'logger' | 'learnerCache'>,
  user: UserRow,
  purchaseId: string,
  destination: string,
): Promise<void> {
  if (!uuidSchema.safeParse(purchaseId).success) throw notFound(NO_REFUND_OWED);
  const db = deps.database.db;
  const purchase = await findPurchase(db, purchaseId);
  // Someone else's purchase answers as one with nothing owed, so ids cannot be probed.
  if (!purchase || purchase.userId !== user.id) throw notFound(NO_REFUND_OWED);
  const problem = refundDestinationProblem(purchase.currency, destination);
  if (problem) throw badRequest(problem);
  const saved = await setManualRefundDestination(db, {
    purchaseId,
    userId: user.id,
    destination: normalizeRefundDestination(purchase.currency, destination),
  });
  if (!saved) throw notFound(NO_REFUND_OWED);
  // My Courses stops asking for it.
  deps.learnerCache.forget(user.id);
  deps.logger.info({ purchaseId }, 'refund destination given by the buyer');
}
