import { createHash } from 'node:crypto';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import type { JobQueue } from '../jobs/job-queue';
import { enrollmentMail, passwordResetMail, purchaseReceiptMail } from './mail-templates';
import {
  findEnrollmentFacts,
  findReceiptFacts,
  findResetMailFacts,
  type ResetMailFacts,
} from './mail.repository';

export type MailDeps = Pick<AppDeps, 'config' | 'database' | 'mailer' | 'logger'>;

/**
 * Every e-mail the product sends is a job (modules/jobs), added in the transaction of the write it
 * follows and written when the job runs, from the rows as they are then: a retry after an outage
 * sends the current facts, and a mail whose reason went away (a reset link used meanwhile) is not
 * sent. The job's key is what it is about, so the same mail is never queued twice.
 */
export const MAIL_JOBS = {
  purchaseReceipt: 'mail-purchase-receipt',
  enrollmentConfirmation: 'mail-enrollment-confirmation',
  passwordReset: 'mail-password-reset',
} as const;

interface ReceiptJob {
  purchaseId: string;
}
interface EnrollmentJob {
  userId: string;
  courseId: string;
}
/** The link's token is only known here: the database keeps its hash. */
interface PasswordResetJob {
  token: string;
}

/** The same hash account.service stores for a reset token. */
export function resetTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The receipt of a completed purchase; in the transaction that completes it. */
export function queuePurchaseReceipt(jobs: JobQueue, tx: Db, purchaseId: string): Promise<void> {
  const data: ReceiptJob = { purchaseId };
  return jobs.send(tx, MAIL_JOBS.purchaseReceipt, data, `purchase:${purchaseId}`);
}

/** Confirms a free enrollment (a paid one is confirmed by its receipt); in its transaction. */
export function queueEnrollmentConfirmation(
  jobs: JobQueue,
  tx: Db,
  userId: string,
  courseId: string,
): Promise<void> {
  const data: EnrollmentJob = { userId, courseId };
  return jobs.send(tx, MAIL_JOBS.enrollmentConfirmation, data, `enrollment:${userId}:${courseId}`);
}

/** The reset link of a token just stored; in the transaction that stores it. */
export function queuePasswordReset(jobs: JobQueue, tx: Db, token: string): Promise<void> {
  const data: PasswordResetJob = { token };
  return jobs.send(tx, MAIL_JOBS.passwordReset, data, `reset:${resetTokenHash(token)}`);
}

function courseUrl(deps: MailDeps, courseId: string): string {
  return `${deps.config.publicUrl}/player/${encodeURIComponent(courseId)}`;
}

function resetLink(deps: MailDeps, token: string): string {
  return `${deps.config.publicUrl}/reset-password?token=${token}`;
}

/** Registers the mail jobs' handlers; a handler that throws is retried with backoff. */
export function registerMailJobs(jobs: JobQueue, deps: MailDeps): void {
  const skip = (what: string, about: Record<string, unknown>) =>
    deps.logger.info({ mail: what, ...about }, 'mail no longer applies; not sent');

  jobs.work<ReceiptJob>(MAIL_JOBS.purchaseReceipt, async ({ purchaseId }) => {
    const facts = await findReceiptFacts(deps.database.db, purchaseId);
    if (facts?.status !== 'completed') return skip('purchase receipt', { purchaseId });
    await deps.mailer.send({
      to: facts.email,
      ...purchaseReceiptMail({
        name: facts.name,
        courseTitle: facts.courseTitle,
        amount: Number(facts.amount),
        currency: facts.currency,
        paidAt: facts.completedAt ?? new Date(),
        purchaseId,
        courseUrl: courseUrl(deps, facts.courseId),
        refundableUntil: facts.refundableUntil,
        euWaiverAt: facts.euWaiverAt,
        market: deps.config.currency,
      }),
    });
  });

  jobs.work<EnrollmentJob>(MAIL_JOBS.enrollmentConfirmation, async ({ userId, courseId }) => {
    const facts = await findEnrollmentFacts(deps.database.db, userId, courseId);
    if (!facts) return skip('enrollment confirmation', { userId, courseId });
    await deps.mailer.send({
      to: facts.email,
      ...enrollmentMail({
        name: facts.name,
        courseTitle: facts.courseTitle,
        enrolledAt: facts.enrolledAt,
        courseUrl: courseUrl(deps, courseId),
        market: deps.config.currency,
      }),
    });
  });

  jobs.work<PasswordResetJob>(MAIL_JOBS.passwordReset, async ({ token }) => {
    const facts: ResetMailFacts | null = await findResetMailFacts(
      deps.database.db,
      resetTokenHash(token),
    );
    // Used, voided or expired meanwhile: a link that cannot work is not worth a mail.
    if (!facts) return skip('password reset', {});
    await deps.mailer.send({
      to: facts.email,
      ...passwordResetMail({ name: facts.name, link: resetLink(deps, token) }),
    });
  });
}
