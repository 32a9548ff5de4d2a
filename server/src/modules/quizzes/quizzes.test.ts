import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import type { QuizAnswer, QuizInput, QuizQuestion } from '@aprendiz/contract/quizzes';
import {
  learnerQuizResponseSchema,
  quizAttemptListResponseSchema,
  quizAttemptResponseSchema,
  quizStatsResponseSchema,
} from '@aprendiz/contract/quizzes';
import { educatorCourseDetailResponseSchema } from '@aprendiz/contract/educator';
import {
  enrolledCourseResponseSchema,
  enrolledCoursesResponseSchema,
} from '@aprendiz/contract/learning';
import {
  correctOptionIds,
  courseCompletion,
  gradeQuiz,
} from '@aprendiz/contract/rules/quiz-grading';
import { certificates } from '../../db/schema/certificates';
import { lectureProgress } from '../../db/schema/lecture-progress';
import { quizAttempts, quizVersions, quizzes } from '../../db/schema/quizzes';
import { createTestContext, type TestContext } from '../../test/test-app';
import { enrollDirectly } from '../../test/fixtures/course-fixtures';
import { makeImage, validCourseData } from '../../test/fixtures/educator-fixtures';

let ctx: TestContext;
let png: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  png = await makeImage('png', 320, 180);
});
afterAll(() => ctx.close());

type Auth = Record<string, string>;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const EXPLANATION = 'Porque const não pode ser reatribuída';

function sampleQuiz(overrides: Partial<QuizInput> = {}): QuizInput {
  return {
    title: 'Revisão do começo',
    passPercent: 70,
    maxAttempts: null,
    required: true,
    questions: [
      {
        prompt: 'Qual declara uma constante?',
        kind: 'single',
        explanation: EXPLANATION,
        options: [
          { text: 'const', correct: true },
          { text: 'let', correct: false },
          { text: 'var', correct: false },
        ],
      },
      {
        prompt: 'Quais são tipos primitivos?',
        kind: 'multiple',
        explanation: 'Array é um objeto',
        options: [
          { text: 'string', correct: true },
          { text: 'Array', correct: false },
          { text: 'number', correct: true },
        ],
      },
      {
        prompt: 'TypeScript compila para JavaScript.',
        kind: 'truefalse',
        explanation: 'O tsc emite JavaScript',
        options: [
          { text: 'Verdadeiro', correct: true },
          { text: 'Falso', correct: false },
        ],
      },
    ],
    ...overrides,
  };
}

function send(method: 'post' | 'put', url: string, auth: Auth, courseData: unknown) {
  const req = request(ctx.app)[method](url).set(auth);
  req.field('courseData', JSON.stringify(courseData));
  if (method === 'post') req.attach('image', png, { filename: 't.png', contentType: 'image/png' });
  return req;
}

function courseDataWith(quiz: QuizInput | null, extra: QuizInput | null = null) {
  const data = validCourseData();
  return {
    ...data,
    courseContent: data.courseContent!.map((chapter, index) => ({
      ...chapter,
      quiz: index === 0 ? quiz : extra,
    })),
  };
}

async function educatorView(courseId: string, auth: Auth) {
  const res = await request(ctx.app).get(`/api/educator/course/${courseId}`).set(auth);
  expect(res.status).toBe(200);
  return educatorCourseDetailResponseSchema.parse(res.body).courseData;
}

/** An educator's course with a quiz in its first chapter, and an enrolled learner. */
async function quizCourse(quiz: QuizInput = sampleQuiz(), extra: QuizInput | null = null) {
  const owner = await ctx.createUser({ role: 'educator', name: 'Profa. Ana' });
  const learner = await ctx.createUser({ name: 'Joana' });
  const added = await send(
    'post',
    '/api/educator/add-course',
    owner.auth,
    courseDataWith(quiz, extra),
  );
  expect(added.status).toBe(201);
  const courseId = added.body.courseId as string;
  await enrollDirectly(ctx.database.db, learner.user.id, courseId);
  const detail = await educatorView(courseId, owner.auth);
  const stored = detail.courseContent[0]!.quiz!;
  return {
    owner,
    learner,
    courseId,
    detail,
    stored,
    quizUrl: `/api/course/${courseId}/quizzes/${stored.quizId}`,
  };
}

