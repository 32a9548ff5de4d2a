import {
  MAIL_KINDS,
  type AppNotification,
  type MailKind,
  type MailPreferences,
  type MailPreferencesInput,
  type NotificationKind,
} from '@aprendiz/contract/notifications';
import { NOTIFICATIONS_LISTED } from '@aprendiz/contract/rules/questions';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import type { JobQueue } from '../jobs/job-queue';
import {
  countUnread,
  deleteNotification,
  findOptOuts,
  insertNotification,
  listNotifications,
  markRead,
  setOptOut,
  userExists,
  type NewNotification,
} from './notifications.repository';
import type { UnsubscribeLinks } from './unsubscribe-links';
import {
  appendConsents,
  findLatestConsents,
} from '../account-security/account-security.repository';

type NotificationDeps = Pick<AppDeps, 'database'>;

export const QA_MAIL_JOBS = {
  answer: 'mail-question-answer',
  digest: 'mail-unanswered-digest',
} as const;

/**
 * Records a notice for someone other than the one who caused it (nobody is told of their own
 * act) and, for a new answer, queues its e-mail keyed on the answer: sent once, however often this
 * runs. In the caller's transaction, so neither exists without the post.
 */
export async function notify(jobs: JobQueue, tx: Db, notice: NewNotification): Promise<void> {
  if (notice.userId === notice.actorId) return;
  await insertNotification(tx, notice);
  if (notice.kind === 'answer' && notice.answerId) {
    await jobs.send(
      tx,
      QA_MAIL_JOBS.answer,
      { answerId: notice.answerId },
      `answer:${notice.answerId}`,
    );
  }
}

/**
 * Takes back a notice that no longer holds (a hidden post shown again), so the bell does not say
 * otherwise and the next time it happens is notified anew.
 */
export async function withdrawNotice(
  tx: Db,
  notice: { userId: string; kind: NotificationKind; subjectId: string },
): Promise<void> {
  await deleteNotification(tx, notice);
}

export async function getNotifications(
  deps: NotificationDeps,
  user: UserRow,
): Promise<{ notifications: AppNotification[]; unread: number }> {
  const db = deps.database.db;
  const [rows, unread] = await Promise.all([
    listNotifications(db, user.id, NOTIFICATIONS_LISTED),
    countUnread(db, user.id),
  ]);
  return {
    unread,
    notifications: rows.map((row) => ({
      _id: row.id,
      kind: row.kind as NotificationKind,
      read: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
      // A payout's notice is about no question: its fields are empty.
      courseId: row.courseId ?? '',
      courseTitle: row.courseTitle ?? '',
      lectureId: row.lectureId ?? '',
      questionId: row.questionId ?? '',
      questionTitle: row.questionTitle ?? '',
      answerId: row.answerId,
      actorName: row.kind === 'hidden' ? '' : (row.actorName ?? ''),
      note: row.note,
    })),
  };
}

export async function markNotificationsRead(
  deps: NotificationDeps,
  user: UserRow,
  ids: string[] | undefined,
): Promise<number> {
  await markRead(deps.database.db, user.id, ids);
  return countUnread(deps.database.db, user.id);
}

export async function getMailPreferences(
  deps: NotificationDeps,
  user: UserRow,
): Promise<MailPreferences> {
  return readMailPreferences(deps.database.db, user.id);
}

/** Activity mails are on until stopped (an opt-out row); marketing is off until a yes is recorded. */
async function readMailPreferences(db: Db, userId: string): Promise<MailPreferences> {
  const [optOuts, consents] = await Promise.all([
    findOptOuts(db, userId),
    findLatestConsents(db, userId),
  ]);
  return {
    answers: !optOuts.has('answers'),
    digest: !optOuts.has('digest'),
    news: consents.news === true,
  };
}

/**
 * Saves the profile's choices, and appends a consent record (when, yes or no, the words shown) for
 * each one that changed, in the same transaction.
 */
export async function saveMailPreferences(
  deps: NotificationDeps,
  user: UserRow,
  input: MailPreferencesInput,
): Promise<MailPreferences> {
  const db = deps.database.db;
  return db.transaction(async (tx) => {
    const before = await readMailPreferences(tx, user.id);
    const after: MailPreferences = { ...input, news: input.news ?? before.news };
    for (const kind of MAIL_KINDS) await setOptOut(tx, user.id, kind, !after[kind]);
    const changed = Object.fromEntries(
      (Object.keys(after) as (keyof MailPreferences)[])
        .filter((topic) => after[topic] !== before[topic])
        .map((topic) => [topic, after[topic]]),
    );
    await appendConsents(tx, user.id, changed, 'profile');
    return after;
  });
}

/** False when the link was not signed by us for this person and kind (or the person is gone). */
export async function unsubscribe(
  deps: NotificationDeps,
  links: UnsubscribeLinks,
  link: { u: string; k: MailKind; s: string },
): Promise<boolean> {
  if (!links.verify(link.u, link.k, link.s)) return false;
  const db = deps.database.db;
  if (!(await userExists(db, link.u))) return false;
  await db.transaction(async (tx) => {
    await setOptOut(tx, link.u, link.k, true);
    await appendConsents(tx, link.u, { [link.k]: false }, 'link');
  });
  return true;
}
