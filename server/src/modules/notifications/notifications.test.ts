import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { notificationsResponseSchema } from '@aprendiz/contract/notifications';
import { createTestContext, type TestContext } from '../../test/test-app';
import { enrollDirectly, insertCourse } from '../../test/fixtures/course-fixtures';
import { snapshotStore } from '../../test/fuzz/store-snapshot';
import { createUnsubscribeLinks } from './unsubscribe-links';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function answeredTwice() {
  const owner = await ctx.createUser({ role: 'educator', name: 'Profa. Ana' });
  const learner = await ctx.createUser({ name: 'Joana' });
  const course = await insertCourse(ctx.database.db, owner.user.id, { title: 'Git' });
  await enrollDirectly(ctx.database.db, learner.user.id, course.id);
  const asked = await request(ctx.app)
    .post(`/api/course/${course.id}/questions`)
    .set(learner.auth)
    .send({ lectureId: 'lec-1', title: 'Rebase?', body: 'Como?' });
  const questionId = asked.body.question._id as string;
  for (const body of ['Primeira', 'Segunda']) {
    await request(ctx.app)
      .post(`/api/questions/${questionId}/answers`)
      .set(owner.auth)
      .send({ body });
  }
  return { owner, learner, course, questionId };
}

describe('the bell', () => {
  it('when signed out, then 401', async () => {
    expect((await request(ctx.app).get('/api/notifications')).status).toBe(401);
    expect((await request(ctx.app).post('/api/notifications/read').send({})).status).toBe(401);
  });

  it('when an educator gets a question, then the bell says who asked in which course', async () => {
    const { owner, questionId } = await answeredTwice();
    const bell = notificationsResponseSchema.parse(
      (await request(ctx.app).get('/api/notifications').set(owner.auth)).body,
    );
    expect(bell.notifications).toEqual([
      expect.objectContaining({
        kind: 'question',
        questionId,
        courseTitle: 'Git',
        actorName: 'Joana',
      }),
    ]);
  });

  it('when an answer reaches the asker, then the bell names the answer, so its link can show it', async () => {
    const { learner, questionId } = await answeredTwice();
    const bell = notificationsResponseSchema.parse(
      (await request(ctx.app).get('/api/notifications').set(learner.auth)).body,
    );
    const thread = await request(ctx.app).get(`/api/questions/${questionId}`).set(learner.auth);
    const answerIds = (thread.body.question.answers as { _id: string }[]).map(({ _id }) => _id);
    expect(answerIds).toHaveLength(2);
    expect(bell.notifications.map(({ kind, answerId }) => ({ kind, answerId }))).toEqual(
      expect.arrayContaining(answerIds.map((answerId) => ({ kind: 'answer', answerId }))),
    );
  });

  it('when some are marked read, then only those (and only the caller’s) are; with no ids, all are', async () => {
    const { learner, owner } = await answeredTwice();
    const bell = notificationsResponseSchema.parse(
      (await request(ctx.app).get('/api/notifications').set(learner.auth)).body,
    );
    expect(bell.unread).toBe(2);
    const ownerBell = notificationsResponseSchema.parse(
      (await request(ctx.app).get('/api/notifications').set(owner.auth)).body,
    );

    // Someone else's id changes nothing.
    const foreign = await request(ctx.app)
      .post('/api/notifications/read')
      .set(learner.auth)
      .send({ ids: [ownerBell.notifications[0]!._id] });
    expect(foreign.body.unread).toBe(2);
    const one = await request(ctx.app)
      .post('/api/notifications/read')
      .set(learner.auth)
      .send({ ids: [bell.notifications[0]!._id] });
    expect(one.body.unread).toBe(1);
    const all = await request(ctx.app).post('/api/notifications/read').set(learner.auth).send({});
    expect(all.body.unread).toBe(0);
    const ownerAfter = await request(ctx.app).get('/api/notifications').set(owner.auth);
    expect(ownerAfter.body.unread).toBe(1);
  });

  it('when ids are not uuids, then 400 and nothing changes', async () => {
    const { learner } = await answeredTwice();
    const before = await snapshotStore(ctx);
    const res = await request(ctx.app)
      .post('/api/notifications/read')
      .set(learner.auth)
      .send({ ids: ['x'] });
    expect(res.status).toBe(400);
    expect(await snapshotStore(ctx)).toEqual(before);
  });
});