function rightAnswers(questions: readonly QuizQuestion[]) {
  return questions.map((q) => ({
    questionId: q.questionId,
    optionIds: q.options.filter((o) => o.correct).map((o) => o.optionId),
  }));
}

function wrongAnswers(questions: readonly QuizQuestion[]) {
  return questions.map((q) => ({
    questionId: q.questionId,
    optionIds: [q.options.find((o) => !o.correct)!.optionId],
  }));
}

const submit = (url: string, auth: Auth, answers: unknown) =>
  request(ctx.app).post(`${url}/attempts`).set(auth).send({ answers });

/** Every key anywhere in a JSON value. */
function keysIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => keysIn(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      found.add(key);
      keysIn(inner, found);
    }
  }
  return found;
}

describe('quizzes in the educator add and edit calls', () => {
  it('when an educator adds a chapter quiz without ids, then the server assigns them, stores version 1 and the content keeps only a summary', async () => {
    const { courseId, stored } = await quizCourse();
    expect(stored.version).toBe(1);
    expect(stored.quizId).not.toBe('');
    expect(new Set(stored.questions.map((q) => q.questionId)).size).toBe(3);
    expect(stored.questions[0]!.explanation).toBe(EXPLANATION);
    const [row] = await ctx.database.db
      .select()
      .from(quizzes)
      .where(eq(quizzes.courseId, courseId));
    expect(row).toMatchObject({
      quizId: stored.quizId,
      version: 1,
      passPercent: 70,
      maxAttempts: null,
      required: true,
    });
    const versions = await ctx.database.db
      .select()
      .from(quizVersions)
      .where(eq(quizVersions.courseId, courseId));
    expect(versions).toHaveLength(1);
    expect(versions[0]!.questions[0]!.options[0]!.correct).toBe(true);
  });

  it('when a quiz has a single-choice question with two correct options, then 400 in Portuguese and no course is stored', async () => {
    const owner = await ctx.createUser({ role: 'educator' });
    const bad = sampleQuiz();
    bad.questions[0]!.options = bad.questions[0]!.options.map((o) => ({ ...o, correct: true }));
    const res = await send('post', '/api/educator/add-course', owner.auth, courseDataWith(bad));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Esta pergunta precisa de exatamente uma opção correta');
  });

  it('when the educator edits only the title, then the version stays; when correctness changes, then a new version and old attempts keep their grade', async () => {
    const { owner, learner, courseId, detail, stored, quizUrl } = await quizCourse();
    const first = await submit(quizUrl, learner.auth, rightAnswers(stored.questions));
    expect(first.body.attempt).toMatchObject({ score: 100, passed: true, version: 1 });

    const edit = (quiz: QuizInput) =>
      send('put', `/api/educator/course/${courseId}`, owner.auth, {
        ...validCourseData(),
        courseContent: detail.courseContent.map((chapter, index) => ({
          ...chapter,
          quiz: index === 0 ? quiz : null,
        })),
      });
    expect((await edit({ ...stored, title: 'Novo título' })).status).toBe(200);
    expect((await educatorView(courseId, owner.auth)).courseContent[0]!.quiz).toMatchObject({
      quizId: stored.quizId,
      title: 'Novo título',
      version: 1,
    });

    // The right answer of question 1 becomes 'let'.
    const changed = structuredClone(stored);
    changed.questions[0]!.options = changed.questions[0]!.options.map((o) => ({
      ...o,
      correct: o.text === 'let',
    }));
    expect((await edit(changed)).status).toBe(200);
    const after = (await educatorView(courseId, owner.auth)).courseContent[0]!.quiz!;
    expect(after.version).toBe(2);
    expect(after.questions.map((q) => q.questionId)).toEqual(
      stored.questions.map((q) => q.questionId),
    );

    const attempts = await request(ctx.app).get(`${quizUrl}/attempts`).set(learner.auth);
    expect(quizAttemptListResponseSchema.parse(attempts.body).attempts).toMatchObject([
      { version: 1, score: 100, passed: true },
    ]);
    const again = await submit(quizUrl, learner.auth, rightAnswers(stored.questions));
    expect(again.body.attempt).toMatchObject({ version: 2, score: 66, passed: false });
    const rows = await ctx.database.db
      .select()
      .from(quizAttempts)
      .where(eq(quizAttempts.courseId, courseId));
    expect(rows.map((r) => [r.attemptNumber, r.version, r.score]).sort()).toEqual([
      [1, 1, 100],
      [2, 2, 66],
    ]);
  });

  it('when the educator removes the quiz, then learners get 404 for it', async () => {
    const { owner, learner, courseId, detail, quizUrl } = await quizCourse();
    const res = await send('put', `/api/educator/course/${courseId}`, owner.auth, {
      ...validCourseData(),
      courseContent: detail.courseContent.map((chapter) => ({ ...chapter, quiz: null })),
    });
    expect(res.status).toBe(200);
    expect((await request(ctx.app).get(quizUrl).set(learner.auth)).status).toBe(404);
    expect(
      await ctx.database.db.select().from(quizzes).where(eq(quizzes.courseId, courseId)),
    ).toEqual([]);
  });
});

