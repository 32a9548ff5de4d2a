import type { LearnerQuiz, QuizAnswer, QuizAttempt, QuizStats } from '@aprendiz/contract/quizzes';
import {
  attemptProblem,
  attemptsLeft,
  correctOptionIds,
  gradeQuiz,
  revealsAnswers,
} from '@aprendiz/contract/rules/quiz-grading';
import type { AppDeps } from '../../deps';
import type { QuizAttemptRow } from '../../db/schema/quizzes';
import type { UserRow } from '../../db/schema/users';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { requireCourse } from '../courses/course-access';
import { assertCourseId, COURSE_NOT_FOUND } from '../courses/courses.service';
import { NOT_ENROLLED } from '../learning/learning.service';
import {
  courseOwner,
  findAttempts,
  findCourseQuizzes,
  findCurrentQuiz,
  getAttemptStanding,
  getMissedQuestions,
  getQuizStats,
  recordAttempt,
} from './quizzes.repository';
import { isUniqueViolation } from '../../db/errors';

type QuizDeps = Pick<AppDeps, 'database' | 'learnerCache'>;

export const QUIZ_NOT_FOUND = 'Questionário não encontrado';
export const NO_ATTEMPTS_LEFT = 'Você já usou todas as tentativas deste questionário';
const MOST_MISSED_LISTED = 3;

/** Only enrolled learners take a course's quizzes; its educator and strangers are refused. */
async function requireEnrolled(deps: QuizDeps, user: UserRow, courseId: string): Promise<void> {
  assertCourseId(courseId);
  const course = await requireCourse(deps.database.db, user, courseId);
  if (!course.enrolled) throw forbidden(NOT_ENROLLED);
}

export async function getLearnerQuiz(
  deps: QuizDeps,
  user: UserRow,
  courseId: string,
  quizId: string,
): Promise<LearnerQuiz> {
  await requireEnrolled(deps, user, courseId);
  const db = deps.database.db;
  const current = await findCurrentQuiz(db, courseId, quizId);
  if (!current) throw notFound(QUIZ_NOT_FOUND);
  const standing = await getAttemptStanding(db, user.id, courseId, quizId);
  const { quiz } = current;
  return {
    quizId: quiz.quizId,
    title: quiz.title,
    passPercent: quiz.passPercent,
    maxAttempts: quiz.maxAttempts,
    required: quiz.required,
    version: quiz.version,
    // Built field by field: the correct flags and explanations must not ride along.
    questions: current.questions.map((question) => ({
      questionId: question.questionId,
      prompt: question.prompt,
      kind: question.kind,
      options: question.options.map((option) => ({ optionId: option.optionId, text: option.text })),
    })),
    attemptsLeft: attemptsLeft(quiz.maxAttempts, standing.used),
    bestScore: standing.bestScore,
    passed: standing.passed,
  };
}

export async function submitAttempt(
  deps: QuizDeps,
  user: UserRow,
  courseId: string,
  quizId: string,
  answers: QuizAnswer[],
): Promise<QuizAttempt> {
  await requireEnrolled(deps, user, courseId);
  let result;
  try {
    result = await recordAttempt(
      deps.database.db,
      user.id,
      courseId,
      quizId,
      answers,
      (current) => {
        // Checked against the version being graded, inside its transaction: the throw stores nothing.
        const problem = attemptProblem(current, answers);
        if (problem) throw badRequest(problem);
        return gradeQuiz(
          { passPercent: current.quiz.passPercent, questions: current.questions },
          answers,
        );
      },
    );
  } catch (err) {
    // Another submission took this attempt number between our count and our insert.
    if (isUniqueViolation(err)) throw conflict(NO_ATTEMPTS_LEFT);
    throw err;
  }
  if (result.outcome === 'notEnrolled') throw forbidden(NOT_ENROLLED);
  if (result.outcome === 'noQuiz') throw notFound(QUIZ_NOT_FOUND);
  if (result.outcome === 'noAttemptsLeft') throw conflict(NO_ATTEMPTS_LEFT);
  const { attempt, current } = result;
  // A pass moves My Enrollments' progress (a failure too may be its first attempt: one rule for both).
  deps.learnerCache.forget(user.id);
  const left = attemptsLeft(current.quiz.maxAttempts, result.used);
  const byId = new Map(current.questions.map((question) => [question.questionId, question]));
  // The grade per question stays stored (the educator's most missed questions read it).
  const results = revealsAnswers(attempt.passed, left)
    ? attempt.results.map((graded) => {
        const question = byId.get(graded.questionId)!;
        return {
          questionId: graded.questionId,
          correct: graded.correct,
          explanation: question.explanation,
          correctOptionIds: correctOptionIds(question),
        };
      })
    : [];
  return { ...attemptSummary(attempt), attemptsLeft: left, results };
}

