import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { educatorTitleBodySchema, educatorTitleResponseSchema } from '@aprendiz/contract/auth';
import { questionResponseSchema } from '@aprendiz/contract/questions';
import { createTestContext, type TestContext } from '../../test/test-app';
import { enrolledCourseWorld } from '../../test/fixtures/enrollment-fixtures';
import { harmlessCheck, snapshotStore } from '../../test/fuzz/store-snapshot';
import { fuzzBody } from '../../test/fuzz/zod-arbitrary';
import { EDUCATOR_TITLE_SAVED } from './users.service';

/** Issue 45: 'Educadora' where the person chose it, and 'Educador' until they do. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const choose = (auth: Record<string, string>, body: unknown) =>
  request(ctx.app)
    .put('/api/user/educator-title')
    .set(auth)
    .set('Content-Type', 'application/json')
    .send(JSON.stringify(body));

async function titleOf(auth: Record<string, string>) {
  const res = await request(ctx.app).get('/api/user/data').set(auth);
  return (res.body as { user: { educatorTitle: string } }).user.educatorTitle;
}

describe('PUT /api/user/educator-title', () => {
  it("when an educator chooses 'educadora', then their data and the badge on their answers say it, and a learner's word stays out of sight", async () => {
    const w = await enrolledCourseWorld(ctx);
    expect(await titleOf(w.owner.auth)).toBe('educador');

    const res = await choose(w.owner.auth, { educatorTitle: 'educadora' });
    expect(res.status).toBe(200);
    expect(educatorTitleResponseSchema.parse(res.body)).toEqual({
      success: true,
      message: EDUCATOR_TITLE_SAVED,
      educatorTitle: 'educadora',
    });
    expect(await titleOf(w.owner.auth)).toBe('educadora');

    // The learner chose a word too: it is shown nowhere, since they are not this course's educator.
    await choose(w.learner.auth, { educatorTitle: 'educadora' });
    const asked = await request(ctx.app)
      .post(`/api/course/${w.course.id}/questions`)
      .set(w.learner.auth)
      .send({ lectureId: 'lec-1', title: 'Qual versão?', body: 'Do Node.' });
    expect(asked.status).toBe(201);
    const questionId = (asked.body as { question: { _id: string } }).question._id;
    const answered = await request(ctx.app)
      .post(`/api/questions/${questionId}/answers`)
      .set(w.owner.auth)
      .send({ body: 'A LTS.' });
    expect(answered.status).toBe(201);

    const thread = questionResponseSchema.parse(
      (await request(ctx.app).get(`/api/questions/${questionId}`).set(w.learner.auth)).body,
    ).question;
    expect(thread.authorEducatorTitle).toBeNull();
    expect(thread.answers.map((a) => [a.authorIsEducator, a.authorEducatorTitle])).toEqual([
      [true, 'educadora'],
    ]);
  });

  it('when the word is missing, capitalised or not one of the two, then 400 in Portuguese and nothing changes', async () => {
    const educator = await ctx.createUser({ role: 'educator' });
    for (const body of [{}, { educatorTitle: 'Educadora' }, { educatorTitle: 'professora' }]) {
      const res = await choose(educator.auth, body);
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toBe("Escolha 'Educador' ou 'Educadora'");
    }
    expect((await choose(educator.auth, 7)).status).toBe(400);
    expect(await titleOf(educator.auth)).toBe('educador');
    expect((await choose({}, { educatorTitle: 'educadora' })).status).toBe(401);
  });

  it('when it gets any body, then never a 5xx and a 4xx changes nothing', async () => {
    const educator = await ctx.createUser({ role: 'educator' });
    const expectHarmless = harmlessCheck(ctx, await snapshotStore(ctx));
    await fc.assert(
      fc.asyncProperty(
        fuzzBody(educatorTitleBodySchema, { uuids: [], texts: ['educadora'] }),
        async (json) => {
          const res = await request(ctx.app)
            .put('/api/user/educator-title')
            .set(educator.auth)
            .set('Content-Type', 'application/json')
            .send(JSON.stringify(json) ?? '');
          await expectHarmless(res);
        },
      ),
      { seed: 20_261_128, numRuns: 20 },
    );
  }, 120_000);
});