describe('a learner takes a quiz', () => {
  it('when an enrolled learner reads the quiz, then no option says whether it is correct and no explanation is sent', async () => {
    const { learner, quizUrl } = await quizCourse(sampleQuiz({ maxAttempts: 3 }));
    const res = await request(ctx.app).get(quizUrl).set(learner.auth);
    expect(res.status).toBe(200);
    const { quiz } = learnerQuizResponseSchema.parse(res.body);
    expect(quiz).toMatchObject({ attemptsLeft: 3, bestScore: null, passed: false });
    expect(keysIn(res.body).has('correct')).toBe(false);
    expect(keysIn(res.body).has('explanation')).toBe(false);
    expect(JSON.stringify(res.body)).not.toContain(EXPLANATION);
  });

  it('when a learner fails with attempts left, then only the score comes back, no question marked right or wrong; on passing every result comes with its explanation and correct options', async () => {
    const { learner, stored, quizUrl, courseId } = await quizCourse(sampleQuiz({ maxAttempts: 3 }));
    const failed = await submit(quizUrl, learner.auth, wrongAnswers(stored.questions));
    expect(failed.status).toBe(201);
    const attempt = quizAttemptResponseSchema.parse(failed.body).attempt;
    expect(attempt).toMatchObject({ score: 0, passed: false, attemptsLeft: 2, attemptNumber: 1 });
    expect(attempt.results).toEqual([]);
    expect(JSON.stringify(failed.body)).not.toContain(EXPLANATION);

    const passed = quizAttemptResponseSchema.parse(
      (await submit(quizUrl, learner.auth, rightAnswers(stored.questions))).body,
    ).attempt;
    expect(passed).toMatchObject({ score: 100, passed: true, attemptsLeft: 1 });
    expect(passed.results[0]).toMatchObject({
      questionId: stored.questions[0]!.questionId,
      correct: true,
      explanation: EXPLANATION,
    });
    expect(passed.results[1]!.correctOptionIds?.sort()).toEqual(
      stored.questions[1]!.options.filter((o) => o.correct)
        .map((o) => o.optionId)
        .sort(),
    );
    const rows = await ctx.database.db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.courseId, courseId), eq(quizAttempts.userId, learner.user.id)));
    expect(rows.map((r) => [r.attemptNumber, r.score, r.passed]).sort()).toEqual([
      [1, 0, false],
      [2, 100, true],
    ]);
    const quiz = learnerQuizResponseSchema.parse(
      (await request(ctx.app).get(quizUrl).set(learner.auth)).body,
    ).quiz;
    expect(quiz).toMatchObject({ bestScore: 100, passed: true, attemptsLeft: 1 });
  });

  it('when attempts are unlimited and a learner fails again and again, then no attempt says which questions were right, though each is stored graded', async () => {
    const { learner, stored, quizUrl, courseId } = await quizCourse(
      sampleQuiz({ maxAttempts: null }),
    );
    const [first, ...rest] = stored.questions;
    // Only the first question right: per-question feedback would tell it apart from the rest.
    const oneRight = [...rightAnswers([first!]), ...wrongAnswers(rest)];
    for (const answers of [wrongAnswers(stored.questions), oneRight]) {
      const res = await submit(quizUrl, learner.auth, answers);
      expect(res.status).toBe(201);
      const attempt = quizAttemptResponseSchema.parse(res.body).attempt;
      expect(attempt).toMatchObject({ passed: false, attemptsLeft: null });
      expect(attempt.results).toEqual([]);
      expect(keysIn(res.body).has('correct')).toBe(false);
      expect(JSON.stringify(res.body)).not.toContain(EXPLANATION);
    }
    const rows = await ctx.database.db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.courseId, courseId), eq(quizAttempts.userId, learner.user.id)));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.attemptNumber === 2)!.results[0]).toEqual({
      questionId: first!.questionId,
      correct: true,
    });
  });

  it('when the last attempt fails, then the correct options are shown and a further attempt is refused with 409', async () => {
    const { learner, stored, quizUrl, courseId } = await quizCourse(sampleQuiz({ maxAttempts: 1 }));
    const last = quizAttemptResponseSchema.parse(
      (await submit(quizUrl, learner.auth, wrongAnswers(stored.questions))).body,
    ).attempt;
    expect(last).toMatchObject({ score: 0, passed: false, attemptsLeft: 0 });
    expect(last.results.every((r) => Array.isArray(r.correctOptionIds))).toBe(true);
    const refused = await submit(quizUrl, learner.auth, rightAnswers(stored.questions));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Você já usou todas as tentativas deste questionário');
    expect(
      await ctx.database.db.select().from(quizAttempts).where(eq(quizAttempts.courseId, courseId)),
    ).toHaveLength(1);
  });

  it('when 30 submissions of one learner arrive at once against a limit of 3, then exactly 3 are stored and the rest refused', async () => {
    const { learner, stored, quizUrl, courseId } = await quizCourse(sampleQuiz({ maxAttempts: 3 }));
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        submit(quizUrl, learner.auth, wrongAnswers(stored.questions)),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(27);
    const rows = await ctx.database.db
      .select()
      .from(quizAttempts)
      .where(eq(quizAttempts.courseId, courseId));
    expect(rows.map((r) => r.attemptNumber).sort()).toEqual([1, 2, 3]);
  });

  it('when someone not enrolled, the educator or a stranger asks, then 403, 401 or 404 and nothing is stored', async () => {
    const { owner, stored, quizUrl, courseId } = await quizCourse();
    const outsider = await ctx.createUser({ name: 'Curioso' });
    expect((await request(ctx.app).get(quizUrl).set(outsider.auth)).status).toBe(403);
    expect((await submit(quizUrl, outsider.auth, rightAnswers(stored.questions))).status).toBe(403);
    expect((await submit(quizUrl, owner.auth, rightAnswers(stored.questions))).status).toBe(403);
    expect((await request(ctx.app).get(quizUrl)).status).toBe(401);
    expect(
      (
        await request(ctx.app)
          .get(`/api/course/${UNKNOWN_ID}/quizzes/${stored.quizId}`)
          .set(outsider.auth)
      ).status,
    ).toBe(404);
    expect(
      (await request(ctx.app).get(`/api/course/${courseId}/quizzes/nao-existe`).set(outsider.auth))
        .status,
    ).toBe(403);
    expect(
      await ctx.database.db.select().from(quizAttempts).where(eq(quizAttempts.courseId, courseId)),
    ).toEqual([]);
  });

  it('when an enrolled learner asks for an unknown quiz, then 404', async () => {
    const { learner, courseId } = await quizCourse();
    expect(
      (await request(ctx.app).get(`/api/course/${courseId}/quizzes/nao-existe`).set(learner.auth))
        .status,
    ).toBe(404);
    expect(
      (await submit(`/api/course/${courseId}/quizzes/nao-existe`, learner.auth, [])).status,
    ).toBe(404);
  });

  it('when two learners take the quiz, then each lists only their own attempts', async () => {
    const { learner, stored, quizUrl, courseId } = await quizCourse();
    const other = await ctx.createUser({ name: 'Outro' });
    await enrollDirectly(ctx.database.db, other.user.id, courseId);
    await submit(quizUrl, learner.auth, rightAnswers(stored.questions));
    await submit(quizUrl, other.auth, wrongAnswers(stored.questions));
    const mine = quizAttemptListResponseSchema.parse(
      (await request(ctx.app).get(`${quizUrl}/attempts`).set(other.auth)).body,
    );
    expect(mine.attempts).toMatchObject([{ score: 0, passed: false, attemptNumber: 1 }]);
  });
});

