import type { Chapter } from '../courses';
import type { ChapterInput } from '../educator';
import type { QuizInput, QuizQuestion, QuizSummary } from '../quizzes';
import { QUIZ_PASS_PERCENT_DEFAULT } from './quiz-limits';

/** A chapter's quiz with every id assigned, before the server gives it a version. */
export interface QuizDraft {
  chapterId: string;
  quizId: string;
  title: string;
  passPercent: number;
  maxAttempts: number | null;
  required: boolean;
  questions: QuizQuestion[];
}

function idClaimer(used: Set<string>, newId: () => string) {
  return (requested: string | undefined): string => {
    let id = requested;
    while (id === undefined || id === '' || used.has(id)) id = newId();
    used.add(id);
    return id;
  };
}

/**
 * The quizzes of the add or edit form, matched to the stored chapters by position. Ids sent back
 * are kept (attempts and versions are keyed by them); missing or repeated ones are replaced. Quiz
 * ids are unique in the course, question ids in the quiz, option ids in the question.
 */
export function draftChapterQuizzes(
  input: readonly ChapterInput[],
  chapters: readonly Chapter[],
  newId: () => string,
): QuizDraft[] {
  const courseIds = new Set<string>(
    chapters.flatMap((chapter) => [
      chapter.chapterId,
      ...chapter.chapterContent.map((lecture) => lecture.lectureId),
    ]),
  );
  const claimQuizId = idClaimer(courseIds, newId);
  const drafts: QuizDraft[] = [];
  input.forEach((chapterInput, index) => {
    const quiz: QuizInput | null | undefined = chapterInput.quiz;
    const chapter = chapters[index];
    if (!quiz || !chapter) return;
    const claimQuestionId = idClaimer(new Set(), newId);
    drafts.push({
      chapterId: chapter.chapterId,
      quizId: claimQuizId(quiz.quizId),
      title: quiz.title,
      passPercent: quiz.passPercent ?? QUIZ_PASS_PERCENT_DEFAULT,
      maxAttempts: quiz.maxAttempts ?? null,
      required: quiz.required ?? true,
      questions: quiz.questions.map((question) => {
        const claimOptionId = idClaimer(new Set(), newId);
        return {
          questionId: claimQuestionId(question.questionId),
          prompt: question.prompt,
          kind: question.kind,
          explanation: question.explanation ?? '',
          options: question.options.map((option) => ({
            optionId: claimOptionId(option.optionId),
            text: option.text,
            correct: option.correct,
          })),
        };
      }),
    });
  });
  return drafts;
}

export function toQuizSummary(draft: QuizDraft): QuizSummary {
  return {
    quizId: draft.quizId,
    title: draft.title,
    passPercent: draft.passPercent,
    maxAttempts: draft.maxAttempts,
    required: draft.required,
    questionCount: draft.questions.length,
  };
}

/** The stored content with each chapter's quiz summary: what every learner read may carry. */
export function withQuizSummaries(
  chapters: readonly Chapter[],
  drafts: readonly QuizDraft[],
): Chapter[] {
  const byChapter = new Map(drafts.map((draft) => [draft.chapterId, draft]));
  return chapters.map((chapter) => {
    const draft = byChapter.get(chapter.chapterId);
    return draft ? { ...chapter, quiz: toQuizSummary(draft) } : chapter;
  });
}

/**
 * Whether an edit changes what a learner answers (a prompt, a kind, an option, which ones are
 * correct, the explanation or the pass mark): then the quiz gets a new version.
 */
export function questionsChanged(
  before: { passPercent: number; questions: readonly QuizQuestion[] },
  after: { passPercent: number; questions: readonly QuizQuestion[] },
): boolean {
  return (
    before.passPercent !== after.passPercent ||
    canonical(before.questions) !== canonical(after.questions)
  );
}

/** jsonb does not keep key order, so questions are compared field by field in one order. */
function canonical(questions: readonly QuizQuestion[]): string {
  return JSON.stringify(
    questions.map((q) => [
      q.questionId,
      q.prompt,
      q.kind,
      q.explanation,
      q.options.map((o) => [o.optionId, o.text, o.correct]),
    ]),
  );
}

/**
 * A quiz's name as the learner reads it: 'Questionário: <title>', once. Older quizzes were titled
 * 'Questionário: <chapter>' by the editor itself, which the prefix would have doubled.
 */
export function quizHeading(title: string): string {
  return /^question[aá]rio\b/i.test(title.trim()) ? title.trim() : `Questionário: ${title.trim()}`;
}
