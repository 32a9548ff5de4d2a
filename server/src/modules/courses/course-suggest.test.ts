import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { courseSearchResponseSchema } from '@aprendiz/contract/courses';
import { courseSuggestResponseSchema, type CourseSuggestResponse } from '@aprendiz/contract/search';
import { courses } from '../../db/schema/courses';
import { users } from '../../db/schema/users';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertCourse } from '../../test/fixtures/course-fixtures';

let ctx: TestContext;
let joana: string;
let pedro: string;

beforeAll(async () => {
  ctx = await createTestContext();
  joana = (await ctx.createUser({ role: 'educator', name: 'Joana Baptista' })).user.id;
  pedro = (await ctx.createUser({ role: 'educator', name: 'Pedro Quintas' })).user.id;
  const db = ctx.database.db;
  await insertCourse(db, joana, { title: 'Docker para Programadores', studentCount: 40 });
  await insertCourse(db, joana, { title: 'Kubernetes na Prática', studentCount: 90 });
  await insertCourse(db, pedro, {
    title: 'Fotografia de Retrato',
    descriptionHtml: '<p>Luz natural e edição.</p>',
    studentCount: 5,
  });
  await insertCourse(db, pedro, { title: 'Docker escondido', isPublished: false });
});
afterAll(() => ctx.close());

async function suggest(q: string): Promise<CourseSuggestResponse> {
  const res = await request(ctx.app).get('/api/course/suggest').query({ q });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return courseSuggestResponseSchema.parse(res.body);
}

async function search(q: string) {
  const res = await request(ctx.app).get('/api/course/search').query({ q });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return courseSearchResponseSchema.parse(res.body);
}

async function lexiconHas(word: string): Promise<boolean> {
  const { rows } = await ctx.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from search_lexicon where word = ${word}`,
  );
  return rows[0]!.n === 1;
}

describe('GET /api/course/suggest', () => {
  it('when fewer than 2 characters are typed, then nothing is suggested', async () => {
    expect(await suggest('d')).toEqual({ success: true, courses: [], educators: [] });
    expect(await suggest('  ')).toEqual({ success: true, courses: [], educators: [] });
  });

  it('when a word is half typed, then the published courses it starts are suggested with their educator', async () => {
    const answer = await suggest('dock');
    expect(answer.courses).toEqual([
      {
        _id: expect.any(String),
        courseTitle: 'Docker para Programadores',
        educatorName: 'Joana Baptista',
      },
    ]);
  });

  it('when a word has a typo, then the course is still suggested', async () => {
    expect((await suggest('kubernets')).courses.map((c) => c.courseTitle)).toEqual([
      'Kubernetes na Prática',
    ]);
    expect((await suggest('dokcer')).courses.map((c) => c.courseTitle)).toEqual([
      'Docker para Programadores',
    ]);
  });

  it("when an educator's name is typed, then the educator is suggested with their published courses counted", async () => {
    const answer = await suggest('joana');
    expect(answer.educators).toEqual([{ name: 'Joana Baptista', courseCount: 2 }]);
    expect(answer.courses.map((c) => c.courseTitle)).toEqual([
      'Kubernetes na Prática',
      'Docker para Programadores',
    ]);
  });

  it('when the query is too long or holds a control character, then 400 with a Portuguese message', async () => {
    const long = await request(ctx.app)
      .get('/api/course/suggest')
      .query({ q: 'a'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({
      success: false,
      message: 'A pesquisa deve ter no máximo 100 caracteres',
    });
    const control = await request(ctx.app).get('/api/course/suggest?q=a%00b');
    expect(control.status).toBe(400);
  });

  it('when any text up to 100 characters is typed, then the answer is a valid suggestion list', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 100 }), async (q) => {
        const res = await request(ctx.app).get('/api/course/suggest').query({ q });
        expect([200, 400]).toContain(res.status);
        if (res.status === 200) courseSuggestResponseSchema.parse(res.body);
        else expect(res.body.message).toMatch(/pesquisa/i);
      }),
      { numRuns: 40 },
    );
  });
});

describe('GET /api/course/search words not found', () => {
  it('when one word of the query is unknown, then the courses with the others are listed and the word is named', async () => {
    const answer = await search('docker xyzzy');
    expect(answer.courses.map((c) => c.courseTitle)).toEqual(['Docker para Programadores']);
    expect(answer.unmatchedWords).toEqual(['xyzzy']);
  });

  it("when nothing matches, then 'Você quis dizer' offers the nearest catalogue words and the popular courses", async () => {
    const answer = await search('fotograpfiaa');
    expect(answer.total).toBe(0);
    expect(answer.unmatchedWords).toEqual(['fotograpfiaa']);
    expect(answer.didYouMean).toEqual(['fotografia']);
    expect(answer.popular!.map((c) => c.courseTitle)).toEqual([
      'Kubernetes na Prática',
      'Docker para Programadores',
      'Fotografia de Retrato',
    ]);
  });
});

describe('search index maintenance', () => {
  it('when a course is created, edited and deleted, then search follows and the lexicon keeps its words', async () => {
    const db = ctx.database.db;
    const course = await insertCourse(db, pedro, { title: 'Cerâmica Artesanal', studentCount: 1 });
    expect((await search('ceramica')).courses.map((c) => c.courseTitle)).toEqual([
      'Cerâmica Artesanal',
    ]);
    expect(await lexiconHas('ceramica')).toBe(true);

    await db
      .update(courses)
      .set({ title: 'Olaria Artesanal', descriptionHtml: '<p>Torno e vidrados.</p>' })
      .where(sql`${courses.id} = ${course.id}`);
    expect((await search('olaria')).courses.map((c) => c.courseTitle)).toEqual([
      'Olaria Artesanal',
    ]);
    expect((await search('vidrados')).courses.map((c) => c.courseTitle)).toEqual([
      'Olaria Artesanal',
    ]);
    expect((await search('ceramica')).total).toBe(0);
    expect(await lexiconHas('olaria')).toBe(true);

    await db.delete(courses).where(sql`${courses.id} = ${course.id}`);
    expect((await search('olaria')).total).toBe(0);
    // A word only a deleted course held is never offered.
    expect((await search('olarias')).didYouMean).not.toContain('olaria');
  });

  it('when an educator changes their name, then their courses are found and suggested by the new one', async () => {
    const db = ctx.database.db;
    await db
      .update(users)
      .set({ name: 'Pedro Quaresma' })
      .where(sql`${users.id} = ${pedro}`);
    expect((await search('quaresma')).courses.map((c) => c.courseTitle)).toEqual([
      'Fotografia de Retrato',
    ]);
    expect((await suggest('quares')).educators).toEqual([
      { name: 'Pedro Quaresma', courseCount: 1 },
    ]);
    expect(await lexiconHas('quaresma')).toBe(true);
  });

  it('when a learner signs up, then their name never enters the lexicon', async () => {
    await ctx.createUser({ name: 'Zacarias Learner' });
    expect(await lexiconHas('zacarias')).toBe(false);
  });
});