function attemptSummary(attempt: QuizAttemptRow) {
  return {
    attemptId: attempt.id,
    attemptNumber: attempt.attemptNumber,
    version: attempt.version,
    score: attempt.score,
    passed: attempt.passed,
    submittedAt: attempt.createdAt.toISOString(),
  };
}

/** The caller's own attempts only: the query is keyed by the signed-in user. */
export async function listOwnAttempts(
  deps: QuizDeps,
  user: UserRow,
  courseId: string,
  quizId: string,
) {
  await requireEnrolled(deps, user, courseId);
  const db = deps.database.db;
  if (!(await findCurrentQuiz(db, courseId, quizId))) throw notFound(QUIZ_NOT_FOUND);
  const rows = await findAttempts(db, user.id, courseId, quizId);
  return rows.map(attemptSummary);
}

export const NOT_YOUR_COURSE = 'Só o educador do curso pode ver as estatísticas dos questionários';

/** Per quiz of the educator's own course; another educator's course is refused (403). */
export async function getCourseQuizStats(
  deps: QuizDeps,
  educator: UserRow,
  courseId: string,
): Promise<{ courseTitle: string; quizzes: QuizStats[] }> {
  assertCourseId(courseId);
  const db = deps.database.db;
  const owner = await courseOwner(db, courseId);
  if (!owner) throw notFound(COURSE_NOT_FOUND);
  if (owner.educatorId !== educator.id) throw forbidden(NOT_YOUR_COURSE);
  const [stats, missed, current] = await Promise.all([
    getQuizStats(db, courseId),
    getMissedQuestions(db, courseId),
    findCourseQuizzes(db, courseId),
  ]);
  const titles = new Map(owner.content.map((chapter) => [chapter.chapterId, chapter.chapterTitle]));
  const prompts = new Map(
    current.map(({ quiz, questions }) => [
      quiz.quizId,
      new Map(questions.map((question) => [question.questionId, question.prompt])),
    ]),
  );
  // In the order the learner meets them: chapter by chapter.
  const chapterOrder = new Map(owner.content.map((chapter, index) => [chapter.chapterId, index]));
  const order = (chapterId: string) => chapterOrder.get(chapterId) ?? Number.MAX_SAFE_INTEGER;
  stats.sort((a, b) => order(a.chapterId) - order(b.chapterId));
  const quizStats = stats.map((row) => {
    // Questions an edit removed are no longer listed: the educator can do nothing about them.
    const quizPrompts = prompts.get(row.quizId) ?? new Map<string, string>();
    return {
      quizId: row.quizId,
      title: row.title,
      chapterTitle: titles.get(row.chapterId) ?? '',
      attempts: row.attempts,
      learners: row.learners,
      passRate: row.attempts === 0 ? 0 : Math.floor((row.passed * 100) / row.attempts),
      averageScore: row.averageScore,
      mostMissed: missed
        .filter((entry) => entry.quizId === row.quizId && quizPrompts.has(entry.questionId))
        .slice(0, MOST_MISSED_LISTED)
        .map((entry) => ({
          questionId: entry.questionId,
          prompt: quizPrompts.get(entry.questionId)!,
          missed: entry.missed,
        })),
    };
  });
  return { courseTitle: owner.title, quizzes: quizStats };
}
