import type { PurchaseView } from '@aprendiz/contract/payments';
import { uuidSchema } from '@aprendiz/contract/common';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { conflict, notFound } from '../../http/errors';
import { insertEnrollment } from '../learning/learning.repository';
import {
  findPurchaseView,
  lockPurchase,
  markPurchaseCompleted,
  markPurchaseFailed,
  type PurchaseViewRow,
} from './payments.repository';

export const PURCHASE_NOT_FOUND = 'Pagamento não encontrado';

type PaymentsDeps = Pick<AppDeps, 'database' | 'catalogueCache'>;

export type CompletionOutcome = 'completed' | 'already-completed' | 'cancelled' | 'missing';

function toPurchaseView(row: PurchaseViewRow): PurchaseView {
  return {
    _id: row.id,
    status: row.status,
    amount: Number(row.amount),
    currency: row.currency,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    educatorName: row.educatorName,
  };
}

/** Someone else's purchase answers exactly like a missing one, so ids cannot be probed. */
async function findOwnPurchase(
  db: Db,
  user: UserRow,
  purchaseId: string,
): Promise<PurchaseViewRow> {
  if (!uuidSchema.safeParse(purchaseId).success) throw notFound(PURCHASE_NOT_FOUND);
  const row = await findPurchaseView(db, purchaseId);
  if (!row || row.userId !== user.id) throw notFound(PURCHASE_NOT_FOUND);
  return row;
}

export async function getOwnPurchase(
  deps: PaymentsDeps,
  user: UserRow,
  purchaseId: string,
): Promise<PurchaseView> {
  return toPurchaseView(await findOwnPurchase(deps.database.db, user, purchaseId));
}

/**
 * Completes a purchase and enrolls its buyer in one transaction, with the purchase row locked, so
 * concurrent or repeated completions leave one completed purchase and one enrollment.
 * `afterFailure` lets a confirmed payment win over an earlier cancel or expiry.
 */
export async function completePurchase(
  db: Db,
  purchaseId: string,
  options: { afterFailure: boolean },
): Promise<CompletionOutcome> {
  return db.transaction(async (tx) => {
    const purchase = await lockPurchase(tx, purchaseId);
    if (!purchase) return 'missing';
    if (purchase.status === 'completed') return 'already-completed';
    if (purchase.status === 'failed' && !options.afterFailure) return 'cancelled';
    await markPurchaseCompleted(tx, purchase.id);
    await insertEnrollment(tx, purchase.userId, purchase.courseId);
    return 'completed';
  });
}

/** Sandbox 'Pagar': the buyer confirms their own pending purchase; confirming twice is harmless. */
export async function completeSandboxPurchase(
  deps: PaymentsDeps,
  user: UserRow,
  purchaseId: string,
): Promise<PurchaseView> {
  const db = deps.database.db;
  const purchase = await findOwnPurchase(db, user, purchaseId);
  if (purchase.provider !== 'sandbox') throw notFound(PURCHASE_NOT_FOUND);
  const outcome = await completePurchase(db, purchase.id, { afterFailure: false });
  if (outcome === 'cancelled') throw conflict('Este pagamento foi cancelado');
  if (outcome === 'completed') deps.catalogueCache.invalidate();
  return toPurchaseView({ ...purchase, status: 'completed' });
}

/** Sandbox 'Cancelar': a pending purchase becomes failed; a completed one cannot be taken back. */
export async function cancelSandboxPurchase(
  deps: PaymentsDeps,
  user: UserRow,
  purchaseId: string,
): Promise<PurchaseView> {
  const db = deps.database.db;
  const purchase = await findOwnPurchase(db, user, purchaseId);
  if (purchase.provider !== 'sandbox') throw notFound(PURCHASE_NOT_FOUND);
  const status = await db.transaction(async (tx) => {
    const locked = await lockPurchase(tx, purchase.id);
    if (locked?.status === 'pending') await markPurchaseFailed(tx, purchase.id);
    return locked?.status === 'completed' ? 'completed' : 'failed';
  });
  if (status === 'completed') throw conflict('Este pagamento já foi concluído');
  return toPurchaseView({ ...purchase, status: 'failed' });
}
