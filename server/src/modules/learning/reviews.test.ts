import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { courseReviewsResponseSchema } from '@aprendiz/contract/reviews';
import { ratings } from '../../db/schema/ratings';
import { createTestContext, type TestContext } from '../../test/test-app';
import { enrollDirectly, insertCourse } from '../../test/fixtures/course-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function courseWithStudents(count: number, fixture: Parameters<typeof insertCourse>[2] = {}) {
  const owner = await ctx.createUser({ role: 'educator', name: 'Prof. Rui' });
  const course = await insertCourse(ctx.database.db, owner.user.id, fixture);
  const students = [];
  for (let i = 0; i < count; i++) {
    const student = await ctx.createUser({ name: `Aluna ${i + 1}` });
    await enrollDirectly(ctx.database.db, student.user.id, course.id);
    students.push(student);
  }
  return { owner, course, students };
}

async function ratingOf(userId: string, courseId: string) {
  const [row] = await ctx.database.db
    .select()
    .from(ratings)
    .where(and(eq(ratings.userId, userId), eq(ratings.courseId, courseId)));
  return row;
}

const rate = (auth: { Authorization: string }, body: object) =>
  request(ctx.app).post('/api/user/add-rating').set(auth).send(body);

describe('POST /api/user/add-rating with a written review', () => {
  it('when an enrolled student rates with a review and edits it, then one row holds the latest text; stars alone keep it; empty text removes it', async () => {
    const { course, students } = await courseWithStudents(1);
    const [student] = students;
    const first = await rate(student!.auth, {
      courseId: course.id,
      rating: 4,
      review: '  Muito bom.\nRecomendo.  ',
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, message: 'Avaliação registrada com sucesso' });
    expect(await ratingOf(student!.user.id, course.id)).toMatchObject({
      rating: 4,
      review: 'Muito bom.\nRecomendo.',
    });

    await rate(student!.auth, { courseId: course.id, rating: 5, review: 'Excelente.' });
    await rate(student!.auth, { courseId: course.id, rating: 3 });
    expect(await ratingOf(student!.user.id, course.id)).toMatchObject({
      rating: 3,
      review: 'Excelente.',
    });

    await rate(student!.auth, { courseId: course.id, rating: 3, review: '   ' });
    expect(await ratingOf(student!.user.id, course.id)).toMatchObject({ rating: 3, review: null });
  });

  it('when the review is too long, not text, or holds control characters, then 400 and nothing changes', async () => {
    const { course, students } = await courseWithStudents(1);
    const auth = students[0]!.auth;
    await rate(auth, { courseId: course.id, rating: 2, review: 'Antes.' });
    const cases: [unknown, string][] = [
      ['x'.repeat(2001), 'A avaliação escrita pode ter até 2000 caracteres'],
      [42, 'A avaliação escrita deve ser um texto'],
      [{ html: '<b>' }, 'A avaliação escrita deve ser um texto'],
      [
        'oi\u0000',
        'A avaliação escrita contém caracteres não permitidos (de controle ou invisíveis)',
      ],
    ];
    for (const [review, message] of cases) {
      const res = await rate(auth, { courseId: course.id, rating: 5, review });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message });
    }
    expect(await ratingOf(students[0]!.user.id, course.id)).toMatchObject({
      rating: 2,
      review: 'Antes.',
    });
  });

  it('when a student who is not enrolled, or the educator, writes a review, then 403 and nothing stored', async () => {
    const { owner, course } = await courseWithStudents(0);
    const outsider = await ctx.createUser();
    for (const caller of [outsider, owner]) {
      const res = await rate(caller.auth, { courseId: course.id, rating: 5, review: 'Ótimo' });
      expect(res.status).toBe(403);
      expect(await ratingOf(caller.user.id, course.id)).toBeUndefined();
    }
  });

  it('when the review is exactly 2000 characters, then it is kept whole', async () => {
    const { course, students } = await courseWithStudents(1);
    const text = 'é'.repeat(2000);
    expect(
      (await rate(students[0]!.auth, { courseId: course.id, rating: 5, review: text })).status,
    ).toBe(200);
    expect((await ratingOf(students[0]!.user.id, course.id))?.review).toBe(text);
  });
});

