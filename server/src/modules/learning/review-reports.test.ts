import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { courseReviewsResponseSchema } from '@aprendiz/contract/reviews';
import { ratings, reviewReports } from '../../db/schema/ratings';
import { auditLog } from '../../db/schema/staff';
import { createTestContext, type TestContext } from '../../test/test-app';
import { enrollDirectly, insertCourse } from '../../test/fixtures/course-fixtures';
import { reportedReview } from '../../test/fixtures/admin-fixtures';
import { createStaff } from '../../test/fixtures/staff-fixtures';
import { serverCatalogueSource } from '../pages/catalogue-source';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Auth = { Authorization: string };

/** A published course with one enrolled learner's written review. */
async function writtenReview(
  text: string | null = 'Não gostei',
  fixture: Parameters<typeof insertCourse>[2] = {},
) {
  const owner = await ctx.createUser({ role: 'educator' });
  const course = await insertCourse(ctx.database.db, owner.user.id, fixture);
  const author = await ctx.createUser({ name: 'Bia' });
  await enrollDirectly(ctx.database.db, author.user.id, course.id);
  const [review] = await ctx.database.db
    .insert(ratings)
    .values({ userId: author.user.id, courseId: course.id, rating: 2, review: text })
    .returning();
  return { owner, course, author, review: review! };
}

const report = (auth: Auth | undefined, id: string, body: unknown = {}) => {
  const call = request(ctx.app).post(`/api/review/${id}/report`);
  return (auth ? call.set(auth) : call).send(body as object);
};

async function reportsOf(reviewId: string) {
  return ctx.database.db.select().from(reviewReports).where(eq(reviewReports.ratingId, reviewId));
}

async function auditOf(targetId: string) {
  return ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
}

const moderate = (auth: Auth, id: string, action: string, body: object = {}) =>
  request(ctx.app).post(`/api/admin/moderation/review/${id}/${action}`).set(auth).send(body);

describe('POST /api/review/:id/report', () => {
  it('when someone signed in reports another learner’s review with a reason, then it is stored once and a repeat is 409', async () => {
    const { review } = await writtenReview();
    const reader = await ctx.createUser();
    const res = await report(reader.auth, review.id, { reason: '  Ofensiva  ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Obrigado. A equipe da plataforma vai analisar.',
    });
    const again = await report(reader.auth, review.id, {});
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      success: false,
      message: 'Você já denunciou esta avaliação',
    });
    expect((await reportsOf(review.id)).map((r) => [r.reporterId, r.reason])).toEqual([
      [reader.user.id, 'Ofensiva'],
    ]);
  });

  it('when the author reports their own review, or nobody is signed in, then 403 or 401 and nothing is stored', async () => {
    const { review, author } = await writtenReview();
    const own = await report(author.auth, review.id);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('Você não pode denunciar a sua própria avaliação');
    expect((await report(undefined, review.id)).status).toBe(401);
    expect(await reportsOf(review.id)).toEqual([]);
  });

  it('when the reason is too long or not text, the id is bad or unknown, or the review has no text, then 400 or 404 and nothing is stored', async () => {
    const { review } = await writtenReview();
    const starsOnly = await writtenReview(null);
    const reader = await ctx.createUser();
    const cases: [string, unknown, number][] = [
      [review.id, { reason: 'x'.repeat(2001) }, 400],
      [review.id, { reason: 42 }, 400],
      [review.id, { reason: 'oi\u0000' }, 400],
      ['nao-e-um-id', {}, 400],
      [randomUUID(), {}, 404],
      [starsOnly.review.id, {}, 400],
    ];
    for (const [id, body, status] of cases) {
      const res = await report(reader.auth, id, body);
      expect([id, res.status, res.body.success]).toEqual([id, status, false]);
      expect(typeof res.body.message).toBe('string');
    }
    expect(await reportsOf(review.id)).toEqual([]);
    expect(await reportsOf(starsOnly.review.id)).toEqual([]);
  });

  it('when the course is not published, then only its students and educator can report its reviews', async () => {
    const { review, owner } = await writtenReview('Fraco', { isPublished: false });
    const stranger = await ctx.createUser();
    expect((await report(stranger.auth, review.id)).status).toBe(404);
    expect((await report(owner.auth, review.id)).status).toBe(200);
    expect((await reportsOf(review.id)).map((r) => r.reporterId)).toEqual([owner.user.id]);
  });
});

