import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { and, eq, sql } from 'drizzle-orm';
import {
  answerResponseSchema,
  askQuestionResponseSchema,
  educatorQuestionsResponseSchema,
  educatorReportsResponseSchema,
  questionListResponseSchema,
  questionResponseSchema,
} from '@aprendiz/contract/questions';
import { notificationsResponseSchema } from '@aprendiz/contract/notifications';
import { answers, postReports, questions, questionVotes } from '../../db/schema/questions';
import { notifications } from '../../db/schema/notifications';
import { createTestContext, type TestContext } from '../../test/test-app';
import {
  COURSE_ROLES,
  enrolledCourseWorld,
  type CourseRole,
  type EnrolledCourseWorld,
} from '../../test/fixtures/enrollment-fixtures';
import { enrollDirectly, insertCourse } from '../../test/fixtures/course-fixtures';
import { snapshotStore } from '../../test/fuzz/store-snapshot';
import { QA_MAIL_JOBS } from '../notifications/notifications.service';
import { queueUnansweredDigests } from '../notifications/question-mail';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ QA_POSTS_PER_HOUR: '1000', QA_EDITS_PER_HOUR: '1000' });
});
afterAll(() => ctx.close());

type Auth = Record<string, string>;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const world = (title?: string) => enrolledCourseWorld(ctx, title);
type World = EnrolledCourseWorld;

