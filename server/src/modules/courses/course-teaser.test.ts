import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import {
  courseListResponseSchema,
  courseTeaserResponseSchema,
  type CourseSummary,
} from '@aprendiz/contract/courses';
import { rankForTeaser, TEASER_MAX } from '@aprendiz/contract/rules/teaser';
import { ratings } from '../../db/schema/ratings';
import { createTestContext, type TestContext } from '../../test/test-app';
import { enrollDirectly, insertCourse } from '../../test/fixtures/course-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function teaser(): Promise<CourseSummary[]> {
  const res = await request(ctx.app).get('/api/course/teaser').expect(200);
  return courseTeaserResponseSchema.parse(res.body).courses;
}

async function catalogue(): Promise<CourseSummary[]> {
  const res = await request(ctx.app).get('/api/course/all').expect(200);
  return courseListResponseSchema.parse(res.body).courses;
}

/** `stars` from learners 0, 1, 2…: ratings written straight to the table, whose trigger keeps the totals. */
async function rate(courseId: string, learnerIds: string[], stars: number[]): Promise<void> {
  await ctx.database.db
    .insert(ratings)
    .values(stars.map((rating, i) => ({ userId: learnerIds[i]!, courseId, rating })));
}

describe('GET /api/course/teaser', () => {
  it('when nothing is published, then it answers an empty list', async () => {
    ctx.deps.catalogueCache.invalidate();
    expect(await teaser()).toEqual([]);
  });

  it('when more courses are published than the home page shows, then it answers the first 24 of the home order, published only, each as the catalogue lists it', async () => {
    const { user: educator } = await ctx.createUser({ role: 'educator' });
    const learners = await Promise.all(
      Array.from({ length: 5 }, async () => (await ctx.createUser()).user.id),
    );
    const day = (n: number) => new Date(Date.UTC(2030, 0, 1 + n));
    const published: { id: string }[] = [];
    for (let n = 0; n < 30; n++) {
      published.push(await insertCourse(ctx.database.db, educator.id, { createdAt: day(n) }));
    }
    // Well rated, tied on the floored mean and on the count (the newest first), ahead of a better
    // mean on too few ratings; an unpublished course rated best of all is never shown.
    await rate(published[3]!.id, learners, [5, 5, 5, 4]);
    await rate(published[7]!.id, learners, [4, 4, 5]);
    await rate(published[9]!.id, learners, [4, 4, 4]);
    await rate(published[2]!.id, learners, [3, 3, 3, 3, 3]);
    await rate(published[29]!.id, learners, [5, 5]);
    await rate(published[28]!.id, learners, [1, 1, 1]);
    const hidden = await insertCourse(ctx.database.db, educator.id, {
      isPublished: false,
      createdAt: day(40),
    });
    await rate(hidden.id, learners, [5, 5, 5, 5, 5]);
    ctx.deps.catalogueCache.invalidate();

    const shown = await teaser();
    const everything = await catalogue();
    expect(everything).toHaveLength(30);
    expect(shown).toHaveLength(TEASER_MAX);
    expect(shown).toEqual(rankForTeaser(everything).slice(0, TEASER_MAX));
    expect(shown.slice(0, 6).map((course) => course._id)).toEqual(
      [3, 9, 7, 2, 28, 29].map((n) => published[n]!.id),
    );
    expect(shown.map((course) => course._id)).not.toContain(hidden.id);
  });

  it('when it is fetched twice, then the first costs one query and the repeat none, with a 304 on its ETag, until a rating changes it', async () => {
    ctx.deps.catalogueCache.invalidate();
    const before = ctx.database.stats.queries;
    const first = await request(ctx.app).get('/api/course/teaser').expect(200);
    expect(ctx.database.stats.queries - before).toBe(1);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toBe('Accept-Encoding');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const afterFirst = ctx.database.stats.queries;
    const again = await request(ctx.app).get('/api/course/teaser').expect(200);
    expect(again.text).toBe(first.text);
    const revalidated = await request(ctx.app)
      .get('/api/course/teaser')
      .set('If-None-Match', etag)
      .expect(304);
    expect(revalidated.text).toBe('');
    expect(ctx.database.stats.queries).toBe(afterFirst);

    // The newest unrated course, rated 5 three times through the API, moves to the top.
    const newest = (first.body as { courses: CourseSummary[] }).courses.find(
      (course) => course.ratingCount === 0,
    );
    if (!newest) throw new Error('the teaser has an unrated course');
    for (let i = 0; i < 3; i++) {
      const learner = await ctx.createUser();
      await enrollDirectly(ctx.database.db, learner.user.id, newest._id);
      await request(ctx.app)
        .post('/api/user/add-rating')
        .set(learner.auth)
        .send({ courseId: newest._id, rating: 5 })
        .expect(200);
    }
    const changed = await request(ctx.app)
      .get('/api/course/teaser')
      .set('If-None-Match', etag)
      .expect(200);
    expect((changed.body as { courses: CourseSummary[] }).courses[0]?._id).toBe(newest._id);
  });
});
