import type { AppDeps } from '../../deps';
import type { JobQueue } from '../jobs/job-queue';
import { questionAnswerMail, unansweredDigestMail } from '../mail/mail-templates';
import {
  findAnswerMailFacts,
  findDigestFacts,
  findDigestRecipients,
} from './notifications.repository';
import { QA_MAIL_JOBS } from './notifications.service';
import { unsubscribeLinksFor } from './unsubscribe-links';

type QuestionMailDeps = Pick<AppDeps, 'config' | 'database' | 'mailer' | 'logger' | 'jobs'>;

export const DIGEST_SCHEDULE = 'digest-unanswered-questions';
/** The sweep looks every hour; the digest's key holds the day, so each educator gets one a day. */
export const DIGEST_EVERY_SECONDS = 60 * 60;
/** A question younger than this is still the bell's business, not the digest's. */
export const DIGEST_MIN_AGE_MS = 60 * 60_000;
export const DIGEST_ITEMS = 20;

interface AnswerMailJob {
  answerId: string;
}
interface DigestJob {
  educatorId: string;
}

export function questionUrl(
  deps: Pick<AppDeps, 'config'>,
  courseId: string,
  lectureId: string,
  questionId: string,
) {
  const params = new URLSearchParams({ lecture: lectureId, question: questionId });
  return `${deps.config.publicUrl}/player/${encodeURIComponent(courseId)}?${params.toString()}`;
}

/** Queues today's digest for every educator with questions waiting; once per educator per day. */
export async function queueUnansweredDigests(deps: QuestionMailDeps, now = new Date()) {
  const db = deps.database.db;
  const educators = await findDigestRecipients(db, new Date(now.getTime() - DIGEST_MIN_AGE_MS));
  const day = now.toISOString().slice(0, 10);
  for (const educatorId of educators) {
    const data: DigestJob = { educatorId };
    await deps.jobs.send(db, QA_MAIL_JOBS.digest, data, `digest:${educatorId}:${day}`);
  }
  return educators.length;
}

export function registerQuestionMailJobs(jobs: JobQueue, deps: QuestionMailDeps): void {
  const links = unsubscribeLinksFor(deps.config);
  const skip = (what: string, about: Record<string, unknown>) =>
    deps.logger.info({ mail: what, ...about }, 'mail no longer applies; not sent');

  jobs.work<AnswerMailJob>(QA_MAIL_JOBS.answer, async ({ answerId }) => {
    const facts = await findAnswerMailFacts(deps.database.db, answerId);
    // Deleted, hidden or stopped meanwhile: the mail is not sent.
    if (!facts || facts.answerHiddenAt || facts.questionHiddenAt || facts.optedOut) {
      return skip('question answer', { answerId });
    }
    await deps.mailer.send({
      to: facts.askerEmail,
      ...questionAnswerMail({
        name: facts.askerName,
        answererName: facts.answererName,
        questionTitle: facts.questionTitle,
        courseTitle: facts.courseTitle,
        answerBody: facts.answerBody,
        questionUrl: questionUrl(deps, facts.courseId, facts.lectureId, facts.questionId),
        unsubscribeUrl: (await links()).url(facts.askerId, 'answers'),
      }),
    });
  });

  jobs.work<DigestJob>(QA_MAIL_JOBS.digest, async ({ educatorId }) => {
    const facts = await findDigestFacts(deps.database.db, educatorId, DIGEST_ITEMS);
    if (!facts || facts.optedOut || facts.total === 0) return skip('digest', { educatorId });
    await deps.mailer.send({
      to: facts.email,
      ...unansweredDigestMail({
        name: facts.name,
        total: facts.total,
        items: facts.items,
        inboxUrl: `${deps.config.publicUrl}/educator/questions`,
        unsubscribeUrl: (await links()).url(educatorId, 'digest'),
        market: deps.config.currency,
      }),
    });
  });

  jobs.registerSchedule(DIGEST_SCHEDULE, DIGEST_EVERY_SECONDS, async () => {
    await queueUnansweredDigests(deps);
  });
}