async function ask(w: World, who: Auth, body: Partial<Record<string, unknown>> = {}) {
  const res = await request(ctx.app)
    .post(`/api/course/${w.course.id}/questions`)
    .set(who)
    .send({
      lectureId: 'lec-2',
      title: 'Como instalo o Node?',
      body: 'Tentei e deu erro.',
      ...body,
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return askQuestionResponseSchema.parse(res.body).question;
}

async function answer(questionId: string, who: Auth, body = 'Use o nvm.') {
  const res = await request(ctx.app)
    .post(`/api/questions/${questionId}/answers`)
    .set(who)
    .send({ body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return answerResponseSchema.parse(res.body).answer;
}

/** Every endpoint × every role: the status each role gets, and nothing written on a refusal. */
describe('who may reach each endpoint', () => {
  const ok = (status: number) =>
    ({
      anonymous: 401,
      'not enrolled': 403,
      enrolled: status,
      'other learner': status,
      'owning educator': status,
      'other educator': 403,
    }) satisfies Record<CourseRole, number>;

  type Posts = { id: string; answerId: string };
  const hide = (path: string, w: World) =>
    request(ctx.app).post(path).set(w.owner.auth).send({ note: 'Fora do tema' }).expect(200);
  const cases: {
    name: string;
    expected: Record<CourseRole, number>;
    /** What must already be so (a hidden post, a report), before the store is read. */
    given?: (w: World, q: Posts) => Promise<unknown>;
    send: (w: World, q: Posts, who: Auth) => request.Test;
  }[] = [
    {
      name: 'GET /api/course/:courseId/questions',
      expected: ok(200),
      send: (w, _q, who) => request(ctx.app).get(`/api/course/${w.course.id}/questions`).set(who),
    },
    {
      name: 'POST /api/course/:courseId/questions',
      expected: ok(201),
      send: (w, _q, who) =>
        request(ctx.app)
          .post(`/api/course/${w.course.id}/questions`)
          .set(who)
          .send({ lectureId: 'lec-1', title: 'Dúvida', body: 'Texto' }),
    },
    {
      name: 'GET /api/questions/:id',
      expected: ok(200),
      send: (_w, q, who) => request(ctx.app).get(`/api/questions/${q.id}`).set(who),
    },
    {
      name: 'POST /api/questions/:id/answers',
      expected: ok(201),
      send: (_w, q, who) =>
        request(ctx.app).post(`/api/questions/${q.id}/answers`).set(who).send({ body: 'Oi' }),
    },
    {
      name: 'POST /api/questions/:id/upvote',
      expected: ok(200),
      send: (_w, q, who) => request(ctx.app).post(`/api/questions/${q.id}/upvote`).set(who),
    },
    {
      name: 'POST /api/questions/:id/report',
      expected: ok(200),
      send: (_w, q, who) =>
        request(ctx.app).post(`/api/questions/${q.id}/report`).set(who).send({ reason: 'spam' }),
    },
    {
      name: 'POST /api/answers/:id/report',
      expected: ok(200),
      send: (_w, q, who) =>
        request(ctx.app).post(`/api/answers/${q.answerId}/report`).set(who).send({}),
    },
    {
      name: 'POST /api/answers/:id/accept',
      // The asker (enrolled) and the educator; another learner is refused.
      expected: { ...ok(200), 'other learner': 403 },
      send: (_w, q, who) => request(ctx.app).post(`/api/answers/${q.answerId}/accept`).set(who),
    },
    {
      name: 'PATCH /api/questions/:id',
      expected: { ...ok(200), 'other learner': 403, 'owning educator': 403 },
      send: (_w, q, who) =>
        request(ctx.app).patch(`/api/questions/${q.id}`).set(who).send({ title: 'Novo título' }),
    },
    {
      name: 'POST /api/questions/:id/hide',
      expected: { ...ok(200), enrolled: 403, 'other learner': 403 },
      send: (_w, q, who) =>
        request(ctx.app)
          .post(`/api/questions/${q.id}/hide`)
          .set(who)
          .send({ note: 'Fora do tema' }),
    },
    {
      name: 'POST /api/answers/:id/hide',
      expected: { ...ok(200), enrolled: 403, 'other learner': 403 },
      send: (_w, q, who) =>
        request(ctx.app)
          .post(`/api/answers/${q.answerId}/hide`)
          .set(who)
          .send({ note: 'Ofensivo' }),
    },
    {
      name: 'POST /api/questions/:id/unhide',
      // The question is the enrolled learner's: they still see it, hidden; to the other it is gone.
      expected: { ...ok(200), enrolled: 403, 'other learner': 404 },
      given: (w, q) => hide(`/api/questions/${q.id}/hide`, w),
      send: (_w, q, who) => request(ctx.app).post(`/api/questions/${q.id}/unhide`).set(who),
    },
    {
      name: 'POST /api/answers/:id/unhide',
      // The answer is the other learner's: they still see it, hidden; to the asker it is gone.
      expected: { ...ok(200), enrolled: 404, 'other learner': 403 },
      given: (w, q) => hide(`/api/answers/${q.answerId}/hide`, w),
      send: (_w, q, who) => request(ctx.app).post(`/api/answers/${q.answerId}/unhide`).set(who),
    },
    {
      name: 'POST /api/educator/reports/dismiss',
      expected: { ...ok(200), enrolled: 403, 'other learner': 403 },
      given: (w, q) =>
        request(ctx.app)
          .post(`/api/answers/${q.answerId}/report`)
          .set(w.learner.auth)
          .send({ reason: 'Ofensivo' })
          .expect(200),
      send: (_w, q, who) =>
        request(ctx.app)
          .post('/api/educator/reports/dismiss')
          .set(who)
          .send({ kind: 'answer', id: q.answerId }),
    },
    {
      name: 'DELETE /api/answers/:id',
      // The answer is the other learner's own.
      expected: { ...ok(403), 'other learner': 200 },
      send: (_w, q, who) => request(ctx.app).delete(`/api/answers/${q.answerId}`).set(who),
    },
  ];

  for (const testCase of cases) {
    for (const role of COURSE_ROLES) {
      const status = testCase.expected[role];
      it(`when ${role} calls ${testCase.name}, then ${status}${status >= 400 ? ' and nothing is written' : ''}`, async () => {
        const w = await world();
        const q = await ask(w, w.learner.auth);
        const a = await answer(q._id, w.other.auth);
        const posts = { id: q._id, answerId: a._id };
        await testCase.given?.(w, posts);
        const before = await snapshotStore(ctx);

        const res = await testCase.send(w, posts, w.auth[role]);

        expect(res.status, JSON.stringify(res.body)).toBe(status);
        if (status >= 400) {
          expect(res.body.success).toBe(false);
          expect(typeof res.body.message).toBe('string');
          expect(await snapshotStore(ctx)).toEqual(before);
        }
      });
    }
  }

  it('when the ids are unknown or malformed, then 404 for every role that may otherwise reach them', async () => {
    const w = await world();
    for (const path of [
      `/api/questions/${UNKNOWN_ID}`,
      '/api/questions/nao-e-um-id',
      `/api/course/${UNKNOWN_ID}/questions`,
    ]) {
      const res = await request(ctx.app).get(path).set(w.learner.auth);
      expect(res.status, path).toBe(404);
    }
    for (const path of [
      `/api/answers/${UNKNOWN_ID}/accept`,
      `/api/questions/${UNKNOWN_ID}/upvote`,
      `/api/answers/abc/hide`,
      `/api/questions/${UNKNOWN_ID}/unhide`,
      `/api/answers/nao-e-um-id/unhide`,
    ]) {
      const res = await request(ctx.app).post(path).set(w.owner.auth).send({ note: 'x' });
      expect(res.status, path).toBe(404);
    }
  });

  for (const path of ['/api/educator/questions', '/api/educator/reports']) {
    it(`when GET ${path} is called by each role, then only educators get their own list`, async () => {
      const w = await world();
      const q = await ask(w, w.learner.auth);
      await request(ctx.app)
        .post(`/api/questions/${q._id}/report`)
        .set(w.other.auth)
        .send({})
        .expect(200);
      const statuses = await Promise.all(
        COURSE_ROLES.map(async (role) => {
          const res = await request(ctx.app).get(path).set(w.auth[role]);
          return [role, res.status, res.body.total] as const;
        }),
      );
      expect(statuses).toEqual([
        ['anonymous', 401, undefined],
        ['not enrolled', 403, undefined],
        ['enrolled', 403, undefined],
        ['other learner', 403, undefined],
        ['owning educator', 200, 1],
        ['other educator', 200, 0],
      ]);
    });
  }
});

describe('asking, listing and searching', () => {
  it('when a learner asks about a lecture, then it is listed for the course and that lecture with its author', async () => {
    const w = await world();
    const q = await ask(w, w.learner.auth, { body: 'Linha 1\nLinha 2 `npm i`' });

    const all = questionListResponseSchema.parse(
      (await request(ctx.app).get(`/api/course/${w.course.id}/questions`).set(w.owner.auth)).body,
    );
    const lecture = questionListResponseSchema.parse(
      (
        await request(ctx.app)
          .get(`/api/course/${w.course.id}/questions?lectureId=lec-2`)
          .set(w.other.auth)
      ).body,
    );
    const otherLecture = await request(ctx.app)
      .get(`/api/course/${w.course.id}/questions?lectureId=lec-1`)
      .set(w.other.auth);

    expect(all.total).toBe(1);
    expect(all.questions[0]).toMatchObject({
      _id: q._id,
      lectureId: 'lec-2',
      body: 'Linha 1\nLinha 2 `npm i`',
      author: { _id: w.learner.user.id, name: 'Joana' },
      authorIsEducator: false,
      upvotes: 0,
      answerCount: 0,
      accepted: false,
    });
    expect(lecture.questions.map((x) => x._id)).toEqual([q._id]);
    expect(otherLecture.body.total).toBe(0);
  });

  it('when the lecture is not in the course, then 400 and nothing is stored', async () => {
    const w = await world();
    const before = await snapshotStore(ctx);
    const res = await request(ctx.app)
      .post(`/api/course/${w.course.id}/questions`)
      .set(w.learner.auth)
      .send({ lectureId: 'lec-99', title: 'T', body: 'B' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Esta aula não pertence ao curso');
    expect(await snapshotStore(ctx)).toEqual(before);
  });

  it('when fields are missing, empty, too long or hold control characters, then 400 in Portuguese and nothing is stored', async () => {
    const w = await world();
    const before = await snapshotStore(ctx);
    const bodies = [
      {},
      { lectureId: 'lec-1', title: '', body: 'x' },
      { lectureId: 'lec-1', title: 'x', body: '   ' },
      { lectureId: 'lec-1', title: 'x'.repeat(201), body: 'x' },
      { lectureId: 'lec-1', title: 'x', body: 'x'.repeat(10_001) },
      { lectureId: 'lec-1', title: 'a\u0000', body: 'x' },
      { lectureId: 'lec-1', title: 'x', body: 'a\u202E' },
      { lectureId: 7, title: 'x', body: 'x' },
    ];
    for (const body of bodies) {
      const res = await request(ctx.app)
        .post(`/api/course/${w.course.id}/questions`)
        .set(w.learner.auth)
        .send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).not.toMatch(/Invalid|expected/);
    }
    expect(await snapshotStore(ctx)).toEqual(before);
  });

  it('when sorted by top, unanswered or recent, then each list holds and orders what it says', async () => {
    const w = await world();
    const old = await ask(w, w.learner.auth, { title: 'Primeira' });
    const popular = await ask(w, w.learner.auth, { title: 'Segunda' });
    const fresh = await ask(w, w.other.auth, { title: 'Terceira' });
    await ctx.database.db
      .update(questions)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(questions.id, old._id));
    for (const who of [w.other.auth, w.owner.auth]) {
      await request(ctx.app).post(`/api/questions/${popular._id}/upvote`).set(who).expect(200);
    }
    await answer(fresh._id, w.owner.auth);
    const list = async (sort: string) =>
      questionListResponseSchema
        .parse(
          (
            await request(ctx.app)
              .get(`/api/course/${w.course.id}/questions?sort=${sort}`)
              .set(w.learner.auth)
          ).body,
        )
        .questions.map((q) => q.title);

    expect(await list('recent')).toEqual(['Terceira', 'Segunda', 'Primeira']);
    expect((await list('top'))[0]).toBe('Segunda');
    expect(await list('unanswered')).toEqual(['Segunda', 'Primeira']);
    const bad = await request(ctx.app)
      .get(`/api/course/${w.course.id}/questions?sort=votos`)
      .set(w.learner.auth);
    expect(bad.status).toBe(400);
  });

  it('when searching, then the catalogue word rules apply: any order, accents and case ignored, stop words skipped, word forms met, the last word a prefix', async () => {
    const w = await world();
    await ask(w, w.learner.auth, {
      title: 'Erro na instalação do Docker',
      body: 'Aparece permissão negada',
    });
    await ask(w, w.learner.auth, { title: 'Dúvida sobre funções', body: 'Como declarar?' });
    const search = async (q: string) =>
      questionListResponseSchema
        .parse(
          (
            await request(ctx.app)
              .get(`/api/course/${w.course.id}/questions`)
              .query({ q })
              .set(w.learner.auth)
          ).body,
        )
        .questions.map((x) => x.title);

    expect(await search('docker instalacao')).toEqual(['Erro na instalação do Docker']);
    expect(await search('PERMISSAO de docker')).toEqual(['Erro na instalação do Docker']);
    expect(await search('erros docker')).toEqual(['Erro na instalação do Docker']);
    expect(await search('FUNCOES')).toEqual(['Dúvida sobre funções']);
    expect(await search('decla')).toEqual(['Dúvida sobre funções']);
    expect(await search('docker funções')).toEqual([]);
    expect(await search('de o')).toHaveLength(2);
    // tsquery syntax typed by someone is only punctuation between words.
    for (const hostile of ["docker' | !", '(docker & ', ':* docker:*', '\\ docker <->']) {
      expect(await search(hostile), hostile).toEqual(['Erro na instalação do Docker']);
    }
  });
});

describe('answers, votes and acceptance', () => {
  it('when the educator answers, then the answer carries the Educador mark and the asker is notified once by the bell and once by e-mail', async () => {
    const w = await world('Curso <b>Node</b>');
    const q = await ask(w, w.learner.auth, { title: 'Como <script>alert(1)</script>?' });
    const a = await answer(q._id, w.owner.auth, 'Veja <img src=x onerror=alert(1)>\nlinha 2');

    const detail = questionResponseSchema.parse(
      (await request(ctx.app).get(`/api/questions/${q._id}`).set(w.learner.auth)).body,
    ).question;
    expect(detail.answerCount).toBe(1);
    expect(detail.answers).toHaveLength(1);
    expect(detail.answers[0]).toMatchObject({
      _id: a._id,
      authorIsEducator: true,
      accepted: false,
    });
    expect(detail.canAccept).toBe(true);
    expect(detail.canModerate).toBe(false);

    const bell = notificationsResponseSchema.parse(
      (await request(ctx.app).get('/api/notifications').set(w.learner.auth)).body,
    );
    expect(bell.unread).toBe(1);
    expect(bell.notifications[0]).toMatchObject({
      kind: 'answer',
      questionId: q._id,
      actorName: 'Profa. Ana',
      read: false,
    });

    const outbox = ctx.deps.mailer;
    if (outbox.kind !== 'outbox') throw new Error('the test context keeps mail in the outbox');
    const mails = async () => (await outbox.list()).filter((m) => m.to === w.learner.user.email);
    await expect.poll(async () => (await mails()).length, { timeout: 10_000 }).toBe(1);
    const [mail] = await mails();
    // Stored XSS attempts reach the e-mail as text.
    expect(mail!.html).not.toMatch(/<script>|<img src=x/);
    expect(mail!.html).toContain('&lt;img src=x onerror=alert(1)&gt;<br>linha 2');
    expect(mail!.html).toContain('Como &lt;script&gt;alert(1)&lt;/script&gt;?');
    expect(mail!.text).toContain('Veja <img src=x onerror=alert(1)>');
    expect(mail!.html).toContain('/api/notifications/unsubscribe?u=');
    expect(mail!.headers).toMatchObject({
      'List-Unsubscribe': expect.stringMatching(
        /^<http:\/\/app\.test\/api\/notifications\/unsubscribe\?u=.+&k=answers&s=.+>$/,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    // The job is keyed on the answer: sending it again adds nothing.
    await ctx.database.db.transaction((tx) =>
      ctx.deps.jobs.send(tx, QA_MAIL_JOBS.answer, { answerId: a._id }, `answer:${a._id}`),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mails()).toHaveLength(1);
  });

  it('when the asker answers their own question, then nobody is notified', async () => {
    const w = await world();
    const q = await ask(w, w.learner.auth);
    await answer(q._id, w.learner.auth);
    const rows = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.questionId, q._id), eq(notifications.kind, 'answer')));
    expect(rows).toHaveLength(0);
  });

  it('when one person upvotes 50 times at once, then one vote counts', async () => {
    const w = await world();
    const q = await ask(w, w.learner.auth);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        request(ctx.app).post(`/api/questions/${q._id}/upvote`).set(w.other.auth),
      ),
    );
    expect(results.every((res) => res.status === 200)).toBe(true);
    const votes = await ctx.database.db
      .select()
      .from(questionVotes)
      .where(eq(questionVotes.questionId, q._id));
    const [row] = await ctx.database.db.select().from(questions).where(eq(questions.id, q._id));
    expect(votes).toHaveLength(1);
    expect(row!.upvotes).toBe(1);
    const detail = await request(ctx.app).get(`/api/questions/${q._id}`).set(w.other.auth);
    expect(detail.body.question).toMatchObject({ upvotes: 1, upvoted: true });
  });

  it('when the asker accepts an answer, then it is marked and its author is notified; accepting another moves the mark', async () => {
    const w = await world();
    const q = await ask(w, w.learner.auth);
    const first = await answer(q._id, w.other.auth, 'Primeira');
    const second = await answer(q._id, w.owner.auth, 'Segunda');

    await request(ctx.app).post(`/api/answers/${first._id}/accept`).set(w.learner.auth).expect(200);
    await request(ctx.app).post(`/api/answers/${first._id}/accept`).set(w.learner.auth).expect(200);
    await request(ctx.app).post(`/api/answers/${second._id}/accept`).set(w.owner.auth).expect(200);

    const detail = questionResponseSchema.parse(
      (await request(ctx.app).get(`/api/questions/${q._id}`).set(w.other.auth)).body,
    ).question;
    expect(detail.accepted).toBe(true);
    expect(detail.answers.map((a) => a.accepted)).toEqual([false, true]);
    const bell = notificationsResponseSchema.parse(
      (await request(ctx.app).get('/api/notifications').set(w.other.auth)).body,
    );
    expect(bell.notifications.filter((n) => n.kind === 'accepted')).toHaveLength(1);
  });
});

describe('editing and deleting within 30 minutes', () => {
  it('when the author edits within 30 minutes, then it changes; after, 403 and nothing changes', async () => {
    const w = await world();
    const q = await ask(w, w.learner.auth);
    const a = await answer(q._id, w.other.auth);

    const edited = await request(ctx.app)
      .patch(`/api/questions/${q._id}`)
      .set(w.learner.auth)
      .send({ body: 'Corrigido' });
    expect(edited.status).toBe(200);
    expect(edited.body.question.body).toBe('Corrigido');
    const answerEdit = await request(ctx.app)
      .patch(`/api/answers/${a._id}`)
      .set(w.other.auth)
      .send({ body: 'Resposta corrigida' });
    expect(answerEdit.status).toBe(200);

    await ctx.database.db
      .update(questions)
      .set({ createdAt: sql`now() - interval '31 minutes'` })
      .where(eq(questions.id, q._id));
    await ctx.database.db
      .update(answers)
      .set({ createdAt: sql`now() - interval '31 minutes'` })
      .where(eq(answers.id, a._id));
    const before = await snapshotStore(ctx);
    const late = [
      await request(ctx.app)
        .patch(`/api/questions/${q._id}`)
        .set(w.learner.auth)
        .send({ title: 'X' }),
      await request(ctx.app).delete(`/api/answers/${a._id}`).set(w.other.auth),
      await request(ctx.app).patch(`/api/answers/${a._id}`).set(w.other.auth).send({ body: 'Y' }),
    ];
    expect(late.map((res) => res.status)).toEqual([403, 403, 403]);
    expect(late[0]!.body.message).toBe('Só é possível alterar ou apagar nos primeiros 30 minutos');
    expect(await snapshotStore(ctx)).toEqual(before);
  });

  it('when the author deletes an unanswered question, then it is gone; one with answers stays (409)', async () => {
    const w = await world();
    const lonely = await ask(w, w.learner.auth);
    const answered = await ask(w, w.learner.auth);
    await answer(answered._id, w.owner.auth);

    await request(ctx.app).delete(`/api/questions/${lonely._id}`).set(w.learner.auth).expect(200);
    const refused = await request(ctx.app)
      .delete(`/api/questions/${answered._id}`)
      .set(w.learner.auth);

    expect(refused.status).toBe(409);
    const left = await ctx.database.db
      .select({ id: questions.id })
      .from(questions)
      .where(eq(questions.courseId, w.course.id));
    expect(left.map((row) => row.id)).toEqual([answered._id]);
  });
});

describe('moderation', () => {
  it('when the educator hides a question, then others lose it, its author sees it with the note and is notified', async () => {
    const w = await world();
    const q = await ask(w, w.learner.auth);
    await request(ctx.app)
      .post(`/api/questions/${q._id}/hide`)
      .set(w.owner.auth)
      .send({ note: 'Fora do tema da aula' })
      .expect(200);

    const forOther = await request(ctx.app).get(`/api/questions/${q._id}`).set(w.other.auth);
    const listForOther = await request(ctx.app)
      .get(`/api/course/${w.course.id}/questions`)
      .set(w.other.auth);
    const forAuthor = await request(ctx.app).get(`/api/questions/${q._id}`).set(w.learner.auth);
    const again = await request(ctx.app)
      .post(`/api/questions/${q._id}/hide`)
      .set(w.owner.auth)
      .send({ note: 'De novo' });

    expect(forOther.status).toBe(404);
    expect(listForOther.body.total).toBe(0);
    expect(forAuthor.body.question).toMatchObject({
      hidden: true,
      hiddenNote: 'Fora do tema da aula',
    });
    expect(again.status).toBe(409);
    const bell = notificationsResponseSchema.parse(
      (await request(ctx.app).get('/api/notifications').set(w.learner.auth)).body,
    );
    expect(bell.notifications.find((n) => n.kind === 'hidden')).toMatchObject({
      note: 'Fora do tema da aula',
      actorName: '',
    });
  });

  it('when the educator hides the accepted answer, then it is no longer accepted and others do not see it', async () => {
    const w = await world();
    const q = await ask(w, w.learner.auth);
    const a = await answer(q._id, w.other.auth);
    await request(ctx.app).post(`/api/answers/${a._id}/accept`).set(w.learner.auth).expect(200);
    await request(ctx.app)
      .post(`/api/answers/${a._id}/hide`)
      .set(w.owner.auth)
      .send({ note: 'Link suspeito' })
      .expect(200);

    const forAsker = questionResponseSchema.parse(
      (await request(ctx.app).get(`/api/questions/${q._id}`).set(w.learner.auth)).body,
    ).question;
    const forAuthor = questionResponseSchema.parse(
      (await request(ctx.app).get(`/api/questions/${q._id}`).set(w.other.auth)).body,
    ).question;
    expect(forAsker.answers).toHaveLength(0);
    expect(forAsker.accepted).toBe(false);
    expect(forAuthor.answers[0]).toMatchObject({ hidden: true, hiddenNote: 'Link suspeito' });
  });

  it('when someone reports twice, then one report is kept', async () => {
    const w = await world();
    const q = await ask(w, w.learner.auth);
    for (let i = 0; i < 2; i++) {
      await request(ctx.app)
        .post(`/api/questions/${q._id}/report`)
        .set(w.other.auth)
        .send({})
        .expect(200);
    }
    const reports = await ctx.database.db
      .select()
      .from(postReports)
      .where(eq(postReports.questionId, q._id));
    expect(reports).toHaveLength(1);
  });
});

describe('how many questions a list says it has', () => {
  it('when questions are asked, hidden, shown again and deleted, then each viewer’s total is what they can list, by lecture and for the course', async () => {
    const w = await world();
    const own = await ask(w, w.learner.auth);
    const kept = await ask(w, w.learner.auth);
    await ask(w, w.other.auth);
    await ask(w, w.other.auth, { lectureId: 'lec-1' });
    await request(ctx.app)
      .post(`/api/questions/${own._id}/hide`)
      .set(w.owner.auth)
      .send({ note: 'Fora do tema da aula' })
      .expect(200);
    const totals = async () => {
      const viewers = { learner: w.learner.auth, other: w.other.auth, owner: w.owner.auth };
      const result: Record<string, [number, number]> = {};
      for (const [name, auth] of Object.entries(viewers)) {
        const counted: number[] = [];
        for (const query of ['?lectureId=lec-2', '']) {
          const res = await request(ctx.app)
            .get(`/api/course/${w.course.id}/questions${query}`)
            .set(auth);
          const list = questionListResponseSchema.parse(res.body);
          // The total is what the viewer can list: one page holds them all here.
          expect(list.total).toBe(list.questions.length);
          counted.push(list.total);
        }
        result[name] = counted as [number, number];
      }
      return result;
    };

    // The author still sees their hidden question; another learner does not; the educator sees all.
    expect(await totals()).toEqual({ learner: [3, 4], other: [2, 3], owner: [3, 4] });
    await request(ctx.app).post(`/api/questions/${own._id}/unhide`).set(w.owner.auth).expect(200);
    expect(await totals()).toEqual({ learner: [3, 4], other: [3, 4], owner: [3, 4] });
    await request(ctx.app).delete(`/api/questions/${kept._id}`).set(w.learner.auth).expect(200);
    expect(await totals()).toEqual({ learner: [2, 3], other: [2, 3], owner: [2, 3] });
  });
});

describe('showing a hidden post again', () => {
  it('when the educator shows a hidden question again, then everyone sees it without the note, the notice of its hiding is taken back, and a second time is 409', async () => {
    const w = await world();
    const q = await ask(w, w.learner.auth);
    const hidden = { note: 'Fora do tema da aula' };
    await request(ctx.app).post(`/api/questions/${q._id}/hide`).set(w.owner.auth).send(hidden);
    const hiddenNotices = () =>
      ctx.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.subjectId, q._id), eq(notifications.kind, 'hidden')));
    expect(await hiddenNotices()).toHaveLength(1);

    const shown = await request(ctx.app).post(`/api/questions/${q._id}/unhide`).set(w.owner.auth);

    expect(shown.status).toBe(200);
    expect(shown.body.message).toBe('Pergunta exibida novamente');
    const forOther = await request(ctx.app).get(`/api/questions/${q._id}`).set(w.other.auth);
    expect(forOther.status).toBe(200);
    expect(forOther.body.question).toMatchObject({ hidden: false, hiddenNote: null });
    const listForOther = await request(ctx.app)
      .get(`/api/course/${w.course.id}/questions`)
      .set(w.other.auth);
    expect(listForOther.body.total).toBe(1);
    const [row] = await ctx.database.db.select().from(questions).where(eq(questions.id, q._id));
    expect(row).toMatchObject({ hiddenAt: null, hiddenNote: null });
    expect(await hiddenNotices()).toHaveLength(0);

    const before = await snapshotStore(ctx);
    const again = await request(ctx.app).post(`/api/questions/${q._id}/unhide`).set(w.owner.auth);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Esta publicação não está oculta');
    expect(await snapshotStore(ctx)).toEqual(before);

    // Hidden once more, the author is told once more, with the new note.
    await request(ctx.app)
      .post(`/api/questions/${q._id}/hide`)
      .set(w.owner.auth)
      .send({ note: 'Repetida' })
      .expect(200);
    expect((await hiddenNotices()).map((n) => n.note)).toEqual(['Repetida']);
  });

  it('when the educator shows a hidden accepted answer again, then the asker sees it again, no longer accepted', async () => {
    const w = await world();
    const q = await ask(w, w.learner.auth);
    const a = await answer(q._id, w.other.auth);
    await request(ctx.app).post(`/api/answers/${a._id}/accept`).set(w.learner.auth).expect(200);
    await request(ctx.app)
      .post(`/api/answers/${a._id}/hide`)
      .set(w.owner.auth)
      .send({ note: 'Link suspeito' })
      .expect(200);

    const shown = await request(ctx.app).post(`/api/answers/${a._id}/unhide`).set(w.owner.auth);

    expect(shown.status).toBe(200);
    const forAsker = questionResponseSchema.parse(
      (await request(ctx.app).get(`/api/questions/${q._id}`).set(w.learner.auth)).body,
    ).question;
    expect(forAsker.answers).toHaveLength(1);
    expect(forAsker.answers[0]).toMatchObject({
      _id: a._id,
      hidden: false,
      hiddenNote: null,
      accepted: false,
    });
    expect(forAsker.answerCount).toBe(1);
  });

  it('when a learner tries to show a post again, then 403 in Portuguese and it stays hidden', async () => {
    const w = await world();
    const q = await ask(w, w.learner.auth);
    await request(ctx.app)
      .post(`/api/questions/${q._id}/hide`)
      .set(w.owner.auth)
      .send({ note: 'Fora do tema' })
      .expect(200);
    const before = await snapshotStore(ctx);

    const res = await request(ctx.app).post(`/api/questions/${q._id}/unhide`).set(w.learner.auth);

    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Só o educador do curso pode mostrar uma publicação oculta');
    expect(await snapshotStore(ctx)).toEqual(before);
  });
});

