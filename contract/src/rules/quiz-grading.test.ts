import { describe, expect, it } from 'vitest';
import type { QuizQuestion } from '../quizzes';
import { quizInputSchema } from '../quizzes';
import {
  attemptProblem,
  attemptsLeft,
  chapterComplete,
  chapterProgress,
  courseCompletion,
  gradeQuiz,
  isAnsweredRight,
  QUIZ_NOTHING_ANSWERED,
  QUIZ_UNKNOWN_OPTION,
  QUIZ_UNKNOWN_QUESTION,
  revealsAnswers,
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
  it('when failed with attempts left, unlimited ones included, then the answers stay hidden; passed or on the last attempt, they are shown', () => {
    expect(revealsAnswers(false, 2)).toBe(false);
    expect(revealsAnswers(false, null)).toBe(false);
    expect(revealsAnswers(false, 0)).toBe(true);
    expect(revealsAnswers(true, 5)).toBe(true);
    expect(revealsAnswers(true, null)).toBe(true);
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

describe('chapterProgress', () => {
  const lectures = [{ lectureId: 'l1' }, { lectureId: 'l2' }];
  it('when the chapter ends with a required quiz, then the quiz is one more item and holds the chapter until passed', () => {
    const chapter = { chapterContent: lectures, quiz: { quizId: 'z', required: true } };
    expect(chapterProgress(chapter, new Set(['l1', 'l2']), new Set())).toEqual({
      done: 2,
      total: 3,
      complete: false,
      quizPending: true,
    });
    expect(chapterProgress(chapter, new Set(['l1', 'l2']), new Set(['z']))).toEqual({
      done: 3,
      total: 3,
      complete: true,
      quizPending: false,
    });
  });
  it('when the quiz is optional, then only the lectures are counted', () => {
    const chapter = { chapterContent: lectures, quiz: { quizId: 'z', required: false } };
    expect(chapterProgress(chapter, new Set(['l1']), new Set(['z']))).toEqual({
      done: 1,
      total: 2,
      complete: false,
      quizPending: false,
    });
  });
});

describe('courseCompletion', () => {
  const chapters = [
    { chapterContent: [{ lectureId: 'a' }, { lectureId: 'b' }] },
    { chapterContent: [{ lectureId: 'c' }], quiz: { quizId: 'q1', required: true } },
    { chapterContent: [{ lectureId: 'd' }], quiz: { quizId: 'q2', required: false } },
  ];
  it('when every lecture is done but a required quiz is not passed, then the course is not complete', () => {
    const result = courseCompletion(chapters, ['a', 'b', 'c', 'd'], ['q2']);
    expect(result).toEqual({
      lecturesCompleted: 4,
      lectures: 4,
      quizzesPassed: 0,
      quizzesRequired: 1,
      percent: 80,
      complete: false,
    });
    expect(courseCompletion(chapters, ['a', 'b', 'c', 'd'], ['q1'])).toMatchObject({
      percent: 100,
      complete: true,
    });
  });
  it('when the course has no quizzes, then the percent is the lectures alone, as before', () => {
    const plain = [chapters[0]!, { chapterContent: [{ lectureId: 'c' }] }];
    expect(courseCompletion(plain, ['a'], [])).toMatchObject({ percent: 33, complete: false });
    expect(courseCompletion(plain, ['a', 'b', 'c'], []).complete).toBe(true);
  });
  it('when ids the course no longer has are listed, then they count for nothing', () => {
    expect(courseCompletion(chapters, ['gone', 'a'], ['gone-quiz'])).toMatchObject({
      lecturesCompleted: 1,
      quizzesPassed: 0,
      percent: 20,
    });
  });
  it('when any subset is done, then 100 % exactly when every chapter is complete', () => {
    const lectureIds = ['a', 'b', 'c', 'd'];
    for (let mask = 0; mask < 64; mask += 1) {
      const done = lectureIds.filter((_, i) => mask & (1 << i));
      const passed = ['q1', 'q2'].filter((_, i) => mask & (1 << (4 + i)));
      const everyChapter = chapters.every((chapter) =>
        chapterComplete(chapter, new Set(done), new Set(passed)),
      );
      expect(courseCompletion(chapters, done, passed).complete).toBe(everyChapter);
    }
  });
});

describe('attemptProblem', () => {
  const quiz = { questions: [single, multiple, truefalse] };

  it('when nothing is chosen, whether no answers or answers with no options, then the attempt is refused', () => {
    expect(attemptProblem(quiz, [])).toBe(QUIZ_NOTHING_ANSWERED);
    expect(
      attemptProblem(quiz, [
        { questionId: 'q1', optionIds: [] },
        { questionId: 'q2', optionIds: [] },
      ]),
    ).toBe(QUIZ_NOTHING_ANSWERED);
  });

  it('when one question of three is answered, then the attempt can be graded', () => {
    expect(attemptProblem(quiz, [{ questionId: 'q2', optionIds: ['a'] }])).toBeNull();
  });

  it('when an answer names a question or an option the quiz does not have, then it is refused', () => {
    expect(attemptProblem(quiz, [{ questionId: 'q9', optionIds: ['a'] }])).toBe(
      QUIZ_UNKNOWN_QUESTION,
    );
    // An option of another question does not belong to this one.
    expect(attemptProblem(quiz, [{ questionId: 'q1', optionIds: ['c'] }])).toBe(
      QUIZ_UNKNOWN_OPTION,
    );
    expect(
      attemptProblem(quiz, [
        { questionId: 'q1', optionIds: ['a'] },
        { questionId: 'q9', optionIds: [] },
      ]),
    ).toBe(QUIZ_UNKNOWN_QUESTION);
  });
});
