import type { AppDeps } from '../../deps';
import { registerMailJobs } from '../mail/notifications';
import { registerQuestionMailJobs } from '../notifications/question-mail';
import { registerPaymentMailJobs } from '../payments/payment-mail';
import { registerRefundJobs } from '../payments/refunds';
import { registerRefundMailJobs } from '../payments/refund-mail';
import { sweepAbandonedPurchases } from '../payments/purchase-sweep';
import { RECONCILE_EVERY_SECONDS, reconcileAwaitingPayments } from '../payments/reconciliation';
import type { JobQueue } from './job-queue';

export const SCHEDULES = {
  abandonedPurchases: 'sweep-abandoned-purchases',
  reconcilePayments: 'reconcile-awaiting-payments',
} as const;

type JobDeps = Pick<
  AppDeps,
  'config' | 'database' | 'mailer' | 'logger' | 'payments' | 'catalogueCache' | 'jobs'
>;

/**
 * Every job this app runs, registered on each instance before its queue starts. Scheduled work is
 * listed here: each entry runs once per period across all instances sharing the database (payment
 * reconciliation registers here too, with `jobs.registerSchedule(name, everySeconds, handler)`).
 */
export function registerJobs(jobs: JobQueue, deps: JobDeps): void {
  registerMailJobs(jobs, deps);
  registerPaymentMailJobs(jobs, deps);
  registerRefundJobs(jobs, deps);
  registerRefundMailJobs(jobs, deps);
  registerQuestionMailJobs(jobs, deps);
  jobs.registerSchedule(SCHEDULES.reconcilePayments, RECONCILE_EVERY_SECONDS, async () => {
    await reconcileAwaitingPayments(deps);
  });
  jobs.registerSchedule(SCHEDULES.abandonedPurchases, deps.config.jobs.sweepSeconds, async () => {
    await sweepAbandonedPurchases(deps);
  });
}