describe('reported posts for the educator', () => {
  const reports = async (who: Auth, page?: number) => {
    const res = await request(ctx.app)
      .get(`/api/educator/reports${page === undefined ? '' : `?page=${page}`}`)
      .set(who);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return educatorReportsResponseSchema.parse(res.body);
  };
  const report = (path: string, who: Auth, reason?: string) =>
    request(ctx.app)
      .post(path)
      .set(who)
      .send(reason === undefined ? {} : { reason })
      .expect(200);

  it('when learners report a question and an answer, then the educator sees each once with its course, lecture, text, how many reports and their reasons, the latest reported first', async () => {
    const w = await world('Curso de Git');
    const q = await ask(w, w.learner.auth, {
      title: 'Spam aqui',
      body: 'Compre já',
      lectureId: 'lec-3',
    });
    const other = await ask(w, w.other.auth, { title: 'Dúvida' });
    const a = await answer(other._id, w.learner.auth, 'Resposta grosseira');
    await report(`/api/questions/${q._id}/report`, w.other.auth, 'Propaganda');
    await report(`/api/questions/${q._id}/report`, w.owner.auth);
    await report(`/api/answers/${a._id}/report`, w.other.auth, 'Ofensiva');
    await ctx.database.db
      .update(postReports)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(postReports.questionId, q._id));

    const list = await reports(w.owner.auth);

    expect(list).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(list.reports).toEqual([
      expect.objectContaining({
        kind: 'answer',
        _id: a._id,
        questionId: other._id,
        questionTitle: 'Dúvida',
        body: 'Resposta grosseira',
        author: expect.objectContaining({ _id: w.learner.user.id, name: 'Joana' }),
        reportCount: 1,
        reasons: ['Ofensiva'],
        hidden: false,
      }),
      expect.objectContaining({
        kind: 'question',
        _id: q._id,
        questionId: q._id,
        questionTitle: 'Spam aqui',
        courseId: w.course.id,
        courseTitle: 'Curso de Git',
        lectureId: 'lec-3',
        lectureTitle: 'Primeiro projeto',
        body: 'Compre já',
        reportCount: 2,
        reasons: ['Propaganda'],
      }),
    ]);
    expect(Date.parse(list.reports[1]!.lastReportedAt)).toBeLessThan(
      Date.parse(list.reports[0]!.lastReportedAt),
    );
    expect((await reports(w.otherEducator.auth)).total).toBe(0);
  });

  it('when the educator hides a reported answer, then it stays listed as hidden with the note until the reports are dismissed', async () => {
    const w = await world();
    const q = await ask(w, w.learner.auth);
    const a = await answer(q._id, w.other.auth);
    await report(`/api/answers/${a._id}/report`, w.learner.auth, 'Ofensiva');
    await request(ctx.app)
      .post(`/api/answers/${a._id}/hide`)
      .set(w.owner.auth)
      .send({ note: 'Linguagem ofensiva' })
      .expect(200);

    expect((await reports(w.owner.auth)).reports).toEqual([
      expect.objectContaining({ _id: a._id, hidden: true, hiddenNote: 'Linguagem ofensiva' }),
    ]);

    const dismissed = await request(ctx.app)
      .post('/api/educator/reports/dismiss')
      .set(w.owner.auth)
      .send({ kind: 'answer', id: a._id });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toEqual({
      success: true,
      message: 'Denúncias dispensadas',
      dismissed: 1,
    });
    expect((await reports(w.owner.auth)).total).toBe(0);
    const [row] = await ctx.database.db.select().from(answers).where(eq(answers.id, a._id));
    expect(row!.hiddenNote).toBe('Linguagem ofensiva');
  });

  it("when the educator dismisses a question's reports, then they are gone, a new report brings it back, and dismissing what has none is 409 with nothing changed", async () => {
    const w = await world();
    const q = await ask(w, w.learner.auth);
    const kept = await ask(w, w.learner.auth, { title: 'Outra' });
    await report(`/api/questions/${q._id}/report`, w.other.auth, 'Spam');
    await report(`/api/questions/${kept._id}/report`, w.other.auth, 'Spam');
    const dismiss = () =>
      request(ctx.app)
        .post('/api/educator/reports/dismiss')
        .set(w.owner.auth)
        .send({ kind: 'question', id: q._id });

    expect((await dismiss()).status).toBe(200);

    const left = await ctx.database.db
      .select({ questionId: postReports.questionId })
      .from(postReports)
      .innerJoin(questions, eq(questions.id, postReports.questionId))
      .where(eq(questions.courseId, w.course.id));
    expect(left).toEqual([{ questionId: kept._id }]);
    const before = await snapshotStore(ctx);
    const again = await dismiss();
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Esta publicação não tem denúncias para dispensar');
    expect(await snapshotStore(ctx)).toEqual(before);

    await report(`/api/questions/${q._id}/report`, w.other.auth);
    expect((await reports(w.owner.auth)).reports.map((r) => r._id)).toEqual([q._id, kept._id]);
  });

  it("when a dismissal names an unknown post, the wrong kind, another educator's post or a malformed body, then 4xx in Portuguese and nothing changes", async () => {
    const w = await world();
    const q = await ask(w, w.learner.auth);
    await report(`/api/questions/${q._id}/report`, w.other.auth, 'Spam');
    const before = await snapshotStore(ctx);
    const cases: [Auth, unknown, number, string][] = [
      [w.owner.auth, { kind: 'question', id: UNKNOWN_ID }, 404, 'Pergunta não encontrada'],
      [w.owner.auth, { kind: 'answer', id: q._id }, 404, 'Resposta não encontrada'],
      [
        w.otherEducator.auth,
        { kind: 'question', id: q._id },
        403,
        'Só o educador do curso pode dispensar denúncias',
      ],
      [
        w.owner.auth,
        { kind: 'comment', id: q._id },
        400,
        'Tipo de publicação inválido: use question ou answer',
      ],
      [w.owner.auth, { kind: 'question', id: 'abc' }, 400, 'Identificador inválido'],
      [w.owner.auth, { kind: 'question' }, 400, 'Campo obrigatório ausente: id'],
    ];
    for (const [who, body, status, message] of cases) {
      const res = await request(ctx.app)
        .post('/api/educator/reports/dismiss')
        .set(who)
        .send(body as object);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([status, message]);
    }
    expect(await snapshotStore(ctx)).toEqual(before);
  });

  it('when more posts are reported than fit a page, then the pages hold them all once, and a page that is not a number is 400', async () => {
    const w = await world();
    const asked = [];
    for (let i = 0; i < 21; i++) asked.push(await ask(w, w.learner.auth, { title: `P${i}` }));
    for (const q of asked) await report(`/api/questions/${q._id}/report`, w.other.auth);

    const first = await reports(w.owner.auth, 1);
    const second = await reports(w.owner.auth, 2);

    expect([first.total, first.reports.length, second.reports.length]).toEqual([21, 20, 1]);
    const seen = new Set([...first.reports, ...second.reports].map((r) => r._id));
    expect(seen).toEqual(new Set(asked.map((q) => q._id)));
    for (const page of ['0', 'dois', '-1', '1e3']) {
      const bad = await request(ctx.app)
        .get(`/api/educator/reports?page=${page}`)
        .set(w.owner.auth);
      expect([bad.status, bad.body.message], page).toEqual([400, 'Página inválida']);
    }
  });
});

