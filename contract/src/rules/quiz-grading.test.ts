import { describe, expect, it } from 'vitest';
import type { QuizQuestion } from '../quizzes';
import { quizInputSchema } from '../quizzes';
import {
  attemptsLeft,
  chapterComplete,
  gradeQuiz,
  isAnsweredRight,
  revealsCorrectOptions,
} from './quiz-grading';

const single: QuizQuestion = {
  questionId: 'q1',
  prompt: 'Qual é a capital de Angola?',
  kind: 'single',
  explanation: 'Luanda é a capital.',
  options: [
    { optionId: 'a', text: 'Luanda', correct: true },
    { optionId: 'b', text: 'Benguela', correct: false },
  ],
};
const multiple: QuizQuestion = {
  questionId: 'q2',
  prompt: 'Quais são linguagens de programação?',
  kind: 'multiple',
  explanation: 'HTML não é uma linguagem de programação.',
  options: [
    { optionId: 'a', text: 'Python', correct: true },
    { optionId: 'b', text: 'HTML', correct: false },
    { optionId: 'c', text: 'Go', correct: true },
  ],
};
const truefalse: QuizQuestion = {
  questionId: 'q3',
  prompt: 'O JavaScript corre no navegador.',
  kind: 'truefalse',
  explanation: '',
  options: [
    { optionId: 't', text: 'Verdadeiro', correct: true },
    { optionId: 'f', text: 'Falso', correct: false },
  ],
};

describe('isAnsweredRight', () => {
  it('when a multiple-choice question gets exactly its correct set, in any order, then it is right', () => {
    expect(isAnsweredRight(multiple, ['c', 'a'])).toBe(true);
  });
  it('when a correct option is left out or a wrong one added, then it is wrong', () => {
    expect(isAnsweredRight(multiple, ['a'])).toBe(false);
    expect(isAnsweredRight(multiple, ['a', 'b', 'c'])).toBe(false);
  });
  it('when a question is unanswered or answered with unknown ids, then it is wrong', () => {
    expect(isAnsweredRight(single, [])).toBe(false);
    expect(isAnsweredRight(single, ['zzz'])).toBe(false);
  });
  it('when the right option is repeated, then it still counts as one choice', () => {
    expect(isAnsweredRight(single, ['a', 'a'])).toBe(true);
  });
});

describe('gradeQuiz', () => {
  const quiz = { passPercent: 70, questions: [single, multiple, truefalse] };
  it('when two of three questions are right, then the score is 66 and below a 70 pass mark', () => {
    const grade = gradeQuiz(quiz, [
      { questionId: 'q1', optionIds: ['a'] },
      { questionId: 'q2', optionIds: ['a'] },
      { questionId: 'q3', optionIds: ['t'] },
    ]);
    expect(grade.score).toBe(66);
    expect(grade.passed).toBe(false);
    expect(grade.questions.map((q) => q.correct)).toEqual([true, false, true]);
  });
  it('when every question is right, then 100 and passed', () => {
    const grade = gradeQuiz(quiz, [
      { questionId: 'q1', optionIds: ['a'] },
      { questionId: 'q2', optionIds: ['a', 'c'] },
      { questionId: 'q3', optionIds: ['t'] },
    ]);
    expect(grade).toMatchObject({ score: 100, passed: true });
  });
  it('when a question is answered twice, then only the first answer counts', () => {
    const grade = gradeQuiz({ passPercent: 100, questions: [single] }, [
      { questionId: 'q1', optionIds: ['b'] },
      { questionId: 'q1', optionIds: ['a'] },
    ]);
    expect(grade.score).toBe(0);
  });
  it('when the score equals the pass mark, then it passes', () => {
    expect(
      gradeQuiz({ passPercent: 50, questions: [single, truefalse] }, [
        { questionId: 'q1', optionIds: ['a'] },
      ]).passed,
    ).toBe(true);
  });
});

describe('attempts and what is revealed', () => {
  it('when attempts are unlimited, then none are counted down', () => {
    expect(attemptsLeft(null, 7)).toBeNull();
    expect(attemptsLeft(3, 1)).toBe(2);
    expect(attemptsLeft(3, 5)).toBe(0);
  });
  it('when failed with attempts left, then the correct options stay hidden', () => {
    expect(revealsCorrectOptions(false, 2)).toBe(false);
    expect(revealsCorrectOptions(false, null)).toBe(false);
    expect(revealsCorrectOptions(false, 0)).toBe(true);
    expect(revealsCorrectOptions(true, 5)).toBe(true);
  });
});

describe('quizInputSchema', () => {
  const base = { title: 'Revisão', questions: [{ ...single, questionId: undefined }] };
  it('when pass mark and attempts are left out, then 70 % and unlimited, required', () => {
    expect(quizInputSchema.parse(base)).toMatchObject({
      passPercent: 70,
      maxAttempts: null,
      required: true,
    });
  });
  it('when a single-choice question has two correct options, then it is refused in Portuguese', () => {
    const result = quizInputSchema.safeParse({
      ...base,
      questions: [{ ...single, options: single.options.map((o) => ({ ...o, correct: true })) }],
    });
    expect(result.error?.issues[0]?.message).toBe(
      'Esta pergunta precisa de exatamente uma opção correta',
    );
  });
  it('when attempts are 0 or 11, then refused', () => {
    expect(quizInputSchema.safeParse({ ...base, maxAttempts: 0 }).success).toBe(false);
    expect(quizInputSchema.safeParse({ ...base, maxAttempts: 11 }).success).toBe(false);
    expect(quizInputSchema.safeParse({ ...base, maxAttempts: 10 }).success).toBe(true);
  });
  it('when a true/false question has three options, then refused', () => {
    const result = quizInputSchema.safeParse({
      ...base,
      questions: [
        { ...truefalse, options: [...truefalse.options, { text: 'Talvez', correct: false }] },
      ],
    });
    expect(result.success).toBe(false);
  });
});

describe('chapterComplete', () => {
  const chapter = {
    chapterContent: [{ lectureId: 'l1' }, { lectureId: 'l2' }],
    quiz: { quizId: 'z', required: true },
  };
  it('when every lecture is done but the required quiz is not passed, then the chapter is not complete', () => {
    expect(chapterComplete(chapter, new Set(['l1', 'l2']), new Set())).toBe(false);
    expect(chapterComplete(chapter, new Set(['l1', 'l2']), new Set(['z']))).toBe(true);
  });
  it('when the quiz is optional or absent, then the lectures alone decide', () => {
    const optional = { ...chapter, quiz: { quizId: 'z', required: false } };
    expect(chapterComplete(optional, new Set(['l1', 'l2']), new Set())).toBe(true);
    expect(
      chapterComplete({ chapterContent: chapter.chapterContent }, new Set(['l1']), new Set()),
    ).toBe(false);
  });
});
