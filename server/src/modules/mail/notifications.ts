import type { AppDeps } from '../../deps';
import { enrollmentMail, purchaseReceiptMail, type MailContent } from './mail-templates';
import { findEnrollmentFacts, findReceiptFacts } from './mail.repository';

export type MailDeps = Pick<AppDeps, 'config' | 'database' | 'mailer' | 'logger'>;

function courseUrl(deps: MailDeps, courseId: string): string {
  return `${deps.config.publicUrl}/player/${encodeURIComponent(courseId)}`;
}

/**
 * Sends after the answer, never in its way: a purchase or an enrollment has already been committed
 * when its mail is written, so a mail server that is down is logged and changes nothing else. It
 * also keeps the answer's timing from telling whether a mail was sent (forgot-password).
 */
export function sendInBackground(
  deps: MailDeps,
  what: string,
  write: () => Promise<(MailContent & { to: string }) | null>,
): void {
  void (async () => {
    const mail = await write();
    if (mail) await deps.mailer.send(mail);
  })().catch((err: unknown) => {
    deps.logger.error({ err, mail: what }, 'an e-mail could not be sent');
  });
}

/** The receipt of a completed purchase: course, amount as charged, date. */
export function mailPurchaseReceipt(deps: MailDeps, purchaseId: string): void {
  sendInBackground(deps, 'purchase receipt', async () => {
    const facts = await findReceiptFacts(deps.database.db, purchaseId);
    if (facts?.status !== 'completed') return null;
    return {
      to: facts.email,
      ...purchaseReceiptMail({
        name: facts.name,
        courseTitle: facts.courseTitle,
        amount: Number(facts.amount),
        currency: facts.currency,
        paidAt: facts.completedAt ?? new Date(),
        purchaseId,
        courseUrl: courseUrl(deps, facts.courseId),
      }),
    };
  });
}

/** Confirms a free enrollment; a paid one is confirmed by its receipt. */
export function mailEnrollmentConfirmation(deps: MailDeps, userId: string, courseId: string): void {
  sendInBackground(deps, 'enrollment confirmation', async () => {
    const facts = await findEnrollmentFacts(deps.database.db, userId, courseId);
    if (!facts) return null;
    return {
      to: facts.email,
      ...enrollmentMail({
        name: facts.name,
        courseTitle: facts.courseTitle,
        enrolledAt: facts.enrolledAt,
        courseUrl: courseUrl(deps, courseId),
      }),
    };
  });
}
