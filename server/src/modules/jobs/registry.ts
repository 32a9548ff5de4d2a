import type { AppDeps } from '../../deps';
import { registerMailJobs } from '../mail/notifications';
import { sweepAbandonedPurchases } from '../payments/purchase-sweep';
import type { JobQueue } from './job-queue';

export const SCHEDULES = {
  abandonedPurchases: 'sweep-abandoned-purchases',
} as const;

type JobDeps = Pick<AppDeps, 'config' | 'database' | 'mailer' | 'logger'>;

/**
 * Every job this app runs, registered on each instance before its queue starts. Scheduled work is
 * listed here: each entry runs once per period across all instances sharing the database (payment
 * reconciliation registers here too, with `jobs.registerSchedule(name, everySeconds, handler)`).
 */
export function registerJobs(jobs: JobQueue, deps: JobDeps): void {
  registerMailJobs(jobs, deps);
  jobs.registerSchedule(SCHEDULES.abandonedPurchases, deps.config.jobs.sweepSeconds, async () => {
    await sweepAbandonedPurchases(deps);
  });
}