describe('an attempt that cannot be graded is refused and uses nothing', () => {
  it('when a learner with one attempt sends nothing, an unknown question or an unknown option, then each is 400 and the attempt is still there', async () => {
    const { learner, stored, quizUrl, courseId } = await quizCourse(sampleQuiz({ maxAttempts: 1 }));
    const [first, second] = stored.questions;
    const refusals: [QuizAnswer[], string][] = [
      [[], 'Responda a pelo menos uma pergunta antes de enviar.'],
      [
        stored.questions.map((q) => ({ questionId: q.questionId, optionIds: [] })),
        'Responda a pelo menos uma pergunta antes de enviar.',
      ],
      [
        [{ questionId: 'nao-existe', optionIds: [first!.options[0]!.optionId] }],
        'Uma das respostas é de uma pergunta que não está neste questionário.',
      ],
      [
        [{ questionId: first!.questionId, optionIds: [second!.options.at(-1)!.optionId + '-x'] }],
        'Uma das opções escolhidas não existe na pergunta.',
      ],
    ];
    for (const [answers, message] of refusals) {
      const res = await submit(quizUrl, learner.auth, answers);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(
      await ctx.database.db.select().from(quizAttempts).where(eq(quizAttempts.courseId, courseId)),
    ).toHaveLength(0);
    // The one attempt allowed is still there: a partial answer is graded.
    const partial = await submit(quizUrl, learner.auth, [
      { questionId: first!.questionId, optionIds: correctOptionIds(first!) },
    ]);
    expect(partial.status).toBe(201);
    expect(quizAttemptResponseSchema.parse(partial.body).attempt.attemptsLeft).toBe(0);
  });
});

describe('grading on the server matches the contract reference grader', () => {
  it("when any choice of options is sent for any kind of question, then the score and per-question results are the reference grader's", async () => {
    const { learner, stored, quizUrl } = await quizCourse();
    const questions = stored.questions;
    const answerArb = fc.tuple(
      ...questions.map((q) =>
        fc.record({
          questionId: fc.constant(q.questionId),
          optionIds: fc.subarray(q.options.map((o) => o.optionId)),
        }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(answerArb, async (answers) => {
        const res = await submit(quizUrl, learner.auth, answers);
        if (answers.every((answer) => answer.optionIds.length === 0)) {
          // Nothing chosen is a slip, not an attempt: refused, nothing stored.
          expect(res.status).toBe(400);
          return;
        }
        expect(res.status).toBe(201);
        const attempt = quizAttemptResponseSchema.parse(res.body).attempt;
        const expected = gradeQuiz({ passPercent: 70, questions }, answers);
        expect(attempt.score).toBe(expected.score);
        expect(attempt.passed).toBe(expected.passed);
        // Unlimited attempts: which question was right is told only once the quiz is passed.
        expect(attempt.results.map((r) => r.correct)).toEqual(
          expected.passed ? expected.questions.map((q) => q.correct) : [],
        );
        const [row] = await ctx.database.db
          .select()
          .from(quizAttempts)
          .where(eq(quizAttempts.id, attempt.attemptId));
        expect(row!.score).toBe(expected.score);
      }),
      { numRuns: 25 },
    );
  });
});

describe('no answer leaves the server before grading', () => {
  it('when a learner, a visitor or a catalogue reader reads any course response, then no field is named correct or explanation', async () => {
    const { learner, courseId, quizUrl } = await quizCourse(
      sampleQuiz(),
      sampleQuiz({ title: 'Opcional', required: false }),
    );
    const reads = [
      request(ctx.app).get('/api/course/all'),
      request(ctx.app).get(`/api/course/${courseId}`),
      request(ctx.app).get(`/api/course/${courseId}`).set(learner.auth),
      request(ctx.app).get('/api/user/enrolled-courses').set(learner.auth),
      request(ctx.app).get(`/api/user/enrolled-courses/${courseId}`).set(learner.auth),
      request(ctx.app).get(`/api/user/resume/${courseId}`).set(learner.auth),
      request(ctx.app).post('/api/user/get-course-progress').set(learner.auth).send({ courseId }),
      request(ctx.app).get(quizUrl).set(learner.auth),
      request(ctx.app).get(`${quizUrl}/attempts`).set(learner.auth),
      request(ctx.app).get('/api/course/search?q=TypeScript'),
    ];
    for (const [index, res] of (await Promise.all(reads)).entries()) {
      expect(res.status, `read ${index}`).toBe(200);
      const keys = keysIn(res.body);
      expect(keys.has('correct'), `read ${index}`).toBe(false);
      expect(keys.has('explanation'), `read ${index}`).toBe(false);
      expect(JSON.stringify(res.body)).not.toContain(EXPLANATION);
    }
    const enrolled = await request(ctx.app)
      .get(`/api/user/enrolled-courses/${courseId}`)
      .set(learner.auth);
    expect(JSON.stringify(enrolled.body)).toContain('"questionCount":3');
    // The server-rendered course page and its loader data are checked by e2e/journeys/quiz.spec.ts,
    // which runs against the built client.
  });
});

describe('certificates wait for the required quizzes', () => {
  async function completeLectures(courseId: string, userId: string) {
    const content = (await educatorViewOfAnyOwner(courseId)).content;
    for (const lecture of content.flatMap((c) => c.chapterContent)) {
      await ctx.database.db
        .insert(lectureProgress)
        .values({ userId, courseId, lectureId: lecture.lectureId, completedAt: new Date() });
    }
  }
  async function educatorViewOfAnyOwner(courseId: string) {
    const { courses } = await import('../../db/schema/courses');
    const [row] = await ctx.database.db.select().from(courses).where(eq(courses.id, courseId));
    return row!;
  }

  it('when every lecture is done but a required quiz is not passed, then 403; once passed, the certificate lists the quizzes passed with the score', async () => {
    const { learner, courseId, stored, quizUrl } = await quizCourse(
      sampleQuiz(),
      sampleQuiz({ title: 'Extra opcional', required: false }),
    );
    await completeLectures(courseId, learner.user.id);
    const refused = await request(ctx.app)
      .post(`/api/user/certificate/${courseId}`)
      .set(learner.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Seja aprovado em todos os questionários obrigatórios para receber o certificado',
    );
    expect(
      await ctx.database.db
        .select()
        .from(certificates)
        .where(eq(certificates.userId, learner.user.id)),
    ).toEqual([]);

    await submit(quizUrl, learner.auth, wrongAnswers(stored.questions));
    expect(
      (await request(ctx.app).post(`/api/user/certificate/${courseId}`).set(learner.auth)).status,
    ).toBe(403);
    const answers = rightAnswers(stored.questions);
    answers[2]!.optionIds = [stored.questions[2]!.options[1]!.optionId];
    await submit(quizUrl, learner.auth, answers); // 66 %: still below 70
    const answersRight = rightAnswers(stored.questions);
    await submit(quizUrl, learner.auth, answersRight);

    const issued = await request(ctx.app)
      .post(`/api/user/certificate/${courseId}`)
      .set(learner.auth);
    expect(issued.status).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(certificates)
      .where(eq(certificates.userId, learner.user.id));
    expect(row!.quizzes).toEqual([{ title: 'Revisão do começo', score: 100 }]);
    const shown = await request(ctx.app).get(`/api/certificate/${issued.body.certificateId}`);
    expect(shown.body.certificate.quizzes).toEqual([{ title: 'Revisão do começo', score: 100 }]);
  });
});

describe('GET /api/educator/course/:id/quiz-stats', () => {
  it('when learners have attempted, then the owner sees attempts, pass rate, average and the most missed questions; another educator gets 403', async () => {
    const { owner, learner, stored, quizUrl, courseId } = await quizCourse();
    await submit(quizUrl, learner.auth, wrongAnswers(stored.questions));
    const answers = rightAnswers(stored.questions);
    answers[0]!.optionIds = [];
    await submit(quizUrl, learner.auth, answers); // 66
    await submit(quizUrl, learner.auth, rightAnswers(stored.questions)); // 100
    const res = await request(ctx.app)
      .get(`/api/educator/course/${courseId}/quiz-stats`)
      .set(owner.auth);
    expect(res.status).toBe(200);
    const [stats] = quizStatsResponseSchema.parse(res.body).quizzes;
    expect(stats).toMatchObject({
      attempts: 3,
      learners: 1,
      passRate: 33,
      averageScore: 55,
      chapterTitle: 'Começo',
    });
    expect(stats!.mostMissed[0]).toEqual({
      questionId: stored.questions[0]!.questionId,
      prompt: 'Qual declara uma constante?',
      missed: 2,
    });
    const other = await ctx.createUser({ role: 'educator' });
    const refused = await request(ctx.app)
      .get(`/api/educator/course/${courseId}/quiz-stats`)
      .set(other.auth);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      success: false,
      message: 'Só o educador do curso pode ver as estatísticas dos questionários',
    });
    expect(
      (await request(ctx.app).get(`/api/educator/course/${courseId}/quiz-stats`).set(learner.auth))
        .status,
    ).toBe(403);
    expect((await request(ctx.app).get(`/api/educator/course/${courseId}/quiz-stats`)).status).toBe(
      401,
    );
  });

  it('when nobody has attempted yet, then each quiz is listed with zeros and no missed question', async () => {
    const { owner, courseId, stored } = await quizCourse(
      sampleQuiz(),
      sampleQuiz({ title: 'Fim' }),
    );
    const res = await request(ctx.app)
      .get(`/api/educator/course/${courseId}/quiz-stats`)
      .set(owner.auth);
    expect(res.status).toBe(200);
    const { quizzes: listed } = quizStatsResponseSchema.parse(res.body);
    expect(listed).toHaveLength(2);
    expect(res.body.courseTitle).toBe(validCourseData().courseTitle);
    // Chapter by chapter, as the learner meets them.
    expect(listed.map((quiz) => quiz.title)).toEqual(['Revisão do começo', 'Fim']);
    const first = listed.find((quiz) => quiz.quizId === stored.quizId);
    expect(first).toEqual({
      quizId: stored.quizId,
      title: 'Revisão do começo',
      chapterTitle: 'Começo',
      attempts: 0,
      learners: 0,
      passRate: 0,
      averageScore: 0,
      mostMissed: [],
    });
  });

  it('when several learners miss different questions, then the most missed come first and at most three are listed', async () => {
    const { owner, learner, stored, quizUrl, courseId } = await quizCourse();
    const second = await ctx.createUser({ name: 'Rui' });
    await enrollDirectly(ctx.database.db, second.user.id, courseId);
    const [q1, q2, q3] = stored.questions.map((question) => question.questionId);
    const missing = (ids: string[]) =>
      rightAnswers(stored.questions).map((answer) =>
        ids.includes(answer.questionId) ? { ...answer, optionIds: [] } : answer,
      );
    await submit(quizUrl, learner.auth, missing([q2!, q3!]));
    await submit(quizUrl, second.auth, missing([q2!]));
    await submit(quizUrl, second.auth, missing([q2!, q1!]));
    const res = await request(ctx.app)
      .get(`/api/educator/course/${courseId}/quiz-stats`)
      .set(owner.auth);
    const [stats] = quizStatsResponseSchema.parse(res.body).quizzes;
    expect(stats).toMatchObject({ attempts: 3, learners: 2, passRate: 0, averageScore: 44 });
    expect(stats!.mostMissed.map((entry) => [entry.questionId, entry.missed])).toEqual([
      [q2, 3],
      ...[
        [q1, 1],
        [q3, 1],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ]);
    // The rows the figures come from.
    const rows = await ctx.database.db
      .select()
      .from(quizAttempts)
      .where(eq(quizAttempts.courseId, courseId));
    expect(rows).toHaveLength(3);
  });

  it('when the course id is unknown or malformed, then 404', async () => {
    const owner = await ctx.createUser({ role: 'educator' });
    for (const id of [UNKNOWN_ID, 'nao-e-um-id', '%00']) {
      const res = await request(ctx.app)
        .get(`/api/educator/course/${id}/quiz-stats`)
        .set(owner.auth);
      expect(res.status).toBe(404);
      expect(res.body.success).toBe(false);
    }
  });
});

describe('progress honours required quizzes', () => {
  /** The player's course; My Enrollments' summary of it must count the same progress. */
  async function enrolledCourse(auth: Auth, courseId: string) {
    const res = await request(ctx.app).get(`/api/user/enrolled-courses/${courseId}`).set(auth);
    expect(res.status).toBe(200);
    const course = enrolledCourseResponseSchema.parse(res.body).enrolledCourse;
    expect(course).not.toBeNull();
    const list = await request(ctx.app).get('/api/user/enrolled-courses').set(auth);
    const summary = enrolledCoursesResponseSchema
      .parse(list.body)
      .enrolledCourses.find((item) => item._id === courseId);
    expect(summary?.progress).toEqual(
      courseCompletion(course!.courseContent, course!.lectureCompleted, course!.quizzesPassed),
    );
    expect(summary?.quizzesPassed).toEqual(course!.quizzesPassed);
    return course!;
  }

  it('when every lecture is done, then the course is complete only once the required quiz is passed, in the enrolled courses and in the course progress', async () => {
    const { learner, stored, quizUrl, courseId } = await quizCourse();
    const before = await enrolledCourse(learner.auth, courseId);
    for (const lecture of before.courseContent.flatMap((chapter) => chapter.chapterContent)) {
      const marked = await request(ctx.app)
        .post('/api/user/update-course-progress')
        .set(learner.auth)
        .send({ courseId, lectureId: lecture.lectureId });
      expect(marked.status).toBe(200);
    }
    await submit(quizUrl, learner.auth, wrongAnswers(stored.questions));
    const failed = await enrolledCourse(learner.auth, courseId);
    expect(failed.quizzesPassed).toEqual([]);
    const atFailure = courseCompletion(
      failed.courseContent,
      failed.lectureCompleted,
      failed.quizzesPassed,
    );
    expect(atFailure.lecturesCompleted).toBe(atFailure.lectures);
    expect(atFailure.complete).toBe(false);
    expect(atFailure.percent).toBeLessThan(100);

    await submit(quizUrl, learner.auth, rightAnswers(stored.questions));
    await submit(quizUrl, learner.auth, wrongAnswers(stored.questions)); // a later failure keeps the pass
    const passed = await enrolledCourse(learner.auth, courseId);
    expect(passed.quizzesPassed).toEqual([stored.quizId]);
    expect(
      courseCompletion(passed.courseContent, passed.lectureCompleted, passed.quizzesPassed),
    ).toMatchObject({ percent: 100, complete: true });
    const progress = await request(ctx.app)
      .post('/api/user/get-course-progress')
      .set(learner.auth)
      .send({ courseId });
    expect(progress.body.progressData).toEqual({
      lectureCompleted: passed.lectureCompleted,
      quizzesPassed: [stored.quizId],
    });
  });

  it('when another learner passes, then it counts for nobody else; a course without quizzes lists none', async () => {
    const { learner, stored, quizUrl, courseId } = await quizCourse();
    const other = await ctx.createUser({ name: 'Beto' });
    await enrollDirectly(ctx.database.db, other.user.id, courseId);
    await submit(quizUrl, other.auth, rightAnswers(stored.questions));
    expect((await enrolledCourse(learner.auth, courseId)).quizzesPassed).toEqual([]);
    expect((await enrolledCourse(other.auth, courseId)).quizzesPassed).toEqual([stored.quizId]);

    const plain = await quizCourse(sampleQuiz({ required: false }));
    await submit(plain.quizUrl, plain.learner.auth, wrongAnswers(plain.stored.questions));
    const course = await enrolledCourse(plain.learner.auth, plain.courseId);
    expect(course.quizzesPassed).toEqual([]);
    // An optional quiz never holds the course back.
    expect(
      courseCompletion(
        course.courseContent,
        course.courseContent.flatMap((chapter) => chapter.chapterContent.map((l) => l.lectureId)),
        course.quizzesPassed,
      ).complete,
    ).toBe(true);
  });
});
