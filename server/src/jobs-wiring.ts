import type { AppDeps } from './deps';
import { registerAccountJobs } from './modules/account/account.service';
import { DISCOUNT_END_EVERY_SECONDS, endLapsedDiscounts } from './modules/courses/discount-end';
import { registerAccountSecurityJobs } from './modules/account-security/email-verification';
import { registerMailJobs } from './modules/mail/mail-jobs';
import { registerCourseReviewMailJobs } from './modules/admin/course-review';
import { registerEducatorApplicationMailJobs } from './modules/educator-applications/educator-applications.service';
import { registerQuestionMailJobs } from './modules/notifications/question-mail';
import { registerPaymentMailJobs } from './modules/payments/payment-mail';
import { registerRefundJobs } from './modules/payments/refunds';
import { registerRefundMailJobs } from './modules/payments/refund-mail';
import {
  PRIVACY_SWEEP,
  PRIVACY_SWEEP_SECONDS,
  registerPrivacyJobs,
  sweepPrivacy,
} from './modules/privacy/privacy.service';
import { registerPayoutMailJobs } from './modules/payouts/payout-mail';
import { registerStripeTransferJobs } from './modules/payouts/stripe-connect.service';
import { runMonthlyWithdrawals } from './modules/payouts/payouts.service';
import { sweepAbandonedPurchases } from './modules/payments/purchase-sweep';
import {
  ORPHAN_VIDEO_SWEEP,
  ORPHAN_VIDEO_SWEEP_SECONDS,
  sweepOrphanVideos,
} from './modules/videos/orphan-videos';
import { registerVideoJobs } from './modules/videos/video-processing';
import {
  RETENTION_SWEEP,
  RETENTION_SWEEP_SECONDS,
  sweepRetention,
} from './modules/retention/retention';
import {
  RECONCILE_EVERY_SECONDS,
  reconcileAwaitingPayments,
} from './modules/payments/reconciliation';

export const SCHEDULES = {
  abandonedPurchases: 'sweep-abandoned-purchases',
  lapsedDiscounts: 'end-lapsed-discounts',
  reconcilePayments: 'reconcile-awaiting-payments',
  monthlyWithdrawals: 'monthly-withdrawals',
} as const;

/** Hourly: the monthly withdrawals go out within the first hour of the market's month. */
const MONTHLY_WITHDRAWALS_EVERY_SECONDS = 60 * 60;

/**
 * Every job this app runs, registered on each instance before its queue starts. Scheduled work is
 * listed here: each entry runs once per period across all instances sharing the database. It lives
 * beside main.ts, not in modules/jobs: knowing every job means importing every module that has one,
 * and only the composition root may (from deps.ts this closed a circle through every mail and
 * payment module, since each of them imports the AppDeps type).
 */
function registerJobs(deps: AppDeps): void {
  const { jobs } = deps;
  registerAccountJobs(jobs, deps);
  registerAccountSecurityJobs(jobs, deps);
  registerMailJobs(jobs, deps);
  registerPaymentMailJobs(jobs, deps);
  registerRefundJobs(jobs, deps);
  registerRefundMailJobs(jobs, deps);
  registerQuestionMailJobs(jobs, deps);
  registerPrivacyJobs(jobs, deps);
  jobs.registerSchedule(PRIVACY_SWEEP, PRIVACY_SWEEP_SECONDS, async () => {
    await sweepPrivacy(deps);
  });
  registerPayoutMailJobs(jobs, deps);
  registerStripeTransferJobs(jobs, deps);
  registerVideoJobs(jobs, deps);
  jobs.registerSchedule(ORPHAN_VIDEO_SWEEP, ORPHAN_VIDEO_SWEEP_SECONDS, async () => {
    await sweepOrphanVideos(deps);
  });
  jobs.registerSchedule(RETENTION_SWEEP, RETENTION_SWEEP_SECONDS, async () => {
    await sweepRetention(deps);
  });
  registerCourseReviewMailJobs(jobs, deps);
  registerEducatorApplicationMailJobs(jobs, deps);
  jobs.registerSchedule(SCHEDULES.reconcilePayments, RECONCILE_EVERY_SECONDS, async () => {
    await reconcileAwaitingPayments(deps);
  });
  jobs.registerSchedule(
    SCHEDULES.monthlyWithdrawals,
    MONTHLY_WITHDRAWALS_EVERY_SECONDS,
    async () => {
      await runMonthlyWithdrawals(deps);
    },
  );
  jobs.registerSchedule(SCHEDULES.abandonedPurchases, deps.config.jobs.sweepSeconds, async () => {
    await sweepAbandonedPurchases(deps);
  });
  jobs.registerSchedule(SCHEDULES.lapsedDiscounts, DISCOUNT_END_EVERY_SECONDS, async () => {
    await endLapsedDiscounts(deps);
  });
}

/**
 * Registers every job and starts the queue: what main.ts does before preparing the database, and
 * what the tests' app does, so a test runs the jobs production runs. On a failed start it releases
 * what buildDeps opened.
 */
export async function startJobs(deps: AppDeps): Promise<void> {
  registerJobs(deps);
  try {
    await deps.jobs.start();
  } catch (err) {
    await deps.close();
    throw err;
  }
}
