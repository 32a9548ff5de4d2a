import { and, asc, eq, inArray, max, notInArray, sql } from 'drizzle-orm';
import { questionsChanged, type QuizDraft } from '@aprendiz/contract/rules/quiz-content';
import type { GradedQuestion } from '@aprendiz/contract/rules/quiz-grading';
import type { Chapter } from '@aprendiz/contract/courses';
import type { QuizAnswer } from '@aprendiz/contract/quizzes';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { enrollments } from '../../db/schema/enrollments';
import {
  quizAttempts,
  quizVersions,
  quizzes,
  type QuizAttemptRow,
  type QuizRow,
  type QuizVersionRow,
} from '../../db/schema/quizzes';

/** A transaction or the database: the quiz writes run inside the course's own write. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/**
 * Makes the course's quizzes what the educator sent, in the course write's transaction. A quiz
 * whose questions, options, correctness, explanations or pass mark changed gets the next version
 * (its old versions stay, with the attempts that answered them); quizzes no longer sent are
 * removed from the course, their attempts kept for the record.
 */
export async function saveCourseQuizzes(
  tx: Tx,
  courseId: string,
  drafts: readonly QuizDraft[],
): Promise<void> {
  const ids = drafts.map((draft) => draft.quizId);
  await tx
    .delete(quizzes)
    .where(
      ids.length === 0
        ? eq(quizzes.courseId, courseId)
        : and(eq(quizzes.courseId, courseId), notInArray(quizzes.quizId, ids)),
    );
  if (drafts.length === 0) return;
  const latest = await tx
    .selectDistinctOn([quizVersions.quizId])
    .from(quizVersions)
    .where(and(eq(quizVersions.courseId, courseId), inArray(quizVersions.quizId, ids)))
    .orderBy(quizVersions.quizId, sql`${quizVersions.version} desc`);
  const latestById = new Map(latest.map((row) => [row.quizId, row]));
  for (const draft of drafts) {
    const before = latestById.get(draft.quizId);
    let version = before?.version ?? 1;
    if (!before || questionsChanged(before, draft)) {
      version = before ? before.version + 1 : 1;
      await tx.insert(quizVersions).values({
        courseId,
        quizId: draft.quizId,
        version,
        passPercent: draft.passPercent,
        questions: draft.questions,
      });
    }
    const row = {
      courseId,
      quizId: draft.quizId,
      chapterId: draft.chapterId,
      title: draft.title,
      passPercent: draft.passPercent,
      maxAttempts: draft.maxAttempts,
      required: draft.required,
      version,
      updatedAt: new Date(),
    };
    await tx
      .insert(quizzes)
      .values(row)
      .onConflictDoUpdate({ target: [quizzes.courseId, quizzes.quizId], set: row });
  }
}

export interface CurrentQuiz {
  quiz: QuizRow;
  questions: QuizVersionRow['questions'];
}

/** The current version's questions beside each quiz row: one query for one quiz or a whole course. */
function selectCurrentQuizzes(db: Tx, courseId: string, quizId?: string) {
  return db
    .select({ quiz: quizzes, questions: quizVersions.questions })
    .from(quizzes)
    .innerJoin(
      quizVersions,
      and(
        eq(quizVersions.courseId, quizzes.courseId),
        eq(quizVersions.quizId, quizzes.quizId),
        eq(quizVersions.version, quizzes.version),
      ),
    )
    .where(
      and(
        eq(quizzes.courseId, courseId),
        quizId === undefined ? undefined : eq(quizzes.quizId, quizId),
      ),
    );
}

/** Every current quiz of the course with its questions, for the educator's edit page and stats. */
export async function findCourseQuizzes(db: Db, courseId: string): Promise<CurrentQuiz[]> {
  return selectCurrentQuizzes(db, courseId);
}

export async function findCurrentQuiz(
  db: Tx,
  courseId: string,
  quizId: string,
): Promise<CurrentQuiz | null> {
  const [row] = await selectCurrentQuizzes(db, courseId, quizId).limit(1);
  return row ?? null;
}

/** One learner's attempts at one quiz. */
function ownAttempts(userId: string, courseId: string, quizId: string) {
  return and(
    eq(quizAttempts.userId, userId),
    eq(quizAttempts.courseId, courseId),
    eq(quizAttempts.quizId, quizId),
  );
}

/** A learner's standing from their attempts (grouped by the caller): best score, passed ever. */
const standingColumns = {
  bestScore: max(quizAttempts.score),
  passed: sql<boolean>`coalesce(bool_or(${quizAttempts.passed}), false)`,
};

export async function findAttempts(
  db: Db,
  userId: string,
  courseId: string,
  quizId: string,
): Promise<QuizAttemptRow[]> {
  return db
    .select()
    .from(quizAttempts)
    .where(ownAttempts(userId, courseId, quizId))
    .orderBy(asc(quizAttempts.attemptNumber));
}

export interface AttemptStanding {
  used: number;
  bestScore: number | null;
  passed: boolean;
}

export async function getAttemptStanding(
  db: Tx,
  userId: string,
  courseId: string,
  quizId: string,
): Promise<AttemptStanding> {
  const [row] = await db
    .select({ used: max(quizAttempts.attemptNumber), ...standingColumns })
    .from(quizAttempts)
    .where(ownAttempts(userId, courseId, quizId));
  return { used: row?.used ?? 0, bestScore: row?.bestScore ?? null, passed: row?.passed ?? false };
}