describe('GET /api/course/:id/reviews', () => {
  it('when learners rated, some with text, then the page lists the written ones newest first with the figures of every rating', async () => {
    const { course, students } = await courseWithStudents(4);
    const rows = [
      { stars: 5, review: 'Primeira <script>alert(1)</script>', at: '2031-01-01T10:00:00Z' },
      { stars: 4, review: null, at: '2031-01-02T10:00:00Z' },
      { stars: 2, review: 'Segunda', at: '2031-01-03T10:00:00Z' },
      { stars: 4, review: 'Terceira', at: '2031-01-04T10:00:00Z' },
    ];
    for (const [i, row] of rows.entries()) {
      await ctx.database.db.insert(ratings).values({
        userId: students[i]!.user.id,
        courseId: course.id,
        rating: row.stars,
        review: row.review,
        createdAt: new Date(row.at),
      });
    }
    const res = await request(ctx.app).get(`/api/course/${course.id}/reviews`);
    expect(res.status).toBe(200);
    const body = courseReviewsResponseSchema.parse(res.body);
    expect(body).toMatchObject({
      total: 3,
      page: 1,
      pageSize: 10,
      ratingCount: 4,
      // floor((5 + 4 + 2 + 4) / 4) = floor(3.75); the mean shown is 3.8
      averageRating: 3,
      meanRating: 3.8,
      distribution: { 1: 0, 2: 1, 3: 0, 4: 2, 5: 1 },
    });
    expect(
      body.reviews.map(({ review, name, rating, reply, createdAt }) => [
        review,
        name,
        rating,
        reply,
        createdAt,
      ]),
    ).toEqual([
      ['Terceira', 'Aluna 4', 4, null, '2031-01-04T10:00:00.000Z'],
      ['Segunda', 'Aluna 3', 2, null, '2031-01-03T10:00:00.000Z'],
      // Stored and sent as the text it is; the client shows it as text.
      ['Primeira <script>alert(1)</script>', 'Aluna 1', 5, null, '2031-01-01T10:00:00.000Z'],
    ]);
  });

  it('when there are more reviews than a page, then ?page=2 continues and a page past the end is empty', async () => {
    const { course, students } = await courseWithStudents(12);
    for (const [i, student] of students.entries()) {
      await ctx.database.db.insert(ratings).values({
        userId: student.user.id,
        courseId: course.id,
        rating: 5,
        review: `Texto ${i + 1}`,
        createdAt: new Date(Date.UTC(2031, 0, i + 1)),
      });
    }
    const second = await request(ctx.app).get(`/api/course/${course.id}/reviews?page=2`);
    expect(second.body.reviews.map((r: { review: string }) => r.review)).toEqual([
      'Texto 2',
      'Texto 1',
    ]);
    expect(second.body.total).toBe(12);
    const past = await request(ctx.app).get(`/api/course/${course.id}/reviews?page=3`);
    expect(past.status).toBe(200);
    expect(past.body.reviews).toEqual([]);
  });

  it('when nobody rated, then empty figures', async () => {
    const { course } = await courseWithStudents(0);
    const res = await request(ctx.app).get(`/api/course/${course.id}/reviews`);
    expect(res.body).toEqual({
      success: true,
      reviews: [],
      total: 0,
      page: 1,
      pageSize: 10,
      ratingCount: 0,
      averageRating: 0,
      meanRating: 0,
      distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    });
  });

  it('when the page or the id is bad, or the course unknown, then 400 or 404', async () => {
    const { course } = await courseWithStudents(0);
    for (const page of ['0', '-1', 'abc', '1.5', '9999999']) {
      const res = await request(ctx.app).get(`/api/course/${course.id}/reviews?page=${page}`);
      expect(res.status, page).toBe(400);
      expect(res.body).toEqual({ success: false, message: 'Página inválida' });
    }
    const twice = await request(ctx.app).get(`/api/course/${course.id}/reviews?page=1&page=2`);
    expect(twice.status).toBe(400);
    expect((await request(ctx.app).get('/api/course/nope/reviews')).status).toBe(400);
    expect((await request(ctx.app).get(`/api/course/${randomUUID()}/reviews`)).status).toBe(404);
  });

  it('when the course is not published, then only its students and educator see its reviews', async () => {
    const { owner, course, students } = await courseWithStudents(1, { status: 'unpublished' });
    const stranger = await ctx.createUser();
    expect((await request(ctx.app).get(`/api/course/${course.id}/reviews`)).status).toBe(404);
    expect(
      (await request(ctx.app).get(`/api/course/${course.id}/reviews`).set(stranger.auth)).status,
    ).toBe(404);
    for (const caller of [owner, students[0]!]) {
      const res = await request(ctx.app).get(`/api/course/${course.id}/reviews`).set(caller.auth);
      expect(res.status).toBe(200);
    }
  });
});