describe('e-mail preferences and unsubscribing', () => {
  it('when preferences are saved on the profile, then they read back', async () => {
    const user = await ctx.createUser();
    const saved = await request(ctx.app)
      .put('/api/notifications/preferences')
      .set(user.auth)
      .send({ answers: false, digest: true });
    expect(saved.status).toBe(200);
    const read = await request(ctx.app).get('/api/notifications/preferences').set(user.auth);
    expect(read.body.preferences).toEqual({ answers: false, digest: true, news: false });
    const bad = await request(ctx.app)
      .put('/api/notifications/preferences')
      .set(user.auth)
      .send({ answers: 'não' });
    expect(bad.status).toBe(400);
  });

  it('when a signed-out visitor posts a genuine link, then that kind stops; a forged or another kind’s signature is refused', async () => {
    const user = await ctx.createUser();
    const links = createUnsubscribeLinks(
      ctx.config.auth.provider === 'local' ? ctx.config.auth.secret! : '',
      'http://app.test',
    );
    const url = new URL(links.url(user.user.id, 'answers'));
    const forged = new URL(url);
    forged.searchParams.set('k', 'digest');
    const before = await snapshotStore(ctx);

    const refused = await request(ctx.app).post(`${forged.pathname}${forged.search}`);
    expect(refused.status).toBe(400);
    expect(await snapshotStore(ctx)).toEqual(before);
    const wrongKey = createUnsubscribeLinks(
      'outra-chave-secreta-bem-comprida-0000',
      'http://app.test',
    );
    const other = new URL(wrongKey.url(user.user.id, 'answers'));
    expect((await request(ctx.app).post(`${other.pathname}${other.search}`)).status).toBe(400);

    const opened = await request(ctx.app).get(`${url.pathname}${url.search}`);
    expect(opened.status).toBe(200);
    expect(await snapshotStore(ctx)).toEqual(before);
    const done = await request(ctx.app).post(`${url.pathname}${url.search}`);
    expect(done.status).toBe(200);
    const prefs = await request(ctx.app).get('/api/notifications/preferences').set(user.auth);
    expect(prefs.body.preferences).toEqual({ answers: false, digest: true, news: false });
  });

  it('when the asker stopped answer e-mails, then a new answer reaches the bell but sends no mail', async () => {
    const owner = await ctx.createUser({ role: 'educator' });
    const learner = await ctx.createUser();
    const course = await insertCourse(ctx.database.db, owner.user.id);
    await enrollDirectly(ctx.database.db, learner.user.id, course.id);
    await request(ctx.app)
      .put('/api/notifications/preferences')
      .set(learner.auth)
      .send({ answers: false, digest: true })
      .expect(200);
    const asked = await request(ctx.app)
      .post(`/api/course/${course.id}/questions`)
      .set(learner.auth)
      .send({ lectureId: 'lec-1', title: 'T', body: 'B' });
    await request(ctx.app)
      .post(`/api/questions/${asked.body.question._id}/answers`)
      .set(owner.auth)
      .send({ body: 'R' })
      .expect(201);

    const bell = await request(ctx.app).get('/api/notifications').set(learner.auth);
    expect(bell.body.unread).toBe(1);
    const jobs = await ctx.deps.jobs.list({ name: 'mail-question-answer' });
    await expect
      .poll(async () =>
        (await ctx.deps.jobs.list({ name: 'mail-question-answer' })).every(
          (j) => j.state === 'completed',
        ),
      )
      .toBe(true);
    expect(jobs.length).toBeGreaterThan(0);
    const outbox = ctx.deps.mailer;
    if (outbox.kind !== 'outbox') throw new Error('outbox expected');
    expect((await outbox.list()).filter((m) => m.to === learner.user.email)).toHaveLength(0);
  });
});