describe('rate limits per learner', () => {
  it('when a learner asks past the hourly budget, then 429 and nothing more is stored, while another learner still asks', async () => {
    const limited = await createTestContext({ QA_POSTS_PER_HOUR: '2' });
    try {
      const owner = await limited.createUser({ role: 'educator' });
      const a = await limited.createUser();
      const b = await limited.createUser();
      const course = await insertCourse(limited.database.db, owner.user.id);
      await enrollDirectly(limited.database.db, a.user.id, course.id);
      await enrollDirectly(limited.database.db, b.user.id, course.id);
      const post = (who: Auth) =>
        request(limited.app)
          .post(`/api/course/${course.id}/questions`)
          .set(who)
          .send({ lectureId: 'lec-1', title: 'T', body: 'B' });

      const statuses = [(await post(a.auth)).status, (await post(a.auth)).status];
      const before = await snapshotStore(limited);
      const third = await post(a.auth);
      expect(await snapshotStore(limited)).toEqual(before);
      const fromB = await post(b.auth);

      expect(statuses).toEqual([201, 201]);
      expect(third.status).toBe(429);
      expect(third.body.message).toBe(
        'Você publicou muitas vezes seguidas. Tente novamente mais tarde.',
      );
      expect(fromB.status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('edit budget per learner', () => {
  it('when an author edits past the hourly budget inside the 30-minute window, then 429 and the text stays as the last allowed edit left it, while another author still edits', async () => {
    const limited = await createTestContext({ QA_EDITS_PER_HOUR: '3' });
    try {
      const owner = await limited.createUser({ role: 'educator' });
      const a = await limited.createUser();
      const b = await limited.createUser();
      const course = await insertCourse(limited.database.db, owner.user.id);
      await enrollDirectly(limited.database.db, a.user.id, course.id);
      await enrollDirectly(limited.database.db, b.user.id, course.id);
      const post = async (who: Auth) =>
        (
          await request(limited.app)
            .post(`/api/course/${course.id}/questions`)
            .set(who)
            .send({ lectureId: 'lec-1', title: 'T', body: 'B' })
        ).body.question._id as string;
      const mine = await post(a.auth);
      const reply = await request(limited.app)
        .post(`/api/questions/${mine}/answers`)
        .set(a.auth)
        .send({ body: 'Resposta' });
      const editQuestion = (id: string, who: Auth, body: string) =>
        request(limited.app).patch(`/api/questions/${id}`).set(who).send({ body });

      // Questions and answers share the one budget.
      const statuses = [
        (await editQuestion(mine, a.auth, 'Edição 1')).status,
        (await editQuestion(mine, a.auth, 'Edição 2')).status,
        (
          await request(limited.app)
            .patch(`/api/answers/${reply.body.answer._id}`)
            .set(a.auth)
            .send({ body: 'Resposta editada' })
        ).status,
      ];
      const over = await editQuestion(mine, a.auth, 'Edição 4');
      const overAnswer = await request(limited.app)
        .patch(`/api/answers/${reply.body.answer._id}`)
        .set(a.auth)
        .send({ body: 'De novo' });
      const theirs = await post(b.auth);
      const fromB = await editQuestion(theirs, b.auth, 'Outra pessoa');

      expect(statuses).toEqual([200, 200, 200]);
      expect([over.status, overAnswer.status]).toEqual([429, 429]);
      expect(over.body).toEqual({
        success: false,
        message: 'Você editou muitas vezes seguidas. Tente novamente mais tarde.',
      });
      const [question] = await limited.database.db
        .select({ body: questions.body })
        .from(questions)
        .where(eq(questions.id, mine));
      expect(question!.body).toBe('Edição 2');
      const [stored] = await limited.database.db
        .select({ body: answers.body })
        .from(answers)
        .where(eq(answers.id, reply.body.answer._id));
      expect(stored!.body).toBe('Resposta editada');
      expect(fromB.status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('educator inbox and digest', () => {
  it('when an educator opens Perguntas, then unanswered questions of their courses come oldest first with the lecture title', async () => {
    const w = await world();
    const newer = await ask(w, w.learner.auth, { title: 'Nova', lectureId: 'lec-3' });
    const older = await ask(w, w.other.auth, { title: 'Antiga', lectureId: 'lec-1' });
    const answered = await ask(w, w.other.auth, { title: 'Respondida' });
    await ctx.database.db
      .update(questions)
      .set({ createdAt: sql`now() - interval '3 hours'` })
      .where(eq(questions.id, older._id));
    await answer(answered._id, w.owner.auth);

    const inbox = educatorQuestionsResponseSchema.parse(
      (await request(ctx.app).get('/api/educator/questions?status=unanswered').set(w.owner.auth))
        .body,
    );
    expect(inbox.questions.map((q) => [q.title, q.lectureTitle])).toEqual([
      ['Antiga', 'Boas-vindas'],
      ['Nova', 'Primeiro projeto'],
    ]);
    expect(inbox.questions[0]!.courseTitle).toBe('Curso de JavaScript');
    expect(newer._id).toBe(inbox.questions[1]!._id);
  });

  it('when the digest sweep runs twice in a day, then the educator gets one e-mail listing the waiting questions, and none after unsubscribing', async () => {
    const w = await world();
    const q = await ask(w, w.learner.auth, { title: 'Esperando <resposta>' });
    await ctx.database.db
      .update(questions)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(questions.id, q._id));
    const outbox = ctx.deps.mailer;
    if (outbox.kind !== 'outbox') throw new Error('the test context keeps mail in the outbox');
    const digests = async () =>
      (await outbox.list()).filter(
        (m) => m.to === w.owner.user.email && /resposta nos seus cursos/.test(m.subject),
      );

    const deps = { ...ctx.deps };
    await queueUnansweredDigests(deps);
    await queueUnansweredDigests(deps);
    await expect.poll(async () => (await digests()).length, { timeout: 10_000 }).toBe(1);
    const [mail] = await digests();
    expect(mail!.subject).toBe('1 pergunta espera resposta nos seus cursos');
    expect(mail!.html).toContain('Esperando &lt;resposta&gt;');

    const link = /http:\/\/app\.test(\/api\/notifications\/unsubscribe\?[^"\s]+)/.exec(
      mail!.text,
    )![1]!;
    const page = await request(ctx.app).get(link);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Cancelar estes e-mails');
    const done = await request(ctx.app).post(link);
    expect(done.status).toBe(200);
    expect(done.text).toContain('E-mails cancelados');
    const prefs = await request(ctx.app).get('/api/notifications/preferences').set(w.owner.auth);
    expect(prefs.body.preferences).toEqual({ answers: true, digest: false, news: false });
    const tomorrow = new Date(Date.now() + 86_400_000);
    await queueUnansweredDigests(deps, tomorrow);
    const queued = await ctx.deps.jobs.list({ name: QA_MAIL_JOBS.digest });
    const keys = queued.map((job) => job.key);
    expect(keys).toContain(`digest:${w.owner.user.id}:${new Date().toISOString().slice(0, 10)}`);
    expect(keys).not.toContain(`digest:${w.owner.user.id}:${tomorrow.toISOString().slice(0, 10)}`);
  });
});
