import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MailKind, NotificationKind } from '@aprendiz/contract/notifications';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { courses } from '../../db/schema/courses';
import { mailOptOuts, notifications } from '../../db/schema/notifications';
import { answers, questions } from '../../db/schema/questions';
import { users } from '../../db/schema/users';

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  /** Absent for a notice about a payout. */
  questionId?: string;
  answerId?: string;
  /** The answer, or the question, the notice is about: with the kind, it is notified once. */
  subjectId: string;
  actorId?: string;
  note?: string;
}

export async function insertNotification(db: Db, values: NewNotification): Promise<void> {
  await db.insert(notifications).values(values).onConflictDoNothing();
}

export async function deleteNotification(
  db: Db,
  notice: { userId: string; kind: NotificationKind; subjectId: string },
): Promise<void> {
  await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, notice.userId),
        eq(notifications.kind, notice.kind),
        eq(notifications.subjectId, notice.subjectId),
      ),
    );
}

const actors = alias(users, 'actors');
/** The course a reviewer's decision is about: its notice's subject. */
const decidedCourses = alias(courses, 'decided_courses');
const COURSE_NOTICE_KINDS: NotificationKind[] = [
  'course_approved',
  'course_changes_requested',
  'course_taken_down',
];

const newestNotifications = prepared('newest_notifications', (db) =>
  db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      note: notifications.note,
      courseId: sql<string | null>`coalesce(${questions.courseId}, ${decidedCourses.id})`,
      courseTitle: sql<string | null>`coalesce(${courses.title}, ${decidedCourses.title})`,
      lectureId: questions.lectureId,
      questionId: questions.id,
      questionTitle: questions.title,
      answerId: notifications.answerId,
      actorName: actors.name,
    })
    .from(notifications)
    .leftJoin(questions, eq(questions.id, notifications.questionId))
    .leftJoin(courses, eq(courses.id, questions.courseId))
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .leftJoin(
      decidedCourses,
      and(
        inArray(notifications.kind, COURSE_NOTICE_KINDS),
        eq(decidedCourses.id, notifications.subjectId),
      ),
    )
    .where(eq(notifications.userId, sql.placeholder('userId')))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(sql.placeholder('limit')),
);

/** The bell's newest notices, with what they are about: a prepared statement (every page asks). */
export function listNotifications(db: Db, userId: string, limit: number) {
  return newestNotifications(db).execute({ userId, limit });
}

const unreadCount = prepared('unread_notifications', (db) =>
  db
    .select({ unread: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('userId')), isNull(notifications.readAt))),
);

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await unreadCount(db).execute({ userId });
  return row?.unread ?? 0;
}

/** Only the caller's own rows: the ids are matched together with the user. */
export async function markRead(db: Db, userId: string, ids: readonly string[] | undefined) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === undefined ? undefined : inArray(notifications.id, [...ids]),
      ),
    );
}

export async function findOptOuts(db: Db, userId: string): Promise<Set<MailKind>> {
  const rows = await db
    .select({ kind: mailOptOuts.kind })
    .from(mailOptOuts)
    .where(eq(mailOptOuts.userId, userId));
  return new Set(rows.map((row) => row.kind as MailKind));
}

export async function setOptOut(db: Db, userId: string, kind: MailKind, optedOut: boolean) {
  if (optedOut) await db.insert(mailOptOuts).values({ userId, kind }).onConflictDoNothing();
  else
    await db
      .delete(mailOptOuts)
      .where(and(eq(mailOptOuts.userId, userId), eq(mailOptOuts.kind, kind)));
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return row !== undefined;
}

/** What the answer e-mail says, read when the job runs; null when it no longer applies. */
export async function findAnswerMailFacts(db: Db, answerId: string) {
  const answerers = alias(users, 'answerers');
  const [row] = await db
    .select({
      answerBody: answers.body,
      answerHiddenAt: answers.hiddenAt,
      answererName: answerers.name,
      askerId: questions.authorId,
      askerName: users.name,
      askerEmail: users.email,
      questionId: questions.id,
      questionTitle: questions.title,
      questionHiddenAt: questions.hiddenAt,
      lectureId: questions.lectureId,
      courseId: courses.id,
      courseTitle: courses.title,
      optedOut: sql<boolean>`exists (select 1 from ${mailOptOuts} o
        where o.user_id = ${questions.authorId} and o.kind = 'answers')`.mapWith(Boolean),
    })
    .from(answers)
    .innerJoin(answerers, eq(answerers.id, answers.authorId))
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .innerJoin(users, eq(users.id, questions.authorId))
    .innerJoin(courses, eq(courses.id, questions.courseId))
    .where(eq(answers.id, answerId))
    .limit(1);
  return row ?? null;
}

const unanswered = sql`not exists (select 1 from ${answers} a
  where a.question_id = ${questions.id} and a.hidden_at is null)`;

/** Educators with an unanswered question older than `before`, who have not stopped the digest. */
export async function findDigestRecipients(db: Db, before: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ educatorId: courses.educatorId })
    .from(questions)
    .innerJoin(courses, eq(courses.id, questions.courseId))
    .where(
      and(
        isNull(questions.hiddenAt),
        lt(questions.createdAt, before),
        unanswered,
        sql`not exists (select 1 from ${mailOptOuts} o
          where o.user_id = ${courses.educatorId} and o.kind = 'digest')`,
      ),
    );
  return rows.map((row) => row.educatorId);
}

export async function findDigestFacts(db: Db, educatorId: string, limit: number) {
  const [educator] = await db
    .select({
      name: users.name,
      email: users.email,
      optedOut: sql<boolean>`exists (select 1 from ${mailOptOuts} o
        where o.user_id = ${users.id} and o.kind = 'digest')`.mapWith(Boolean),
    })
    .from(users)
    .where(eq(users.id, educatorId));
  if (!educator) return null;
  const where = and(eq(courses.educatorId, educatorId), isNull(questions.hiddenAt), unanswered);
  const [items, [totals]] = await Promise.all([
    db
      .select({
        questionTitle: questions.title,
        courseTitle: courses.title,
        createdAt: questions.createdAt,
      })
      .from(questions)
      .innerJoin(courses, eq(courses.id, questions.courseId))
      .where(where)
      .orderBy(questions.createdAt)
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(questions)
      .innerJoin(courses, eq(courses.id, questions.courseId))
      .where(where),
  ]);
  return { ...educator, items, total: totals?.total ?? 0 };
}
