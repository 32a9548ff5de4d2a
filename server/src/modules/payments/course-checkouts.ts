import { uuidSchema } from '@aprendiz/contract/common';
import type { AppDeps } from '../../deps';
import { AppError, conflict } from '../../http/errors';
import { findOpenStripeCheckouts } from './payments.repository';
import { applyPurchaseSignal } from './lifecycle/purchase-lifecycle';

export const PAID_WHILE_DELETING =
  'Um aluno acabou de pagar este curso: ele já não pode ser excluído. Despublique-o para o retirar do catálogo.';
export const CHECKOUTS_UNREACHABLE =
  'Não foi possível fechar os pagamentos em curso deste curso. Tente novamente daqui a pouco.';

type CheckoutDeps = Pick<AppDeps, 'database' | 'payments' | 'logger'>;

/**
 * Before a course is deleted, every Stripe checkout still open on it is expired, so no buyer can pay
 * for a purchase that is about to disappear, and its purchase fails. A session the buyer paid
 * first stops the deletion (409): the webhook will enroll them. Only the course's educator closes
 * anything, and only on a course with no students (which could not be deleted anyway).
 */
export async function closeOpenCheckouts(
  deps: CheckoutDeps,
  educatorId: string,
  courseId: string,
): Promise<void> {
  if (deps.payments.kind !== 'stripe' || !uuidSchema.safeParse(courseId).success) return;
  const db = deps.database.db;
  for (const checkout of await findOpenStripeCheckouts(db, courseId, educatorId)) {
    let outcome: 'expired' | 'paid';
    try {
      outcome = await deps.payments.expireCheckout(checkout.sessionId);
    } catch (err) {
      deps.logger.error(
        { err, purchaseId: checkout.id, courseId },
        'could not expire a checkout before deleting its course',
      );
      throw new AppError('UNAVAILABLE', CHECKOUTS_UNREACHABLE, { cause: err });
    }
    if (outcome === 'paid') throw conflict(PAID_WHILE_DELETING);
    await applyPurchaseSignal(db, checkout.id, { type: 'abandoned' }, { provider: 'stripe' });
  }
}