describe('POST /api/educator/review/:id/reply', () => {
  async function reviewed(review: string | null = 'Gostei muito') {
    const setup = await courseWithStudents(1);
    await ctx.database.db
      .insert(ratings)
      .values({ userId: setup.students[0]!.user.id, courseId: setup.course.id, rating: 5, review });
    const row = await ratingOf(setup.students[0]!.user.id, setup.course.id);
    return { ...setup, reviewId: row!.id };
  }
  const reply = (auth: { Authorization: string } | undefined, id: string, body: unknown) => {
    const call = request(ctx.app).post(`/api/educator/review/${id}/reply`);
    return (auth ? call.set(auth) : call).send(body as object);
  };

  it('when the course educator replies, then 201, the reply shows under the review, and a second reply is 409', async () => {
    const { owner, course, reviewId, students } = await reviewed();
    const generation = ctx.deps.catalogueCache.generation();
    const res = await reply(owner.auth, reviewId, { reply: '  Obrigado!  ' });
    // The rendered course page shows its first reviews, so it is dropped with the catalogue.
    expect(ctx.deps.catalogueCache.generation()).toBeGreaterThan(generation);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: 'Resposta publicada' });
    const list = await request(ctx.app).get(`/api/course/${course.id}/reviews`);
    expect(list.body.reviews[0]).toMatchObject({ _id: reviewId, reply: 'Obrigado!' });
    const again = await reply(owner.auth, reviewId, { reply: 'Outra' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, message: 'Esta avaliação já tem resposta' });
    expect((await ratingOf(students[0]!.user.id, course.id))?.reply).toBe('Obrigado!');
  });

  it('when the learner edits the review after the reply, then the reply stays', async () => {
    const { owner, course, reviewId, students } = await reviewed();
    await reply(owner.auth, reviewId, { reply: 'Obrigado!' });
    await rate(students[0]!.auth, { courseId: course.id, rating: 4, review: 'Mudei de ideia' });
    expect(await ratingOf(students[0]!.user.id, course.id)).toMatchObject({
      review: 'Mudei de ideia',
      reply: 'Obrigado!',
    });
  });

  it('when another educator, a student or an anonymous caller replies, then 403, 403 or 401 and nothing stored', async () => {
    const { course, reviewId, students } = await reviewed();
    const otherEducator = await ctx.createUser({ role: 'educator' });
    expect((await reply(otherEducator.auth, reviewId, { reply: 'Oi' })).status).toBe(403);
    expect((await reply(students[0]!.auth, reviewId, { reply: 'Oi' })).status).toBe(403);
    expect((await reply(undefined, reviewId, { reply: 'Oi' })).status).toBe(401);
    expect((await ratingOf(students[0]!.user.id, course.id))?.reply).toBeNull();
  });

  it('when the review has no text, the id is unknown or bad, or the reply is bad, then 400 or 404 and nothing stored', async () => {
    const { owner, course, reviewId, students } = await reviewed(null);
    const starsOnly = await reply(owner.auth, reviewId, { reply: 'Obrigado' });
    expect(starsOnly.status).toBe(400);
    expect(starsOnly.body.message).toBe('Só avaliações escritas podem ser respondidas');
    expect((await reply(owner.auth, randomUUID(), { reply: 'Oi' })).status).toBe(404);
    expect((await reply(owner.auth, 'nope', { reply: 'Oi' })).status).toBe(400);
    const written = await reviewed();
    const cases: [unknown, number][] = [
      [{ reply: '' }, 400],
      [{ reply: '   ' }, 400],
      [{ reply: 'x'.repeat(2001) }, 400],
      [{ reply: 7 }, 400],
      [{}, 400],
      [{ reply: 'a\u200bb' }, 400],
    ];
    for (const [body, status] of cases) {
      expect(
        (await reply(written.owner.auth, written.reviewId, body)).status,
        JSON.stringify(body),
      ).toBe(status);
    }
    expect((await ratingOf(students[0]!.user.id, course.id))?.reply).toBeNull();
    expect((await ratingOf(written.students[0]!.user.id, written.course.id))?.reply).toBeNull();
  });

  it('when two replies race, then exactly one is stored', async () => {
    const { owner, reviewId, course, students } = await reviewed();
    const answers = await Promise.all([
      reply(owner.auth, reviewId, { reply: 'Um' }),
      reply(owner.auth, reviewId, { reply: 'Dois' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const stored = (await ratingOf(students[0]!.user.id, course.id))?.reply;
    expect(['Um', 'Dois']).toContain(stored);
  });
});