describe('moderating a reported review from the console', () => {
  it('when an admin hides it with a note, then its text leaves the public list and the rendered page, its stars still count, the author sees the note, and one audit row is written', async () => {
    const admin = await createStaff(ctx, 'admin');
    const { review, course, author } = await reportedReview(ctx);
    const list = await request(ctx.app).get('/api/admin/moderation').set(admin.auth);
    expect(list.status).toBe(200);
    expect(list.body.posts).toContainEqual({
      kind: 'review',
      _id: review.id,
      questionId: null,
      courseId: course.id,
      courseTitle: course.title,
      authorId: author.user.id,
      authorName: 'Autora da Avaliação',
      body: 'Educador idiota',
      hidden: false,
      reportCount: 1,
      reasons: ['ofensiva'],
      lastReportedAt: expect.any(String),
    });

    const generation = ctx.deps.catalogueCache.generation();
    const hide = await moderate(admin.auth, review.id, 'hide', { note: 'Linguagem ofensiva' });
    expect(hide.body).toEqual({ success: true, changed: true });
    // The course page is rendered with its first reviews, so the cached one goes.
    expect(ctx.deps.catalogueCache.generation()).not.toBe(generation);
    const [row] = await ctx.database.db.select().from(ratings).where(eq(ratings.id, review.id));
    expect(row).toMatchObject({ hiddenNote: 'Linguagem ofensiva', rating: 1 });
    expect(row!.hiddenAt).not.toBeNull();

    const publicList = courseReviewsResponseSchema.parse(
      (await request(ctx.app).get(`/api/course/${course.id}/reviews`)).body,
    );
    expect(publicList).toMatchObject({ reviews: [], total: 0, ratingCount: 1, meanRating: 1 });
    expect(await serverCatalogueSource(ctx.deps).reviews(course.id, 1)).toMatchObject({
      reviews: [],
      total: 0,
      ratingCount: 1,
      distribution: { 1: 1, 2: 0, 3: 0, 4: 0, 5: 0 },
    });

    const own = await request(ctx.app)
      .get(`/api/user/enrolled-courses/${course.id}`)
      .set(author.auth);
    expect(own.body.enrolledCourse).toMatchObject({
      myReview: 'Educador idiota',
      myReviewHidden: { note: 'Linguagem ofensiva' },
    });
    // Hidden, it is not offered to report again.
    const reader = await ctx.createUser();
    expect((await report(reader.auth, review.id)).status).toBe(404);

    const twice = await moderate(admin.auth, review.id, 'hide', { note: 'De novo' });
    expect(twice.body.changed).toBe(false);
    const audit = await auditOf(review.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.user.id,
      action: 'review.hide',
      targetType: 'review',
      before: { hidden: false },
      after: { hidden: true, note: 'Linguagem ofensiva' },
    });
  });

  it('when an admin shows it again, then the text is back for everyone and the author no longer sees a note; dismissing clears its reports and the open count', async () => {
    const admin = await createStaff(ctx, 'admin');
    const { review, course, author } = await reportedReview(ctx);
    const before = await request(ctx.app).get('/api/admin/overview').set(admin.auth);
    await moderate(admin.auth, review.id, 'hide', { note: 'Ofensiva' }).expect(200);
    const show = await moderate(admin.auth, review.id, 'show');
    expect(show.body).toEqual({ success: true, changed: true });
    const publicList = await request(ctx.app).get(`/api/course/${course.id}/reviews`);
    expect(publicList.body.reviews.map((r: { _id: string }) => r._id)).toEqual([review.id]);
    expect(publicList.body.total).toBe(1);
    const own = await request(ctx.app)
      .get(`/api/user/enrolled-courses/${course.id}`)
      .set(author.auth);
    expect(own.body.enrolledCourse.myReviewHidden).toBeNull();

    const dismiss = await moderate(admin.auth, review.id, 'dismiss');
    expect(dismiss.body).toEqual({ success: true, changed: true });
    expect(await reportsOf(review.id)).toEqual([]);
    const after = await request(ctx.app).get('/api/admin/overview').set(admin.auth);
    expect(after.body.overview.openReports).toBe(before.body.overview.openReports - 1);
    const list = await request(ctx.app).get('/api/admin/moderation').set(admin.auth);
    expect(list.body.posts.map((p: { _id: string }) => p._id)).not.toContain(review.id);
    expect((await auditOf(review.id)).map((r) => r.action)).toEqual([
      'review.hide',
      'review.show',
      'review.dismiss',
    ]);
  });

  it('when a review is reported, then the overview’s open reports count it', async () => {
    const admin = await createStaff(ctx, 'admin');
    const before = await request(ctx.app).get('/api/admin/overview').set(admin.auth);
    await reportedReview(ctx);
    const after = await request(ctx.app).get('/api/admin/overview').set(admin.auth);
    expect(after.body.overview.openReports).toBe(before.body.overview.openReports + 1);
  });

  it('when support acts, the note is missing, or the review is unknown, then 403, 400 or 404 and nothing changes or is audited', async () => {
    const admin = await createStaff(ctx, 'admin');
    const support = await createStaff(ctx, 'support');
    const { review } = await reportedReview(ctx);
    expect((await moderate(support.auth, review.id, 'hide', { note: 'x' })).status).toBe(403);
    expect((await moderate(support.auth, review.id, 'dismiss')).status).toBe(403);
    expect((await moderate(admin.auth, review.id, 'hide', {})).status).toBe(400);
    expect((await moderate(admin.auth, review.id, 'hide', { note: '   ' })).status).toBe(400);
    expect((await moderate(admin.auth, randomUUID(), 'hide', { note: 'x' })).status).toBe(404);
    expect((await moderate(admin.auth, review.id, 'bury')).status).toBe(404);
    const [row] = await ctx.database.db
      .select()
      .from(ratings)
      .where(and(eq(ratings.id, review.id)));
    expect(row!.hiddenAt).toBeNull();
    expect(await reportsOf(review.id)).toHaveLength(1);
    expect(await auditOf(review.id)).toEqual([]);
    // Support reads the list.
    const list = await request(ctx.app).get('/api/admin/moderation').set(support.auth);
    expect(list.body.posts.map((p: { _id: string }) => p._id)).toContain(review.id);
  });

  it('when the author rewrites a hidden review, then it stays hidden until an admin shows it', async () => {
    const admin = await createStaff(ctx, 'admin');
    const { review, course, author } = await reportedReview(ctx);
    await moderate(admin.auth, review.id, 'hide', { note: 'Ofensiva' }).expect(200);
    await request(ctx.app)
      .post('/api/user/add-rating')
      .set(author.auth)
      .send({ courseId: course.id, rating: 2, review: 'Agora educado' })
      .expect(200);
    const publicList = await request(ctx.app).get(`/api/course/${course.id}/reviews`);
    expect(publicList.body).toMatchObject({ reviews: [], total: 0, ratingCount: 1 });
  });
});
