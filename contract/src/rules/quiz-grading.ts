import type { Quiz, QuizAnswer, QuizQuestion } from '../quizzes';
import { progressPercent } from './progress';

export interface GradedQuestion {
  questionId: string;
  correct: boolean;
}

export interface QuizGrade {
  /** Percent of questions answered fully right, floored. */
  score: number;
  passed: boolean;
  questions: GradedQuestion[];
}

export function correctOptionIds(question: QuizQuestion): string[] {
  return question.options.filter((option) => option.correct).map((option) => option.optionId);
}

/**
 * A question is right only when exactly its correct set is chosen: one wrong extra option or one
 * correct option left out and a multiple-choice question counts as wrong. Unknown option ids and
 * repeats count as choices of nothing right; a question left unanswered is wrong.
 */
export function isAnsweredRight(question: QuizQuestion, chosen: readonly string[]): boolean {
  const expected = new Set(correctOptionIds(question));
  const picked = new Set(chosen);
  if (picked.size !== expected.size) return false;
  for (const id of picked) if (!expected.has(id)) return false;
  return true;
}

export function gradeQuiz(
  quiz: Pick<Quiz, 'questions' | 'passPercent'>,
  answers: readonly QuizAnswer[],
): QuizGrade {
  const chosen = new Map<string, string[]>();
  for (const answer of answers) {
    // The first answer to a question counts; a repeat cannot add a second chance.
    if (!chosen.has(answer.questionId)) chosen.set(answer.questionId, answer.optionIds);
  }
  const questions = quiz.questions.map((question) => ({
    questionId: question.questionId,
    correct: isAnsweredRight(question, chosen.get(question.questionId) ?? []),
  }));
  const right = questions.filter((question) => question.correct).length;
  const score = questions.length === 0 ? 0 : Math.floor((right * 100) / questions.length);
  return { score, passed: score >= quiz.passPercent, questions };
}

export const QUIZ_NOTHING_ANSWERED = 'Responda a pelo menos uma pergunta antes de enviar.';
export const QUIZ_UNKNOWN_QUESTION =
  'Uma das respostas é de uma pergunta que não está neste questionário.';
export const QUIZ_UNKNOWN_OPTION = 'Uma das opções escolhidas não existe na pergunta.';

/**
 * Why an attempt cannot be graded, or null. An attempt that answers nothing is a slip (an early
 * click on 'Enviar respostas'), not a try: counting it would burn an attempt, and with one allowed
 * lose the certificate. An answer naming a question or an option the quiz does not have comes from
 * a stale page or a script; grading it as wrong would count an attempt the learner never made.
 */
export function attemptProblem(
  quiz: Pick<Quiz, 'questions'>,
  answers: readonly QuizAnswer[],
): string | null {
  const questions = new Map(quiz.questions.map((question) => [question.questionId, question]));
  for (const answer of answers) {
    const question = questions.get(answer.questionId);
    if (!question) return QUIZ_UNKNOWN_QUESTION;
    const options = new Set(question.options.map((option) => option.optionId));
    if (answer.optionIds.some((id) => !options.has(id))) return QUIZ_UNKNOWN_OPTION;
  }
  if (!answers.some((answer) => answer.optionIds.length > 0)) return QUIZ_NOTHING_ANSWERED;
  return null;
}

/** null: unlimited. */
export function attemptsLeft(maxAttempts: number | null, used: number): number | null {
  return maxAttempts === null ? null : Math.max(0, maxAttempts - used);
}

/**
 * What an attempt tells about each question (right or wrong, its explanation, its correct options)
 * is shown only once it cannot help another attempt: after a pass, or on the last attempt allowed.
 * Before that only the score comes back: with unlimited attempts, which questions were right would
 * let anyone find the answers by changing one question at a time.
 */
export function revealsAnswers(passed: boolean, left: number | null): boolean {
  return passed || left === 0;
}

/**
 * A chapter counts as complete when every lecture is completed and its quiz, when required, has
 * been passed; an optional quiz never holds a chapter back.
 */
export function chapterComplete(
  chapter: {
    chapterContent: readonly { lectureId: string }[];
    quiz?: { quizId: string; required: boolean };
  },
  completedLectureIds: ReadonlySet<string>,
  passedQuizIds: ReadonlySet<string>,
): boolean {
  const lecturesDone = chapter.chapterContent.every((lecture) =>
    completedLectureIds.has(lecture.lectureId),
  );
  const quizDone = !chapter.quiz?.required || passedQuizIds.has(chapter.quiz.quizId);
  return lecturesDone && quizDone;
}