export type AttemptOutcome =
  | { outcome: 'graded'; attempt: QuizAttemptRow; current: CurrentQuiz; used: number }
  | { outcome: 'notEnrolled' }
  | { outcome: 'noQuiz' }
  | { outcome: 'noAttemptsLeft' };

/**
 * Grades and stores one attempt. The learner's enrollment row is locked first, so concurrent
 * submissions of one learner count attempts one after another; the unique attempt number is the
 * database's guard should anything else slip through.
 */
export async function recordAttempt(
  db: Db,
  userId: string,
  courseId: string,
  quizId: string,
  answers: QuizAnswer[],
  grade: (current: CurrentQuiz) => { score: number; passed: boolean; questions: GradedQuestion[] },
): Promise<AttemptOutcome> {
  return db.transaction(async (tx) => {
    const [enrollment] = await tx
      .select({ userId: enrollments.userId })
      .from(enrollments)
      .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
      .for('update');
    if (!enrollment) return { outcome: 'notEnrolled' as const };
    const current = await findCurrentQuiz(tx, courseId, quizId);
    if (!current) return { outcome: 'noQuiz' as const };
    const standing = await getAttemptStanding(tx, userId, courseId, quizId);
    if (current.quiz.maxAttempts !== null && standing.used >= current.quiz.maxAttempts) {
      return { outcome: 'noAttemptsLeft' as const };
    }
    const graded = grade(current);
    const [attempt] = await tx
      .insert(quizAttempts)
      .values({
        userId,
        courseId,
        quizId,
        version: current.quiz.version,
        attemptNumber: standing.used + 1,
        score: graded.score,
        passed: graded.passed,
        answers,
        results: graded.questions,
      })
      .returning();
    return { outcome: 'graded' as const, attempt: attempt!, current, used: standing.used + 1 };
  });
}

export interface QuizStatsRow {
  quizId: string;
  title: string;
  chapterId: string;
  attempts: number;
  learners: number;
  passed: number;
  averageScore: number;
}

/** Per current quiz of the course: attempts, learners, passes and the mean score, in one query. */
export async function getQuizStats(db: Db, courseId: string): Promise<QuizStatsRow[]> {
  const rows = await db
    .select({
      quizId: quizzes.quizId,
      title: quizzes.title,
      chapterId: quizzes.chapterId,
      attempts: sql<number>`count(${quizAttempts.id})::int`,
      learners: sql<number>`count(distinct ${quizAttempts.userId})::int`,
      passed: sql<number>`count(${quizAttempts.id}) filter (where ${quizAttempts.passed})::int`,
      averageScore: sql<number>`coalesce(floor(avg(${quizAttempts.score})), 0)::int`,
    })
    .from(quizzes)
    .leftJoin(
      quizAttempts,
      and(eq(quizAttempts.courseId, quizzes.courseId), eq(quizAttempts.quizId, quizzes.quizId)),
    )
    .where(eq(quizzes.courseId, courseId))
    .groupBy(quizzes.quizId, quizzes.title, quizzes.chapterId);
  return rows;
}

/** How often each question was answered wrong, most first, over every attempt of the course. */
export async function getMissedQuestions(
  db: Db,
  courseId: string,
): Promise<{ quizId: string; questionId: string; missed: number }[]> {
  const result = await db.execute<{ quiz_id: string; question_id: string; missed: number }>(sql`
    select a.quiz_id, r.value->>'questionId' as question_id, count(*)::int as missed
    from ${quizAttempts} a, jsonb_array_elements(a.results) r
    where a.course_id = ${courseId} and (r.value->>'correct')::boolean = false
    group by a.quiz_id, r.value->>'questionId'
    order by missed desc, question_id`);
  return result.rows.map((row) => ({
    quizId: row.quiz_id,
    questionId: row.question_id,
    missed: Number(row.missed),
  }));
}

/** The required quizzes of the course the learner has not passed, and the passed ones' best scores. */
export async function getQuizStandingsForCourse(
  db: Db,
  userId: string,
  courseId: string,
): Promise<
  {
    quizId: string;
    title: string;
    required: boolean;
    chapterId: string;
    bestScore: number | null;
    passed: boolean;
  }[]
> {
  const rows = await db
    .select({
      quizId: quizzes.quizId,
      title: quizzes.title,
      required: quizzes.required,
      chapterId: quizzes.chapterId,
      ...standingColumns,
    })
    .from(quizzes)
    .leftJoin(
      quizAttempts,
      and(
        eq(quizAttempts.courseId, quizzes.courseId),
        eq(quizAttempts.quizId, quizzes.quizId),
        eq(quizAttempts.userId, userId),
      ),
    )
    .where(eq(quizzes.courseId, courseId))
    .groupBy(quizzes.quizId, quizzes.title, quizzes.required, quizzes.chapterId);
  return rows;
}

export async function courseOwner(
  db: Db,
  courseId: string,
): Promise<{ educatorId: string; title: string; content: Chapter[] } | null> {
  const [row] = await db
    .select({ educatorId: courses.educatorId, title: courses.title, content: courses.content })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row ?? null;
}
