import type { EducatorTitle } from '@aprendiz/contract/rules/educator-title';
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { QuestionSort } from '@aprendiz/contract/rules/questions';
import { stemWord } from '@aprendiz/contract/rules/search-words';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema/courses';
import {
  answers,
  lectureQuestionTotals,
  postReports,
  questions,
  questionVotes,
} from '../../db/schema/questions';
import { users } from '../../db/schema/users';

/** What a viewer may see of a course's posts: every visible one, plus their own or all (educator). */
export interface Viewer {
  userId: string;
  isEducator: boolean;
}

/** A question row with what the lists show beside it. */
export interface QuestionListRow {
  id: string;
  courseId: string;
  lectureId: string;
  title: string;
  body: string;
  authorId: string;
  authorName: string;
  authorImageUrl: string;
  authorEducatorTitle: EducatorTitle;
  educatorId: string;
  upvotes: number;
  upvoted: boolean;
  answerCount: number;
  acceptedAnswerId: string | null;
  hiddenAt: Date | null;
  hiddenNote: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const visibleAnswers = sql<number>`(select count(*) from ${answers} a
  where a.question_id = ${questions.id} and a.hidden_at is null)`.mapWith(Number);

function questionColumns(viewerId: string) {
  return {
    id: questions.id,
    courseId: questions.courseId,
    lectureId: questions.lectureId,
    title: questions.title,
    body: questions.body,
    authorId: questions.authorId,
    authorName: users.name,
    authorImageUrl: users.imageUrl,
    authorEducatorTitle: users.educatorTitle,
    educatorId: courses.educatorId,
    upvotes: questions.upvotes,
    upvoted: sql<boolean>`exists (select 1 from ${questionVotes} v
      where v.question_id = ${questions.id} and v.user_id = ${viewerId})`.mapWith(Boolean),
    answerCount: visibleAnswers,
    acceptedAnswerId: questions.acceptedAnswerId,
    hiddenAt: questions.hiddenAt,
    hiddenNote: questions.hiddenNote,
    createdAt: questions.createdAt,
    updatedAt: questions.updatedAt,
  };
}

/** Hidden posts stay in the author's and the educator's views only. */
function visibleTo(viewer: Viewer, post: typeof questions | typeof answers): SQL | undefined {
  if (viewer.isEducator) return undefined;
  return or(isNull(post.hiddenAt), sql`${post.authorId} = ${viewer.userId}`);
}

/**
 * The search's words as one tsquery: every word must be found, through the same folding and
 * Portuguese stemmer as the catalogue; each also as a prefix of its light stem (the contract's
 * `stemWord`: 'erros' meets 'erro', which the stemmer alone leaves apart), and the last as a prefix
 * of itself too (it may still be being typed).
 */
function wordsQuery(words: readonly string[]): SQL {
  const parts = words.map((word, index) => {
    const self =
      index === words.length - 1
        ? sql`search_words_text(${word}) || ':*'`
        : sql`search_words_text(${word})`;
    return sql`'(' || ${self} || ' | ' || search_words_text(${stemWord(word)}) || ':*)'`;
  });
  return sql`to_tsquery('pg_catalog.portuguese'::regconfig, ${sql.join(parts, sql` || ' & ' || `)})`;
}

export async function listQuestions(
  db: Db,
  filter: {
    courseId: string;
    lectureId?: string;
    sort: QuestionSort;
    words: readonly string[];
    viewer: Viewer;
    offset: number;
    limit: number;
  },
): Promise<{ rows: QuestionListRow[]; total: number }> {
  const where = and(
    eq(questions.courseId, filter.courseId),
    filter.lectureId === undefined ? undefined : eq(questions.lectureId, filter.lectureId),
    visibleTo(filter.viewer, questions),
    filter.words.length > 0
      ? sql`${questions.searchDocument} @@ ${wordsQuery(filter.words)}`
      : undefined,
    filter.sort === 'unanswered' ? sql`${visibleAnswers} = 0` : undefined,
  );
  const order =
    filter.sort === 'top'
      ? [desc(questions.upvotes), desc(questions.createdAt)]
      : [desc(questions.createdAt)];
  // The page's ids first, from the index in the list's order (0054); the columns, the author and
  // the answer counts are then read for those rows only, not for every row the offset skips.
  const page = db
    .select({ id: questions.id })
    .from(questions)
    .where(where)
    .orderBy(...order, desc(questions.id))
    .offset(filter.offset)
    .limit(filter.limit);
  const counted = filter.words.length === 0 && filter.sort !== 'unanswered';
  const [rows, total] = await Promise.all([
    db
      .select(questionColumns(filter.viewer.userId))
      .from(questions)
      .innerJoin(users, eq(users.id, questions.authorId))
      .innerJoin(courses, eq(courses.id, questions.courseId))
      .where(inArray(questions.id, page))
      .orderBy(...order, desc(questions.id)),
    counted
      ? keptTotal(db, filter)
      : db
          .select({ total: count() })
          .from(questions)
          .where(where)
          .then(([row]) => row?.total ?? 0),
  ]);
  return { rows, total };
}

/**
 * How many questions of the course (or of one lecture) the viewer sees, from the totals each lecture
 * keeps (migration 0056): every question for the educator; for anyone else the visible ones and
 * their own hidden ones, found in the partial index of hidden questions. A search or the unanswered
 * filter is counted by its own rows instead.
 */
async function keptTotal(
  db: Db,
  filter: { courseId: string; lectureId?: string; viewer: Viewer },
): Promise<number> {
  const lecture = (table: typeof questions | typeof lectureQuestionTotals) =>
    filter.lectureId === undefined ? undefined : eq(table.lectureId, filter.lectureId);
  const kept = filter.viewer.isEducator
    ? sql`${lectureQuestionTotals.questions}`
    : sql`${lectureQuestionTotals.questions} - ${lectureQuestionTotals.hidden}`;
  const ownHidden = filter.viewer.isEducator
    ? sql`0`
    : sql`(select count(*) from ${questions} where ${and(
        eq(questions.authorId, filter.viewer.userId),
        eq(questions.courseId, filter.courseId),
        lecture(questions),
        isNotNull(questions.hiddenAt),
      )})`;
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${kept}), 0) + ${ownHidden}`.mapWith(Number),
    })
    .from(lectureQuestionTotals)
    .where(
      and(eq(lectureQuestionTotals.courseId, filter.courseId), lecture(lectureQuestionTotals)),
    );
  return row?.total ?? 0;
}

export async function findQuestion(
  db: Db,
  questionId: string,
  viewerId: string,
): Promise<QuestionListRow | null> {
  const [row] = await db
    .select(questionColumns(viewerId))
    .from(questions)
    .innerJoin(users, eq(users.id, questions.authorId))
    .innerJoin(courses, eq(courses.id, questions.courseId))
    .where(eq(questions.id, questionId))
    .limit(1);
  return row ?? null;
}

export interface AnswerListRow {
  id: string;
  questionId: string;
  body: string;
  authorId: string;
  authorName: string;
  authorImageUrl: string;
  authorEducatorTitle: EducatorTitle;
  hiddenAt: Date | null;
  hiddenNote: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const answerColumns = {
  id: answers.id,
  questionId: answers.questionId,
  body: answers.body,
  authorId: answers.authorId,
  authorName: users.name,
  authorImageUrl: users.imageUrl,
  authorEducatorTitle: users.educatorTitle,
  hiddenAt: answers.hiddenAt,
  hiddenNote: answers.hiddenNote,
  createdAt: answers.createdAt,
  updatedAt: answers.updatedAt,
};

/** Oldest first, the order a conversation is read in. */
export function listAnswers(db: Db, questionId: string, viewer: Viewer): Promise<AnswerListRow[]> {
  return db
    .select(answerColumns)
    .from(answers)
    .innerJoin(users, eq(users.id, answers.authorId))
    .where(and(eq(answers.questionId, questionId), visibleTo(viewer, answers)))
    .orderBy(asc(answers.createdAt), asc(answers.id));
}

/** An answer with the question and course it belongs to. */
export async function findAnswer(db: Db, answerId: string) {
  const [row] = await db
    .select({
      ...answerColumns,
      courseId: questions.courseId,
      lectureId: questions.lectureId,
      questionAuthorId: questions.authorId,
      questionHiddenAt: questions.hiddenAt,
      acceptedAnswerId: questions.acceptedAnswerId,
      educatorId: courses.educatorId,
    })
    .from(answers)
    .innerJoin(users, eq(users.id, answers.authorId))
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .innerJoin(courses, eq(courses.id, questions.courseId))
    .where(eq(answers.id, answerId))
    .limit(1);
  return row ?? null;
}

export async function insertQuestion(
  db: Db,
  values: { courseId: string; lectureId: string; authorId: string; title: string; body: string },
) {
  const [row] = await db.insert(questions).values(values).returning({ id: questions.id });
  return row!.id;
}

export async function updateQuestion(
  db: Db,
  questionId: string,
  edit: { title?: string; body?: string },
): Promise<void> {
  await db
    .update(questions)
    .set({ ...edit, updatedAt: sql`now()` })
    .where(eq(questions.id, questionId));
}

export async function deleteQuestion(db: Db, questionId: string): Promise<void> {
  await db.delete(questions).where(eq(questions.id, questionId));
}

export async function hasAnswers(db: Db, questionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: answers.id })
    .from(answers)
    .where(eq(answers.questionId, questionId))
    .limit(1);
  return row !== undefined;
}

export async function insertAnswer(
  db: Db,
  values: { questionId: string; authorId: string; body: string },
): Promise<string> {
  const [row] = await db.insert(answers).values(values).returning({ id: answers.id });
  return row!.id;
}

export async function updateAnswer(db: Db, answerId: string, body: string): Promise<void> {
  await db
    .update(answers)
    .set({ body, updatedAt: sql`now()` })
    .where(eq(answers.id, answerId));
}

/** The accepted mark goes with the answer, in the same transaction. */
export async function deleteAnswer(db: Db, answerId: string, questionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(questions)
      .set({ acceptedAnswerId: null })
      .where(and(eq(questions.id, questionId), eq(questions.acceptedAnswerId, answerId)));
    await tx.delete(answers).where(eq(answers.id, answerId));
  });
}

/**
 * Adds the vote and counts it in one transaction; the (question, person) key makes a repeat (or a
 * concurrent twin) insert nothing and count nothing. Answers the count after.
 */
export async function addUpvote(db: Db, questionId: string, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(questionVotes)
      .values({ questionId, userId })
      .onConflictDoNothing()
      .returning({ questionId: questionVotes.questionId });
    if (added.length > 0) {
      const [row] = await tx
        .update(questions)
        .set({ upvotes: sql`${questions.upvotes} + 1` })
        .where(eq(questions.id, questionId))
        .returning({ upvotes: questions.upvotes });
      return row?.upvotes ?? 0;
    }
    const [row] = await tx
      .select({ upvotes: questions.upvotes })
      .from(questions)
      .where(eq(questions.id, questionId));
    return row?.upvotes ?? 0;
  });
}

export async function setAcceptedAnswer(
  db: Db,
  questionId: string,
  answerId: string,
): Promise<void> {
  await db
    .update(questions)
    .set({ acceptedAnswerId: answerId })
    .where(eq(questions.id, questionId));
}

/** True when this person had not reported the post before. */
export async function insertReport(
  db: Db,
  post: { questionId: string } | { answerId: string },
  reporterId: string,
  reason: string | undefined,
): Promise<boolean> {
  const rows = await db
    .insert(postReports)
    .values({ ...post, reporterId, reason: reason ?? null })
    .onConflictDoNothing()
    .returning({ id: postReports.id });
  return rows.length > 0;
}

/**
 * Hides a post with the educator's note, or (null) shows it again, the note going with the hiding.
 * True when this call changed it: hiding a hidden post, or showing a shown one, does nothing.
 */
async function setPostHiding(
  db: Db,
  table: typeof questions | typeof answers,
  postId: string,
  hiding: { note: string } | null,
): Promise<boolean> {
  const rows = await db
    .update(table)
    .set(
      hiding
        ? { hiddenAt: sql`now()`, hiddenNote: hiding.note }
        : { hiddenAt: null, hiddenNote: null },
    )
    .where(and(eq(table.id, postId), hiding ? isNull(table.hiddenAt) : isNotNull(table.hiddenAt)))
    .returning({ id: table.id });
  return rows.length > 0;
}

export async function hideQuestionRow(db: Db, questionId: string, note: string): Promise<boolean> {
  return setPostHiding(db, questions, questionId, { note });
}

/** A hidden answer can no longer be the accepted one. */
export async function hideAnswerRow(
  db: Db,
  answerId: string,
  questionId: string,
  note: string,
): Promise<boolean> {
  const hidden = await setPostHiding(db, answers, answerId, { note });
  await db
    .update(questions)
    .set({ acceptedAnswerId: null })
    .where(and(eq(questions.id, questionId), eq(questions.acceptedAnswerId, answerId)));
  return hidden;
}

export async function unhideQuestionRow(db: Db, questionId: string): Promise<boolean> {
  return setPostHiding(db, questions, questionId, null);
}

export async function unhideAnswerRow(db: Db, answerId: string): Promise<boolean> {
  return setPostHiding(db, answers, answerId, null);
}

/** Every report of one post; how many there were. */
export async function deleteReports(
  db: Db,
  post: { questionId: string } | { answerId: string },
): Promise<number> {
  const rows = await db
    .delete(postReports)
    .where(
      'questionId' in post
        ? eq(postReports.questionId, post.questionId)
        : eq(postReports.answerId, post.answerId),
    )
    .returning({ id: postReports.id });
  return rows.length;
}

/** A reported post (a question, or an answer with its question) of one of an educator's courses. */
export interface ReportedPostRow {
  questionId: string;
  answerId: string | null;
  questionTitle: string;
  courseId: string;
  courseTitle: string;
  content: CourseContentTitles;
  lectureId: string;
  body: string;
  authorId: string;
  authorName: string;
  authorImageUrl: string;
  hiddenAt: Date | null;
  hiddenNote: string | null;
  createdAt: Date;
  reportCount: number;
  reasons: string[];
  lastReportedAt: Date;
}

/**
 * The posts of an educator's courses that learners reported, one row per post with how many
 * reports, their reasons (newest first) and the latest report's date; the most recently reported
 * first, so a fresh report brings its post back to the top.
 */
export async function listReportedForEducator(
  db: Db,
  educatorId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: ReportedPostRow[]; total: number }> {
  const groups = db
    .select({
      questionId: postReports.questionId,
      answerId: postReports.answerId,
      reportCount: sql<number>`count(*)`.mapWith(Number).as('report_count'),
      reasons: sql<string[]>`coalesce(
        array_agg(${postReports.reason} order by ${postReports.createdAt} desc, ${postReports.id})
          filter (where ${postReports.reason} <> ''),
        '{}')`.as('reasons'),
      lastReportedAt: sql<Date>`max(${postReports.createdAt})`
        .mapWith(postReports.createdAt)
        .as('last_reported_at'),
    })
    .from(postReports)
    .groupBy(postReports.questionId, postReports.answerId)
    .as('report_groups');
  const questionOfReport = sql`${questions.id} = coalesce(${groups.questionId}, ${answers.questionId})`;
  const authorOfPost = sql`${users.id} = coalesce(${answers.authorId}, ${questions.authorId})`;
  const ofEducator = eq(courses.educatorId, educatorId);
  // The reported post's own column: the answer's when an answer was reported, else the question's.
  // The column's decoder (a timestamp becomes a Date) types its result as unknown: T says what it is.
  const ofPost = <T>(answerColumn: AnyPgColumn, questionColumn: AnyPgColumn): SQL<T> =>
    sql`case when ${groups.answerId} is null then ${questionColumn} else ${answerColumn} end`.mapWith(
      questionColumn,
    ) as SQL<T>;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        questionId: questions.id,
        answerId: groups.answerId,
        questionTitle: questions.title,
        courseId: courses.id,
        courseTitle: courses.title,
        content: courses.content,
        lectureId: questions.lectureId,
        body: ofPost<string>(answers.body, questions.body),
        authorId: ofPost<string>(answers.authorId, questions.authorId),
        authorName: users.name,
        authorImageUrl: users.imageUrl,
        hiddenAt: ofPost<Date | null>(answers.hiddenAt, questions.hiddenAt),
        hiddenNote: ofPost<string | null>(answers.hiddenNote, questions.hiddenNote),
        createdAt: ofPost<Date>(answers.createdAt, questions.createdAt),
        reportCount: groups.reportCount,
        reasons: groups.reasons,
        lastReportedAt: groups.lastReportedAt,
      })
      .from(groups)
      .leftJoin(answers, eq(answers.id, groups.answerId))
      .innerJoin(questions, questionOfReport)
      .innerJoin(courses, eq(courses.id, questions.courseId))
      .innerJoin(users, authorOfPost)
      .where(ofEducator)
      .orderBy(desc(groups.lastReportedAt), asc(questions.id), asc(groups.answerId))
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ total: count() })
      .from(groups)
      .leftJoin(answers, eq(answers.id, groups.answerId))
      .innerJoin(questions, questionOfReport)
      .innerJoin(courses, eq(courses.id, questions.courseId))
      .where(ofEducator),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

type CourseContentTitles = { chapterContent: { lectureId: string; lectureTitle: string }[] }[];

export interface EducatorQuestionRow extends QuestionListRow {
  courseTitle: string;
  content: CourseContentTitles;
}

/** Questions with no visible answer across an educator's courses, oldest first (waiting longest). */
export async function listUnansweredForEducator(
  db: Db,
  educatorId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: EducatorQuestionRow[]; total: number }> {
  const where = and(
    eq(courses.educatorId, educatorId),
    isNull(questions.hiddenAt),
    sql`${visibleAnswers} = 0`,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        ...questionColumns(educatorId),
        courseTitle: courses.title,
        content: courses.content,
      })
      .from(questions)
      .innerJoin(users, eq(users.id, questions.authorId))
      .innerJoin(courses, eq(courses.id, questions.courseId))
      .where(where)
      .orderBy(asc(questions.createdAt), asc(questions.id))
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ total: count() })
      .from(questions)
      .innerJoin(courses, eq(courses.id, questions.courseId))
      .where(where),
  ]);
  return { rows: rows as EducatorQuestionRow[], total: totals?.total ?? 0 };
}