type ChapterWithQuiz = Parameters<typeof chapterComplete>[0];

export interface ChapterProgress {
  /** Lectures completed, plus the required quiz when it has been passed. */
  done: number;
  /** Lectures, plus one for a required quiz: an optional quiz is not something left to do. */
  total: number;
  complete: boolean;
  /** A required quiz not passed yet: the chapter waits for it whatever its lectures say. */
  quizPending: boolean;
}

export function chapterProgress(
  chapter: ChapterWithQuiz,
  completedLectureIds: ReadonlySet<string>,
  passedQuizIds: ReadonlySet<string>,
): ChapterProgress {
  const lecturesDone = chapter.chapterContent.filter((lecture) =>
    completedLectureIds.has(lecture.lectureId),
  ).length;
  const quizCounts = chapter.quiz?.required === true;
  const quizPassed = quizCounts && passedQuizIds.has(chapter.quiz!.quizId);
  return {
    done: lecturesDone + (quizPassed ? 1 : 0),
    total: chapter.chapterContent.length + (quizCounts ? 1 : 0),
    complete: chapterComplete(chapter, completedLectureIds, passedQuizIds),
    quizPending: quizCounts && !quizPassed,
  };
}

export interface CourseCompletion {
  lecturesCompleted: number;
  lectures: number;
  /** Required quizzes passed, of `quizzesRequired`. */
  quizzesPassed: number;
  quizzesRequired: number;
  /**
   * Lectures completed and required quizzes passed over lectures and required quizzes, floored: a
   * course without required quizzes reads exactly as before, and 100 % means every chapter is
   * complete.
   */
  percent: number;
  /** The certificate is earned (`certificateEarned`). */
  complete: boolean;
}

/** The ids progress counts: every lecture of the course, and the quizzes that are required. */
export interface CompletionShape {
  lectureIds: readonly string[];
  requiredQuizIds: readonly string[];
}

export function completionShape(chapters: readonly ChapterWithQuiz[]): CompletionShape {
  return {
    lectureIds: chapters.flatMap((chapter) => chapter.chapterContent.map((l) => l.lectureId)),
    requiredQuizIds: chapters.flatMap((chapter) =>
      chapter.quiz?.required ? [chapter.quiz.quizId] : [],
    ),
  };
}

/**
 * The certificate's one condition: every lecture of a course that has lectures completed, and every
 * required quiz passed. The server issues by it and the pages offer the certificate by it.
 */
export function certificateEarned(
  completion: Pick<
    CourseCompletion,
    'lecturesCompleted' | 'lectures' | 'quizzesPassed' | 'quizzesRequired'
  >,
): boolean {
  return (
    completion.lectures > 0 &&
    completion.lecturesCompleted >= completion.lectures &&
    completion.quizzesPassed >= completion.quizzesRequired
  );
}

/**
 * How far a learner is in a course, from its ids alone (what the server reads for My Enrollments,
 * without the course's content). Only ids the course still has count: an educator may have removed
 * a lecture the learner had completed, or a quiz they had passed.
 */
export function completionOf(
  shape: CompletionShape,
  completedLectureIds: Iterable<string>,
  passedQuizIds: Iterable<string>,
): CourseCompletion {
  const completed = new Set(completedLectureIds);
  const passed = new Set(passedQuizIds);
  const lectures = shape.lectureIds.length;
  const lecturesCompleted = shape.lectureIds.filter((id) => completed.has(id)).length;
  const quizzesRequired = shape.requiredQuizIds.length;
  const quizzesPassed = shape.requiredQuizIds.filter((id) => passed.has(id)).length;
  const percent = progressPercent(lecturesCompleted + quizzesPassed, lectures + quizzesRequired);
  const counts = { lecturesCompleted, lectures, quizzesPassed, quizzesRequired };
  return { ...counts, percent, complete: certificateEarned(counts) };
}

/** How far a learner is in a course (see `completionOf`). */
export function courseCompletion(
  chapters: readonly ChapterWithQuiz[],
  completedLectureIds: Iterable<string>,
  passedQuizIds: Iterable<string>,
): CourseCompletion {
  return completionOf(completionShape(chapters), completedLectureIds, passedQuizIds);
}
