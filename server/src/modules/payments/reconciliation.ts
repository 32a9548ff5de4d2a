import type { AppDeps } from '../../deps';
import { findAttemptsToReconcile, reconcileAttempt } from './payment-attempts';
import { settleUnacknowledgedPayments } from './proxypay/proxypay-payments';

/** An attempt still awaiting this long after it was issued has probably lost its callback. */
export const CONFIRMATION_EXPECTED_MS = 2 * 60 * 1000;
/** Past expiresAt, a provider's answer may still be on its way: expiry waits this much longer. */
export const EXPIRY_GRACE_MS = 10 * 60 * 1000;
/** How often the schedule runs (once per period across instances). */
export const RECONCILE_EVERY_SECONDS = 60;
/** Attempts asked about per run; the rest wait for the next run. */
const BATCH = 100;

type ReconcileDeps = Pick<
  AppDeps,
  'config' | 'database' | 'catalogueCache' | 'payments' | 'logger' | 'jobs'
>;

export interface ReconcileSummary {
  asked: number;
  paid: number;
  failed: number;
  unpaid: number;
  errors: number;
}

/**
 * Asks the provider about every attempt still awaiting past its expected confirmation: paid ones
 * complete (a lost callback), refused ones fail, and unpaid ones past expiresAt + grace expire —
 * only after the provider said unpaid. One provider error does not stop the others. Vouchers ask
 * their gateway; a Stripe Checkout awaiting a delayed method asks Stripe for its session.
 */
export async function reconcileAwaitingPayments(
  deps: ReconcileDeps,
  now = new Date(),
): Promise<ReconcileSummary> {
  const summary: ReconcileSummary = { asked: 0, paid: 0, failed: 0, unpaid: 0, errors: 0 };
  if (deps.payments.vouchers?.provider === 'proxypay') {
    // ProxyPay lists what was paid: those complete first, lost callbacks and late payments alike.
    try {
      const settled = await settleUnacknowledgedPayments(deps);
      summary.paid += settled.completed;
    } catch (err) {
      summary.errors++;
      deps.logger.warn({ err }, 'proxypay payments could not be listed');
    }
  }
  const rows = await findAttemptsToReconcile(
    deps.database.db,
    now,
    CONFIRMATION_EXPECTED_MS,
    BATCH,
  );
  for (const row of rows) {
    try {
      const state = await reconcileAttempt(deps, row, now, EXPIRY_GRACE_MS);
      if (state === 'skipped') continue;
      summary.asked++;
      summary[state]++;
    } catch (err) {
      summary.errors++;
      deps.logger.warn({ err, purchaseId: row.id }, 'payment provider could not be asked');
    }
  }
  if (summary.asked > 0 || summary.errors > 0)
    deps.logger.info(summary, 'awaiting payments reconciled');
  return summary;
}
