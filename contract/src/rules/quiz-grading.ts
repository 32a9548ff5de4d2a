import type { Quiz, QuizAnswer, QuizQuestion } from '../quizzes';

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

/** null: unlimited. */
export function attemptsLeft(maxAttempts: number | null, used: number): number | null {
  return maxAttempts === null ? null : Math.max(0, maxAttempts - used);
}

/** The correct options are shown only once they cannot help another attempt. */
export function revealsCorrectOptions(passed: boolean, left: number | null): boolean {
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
