import request from 'supertest';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../../db/schema/courses';
import { coursePublications } from '../../db/schema/course-publications';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertCourse, sampleContent } from '../../test/fixtures/course-fixtures';
import { makeImage, validCourseData } from '../../test/fixtures/educator-fixtures';
import { publishQuotaReached } from './publish-quota';

const QUOTA = 3;
const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLISH_QUOTA_PER_DAY: String(QUOTA) });
});
afterAll(() => ctx.close());

function publishable() {
  return sampleContent().map((chapter) => ({
    ...chapter,
    chapterContent: chapter.chapterContent.map((l) => ({ ...l, lectureUrl: VIDEO })),
  }));
}

async function draftsOf(educatorId: string, n: number) {
  return Promise.all(
    Array.from({ length: n }, () =>
      insertCourse(ctx.database.db, educatorId, { status: 'draft', content: publishable() }),
    ),
  );
}

async function publicationsOf(educatorId: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(coursePublications)
    .where(eq(coursePublications.educatorId, educatorId));
  return row!.n;
}

async function publishedOf(educatorId: string): Promise<number> {
  const rows = await ctx.database.db
    .select({ status: courses.status })
    .from(courses)
    .where(eq(courses.educatorId, educatorId));
  return rows.filter((row) => row.status === 'published').length;
}

async function addCourse(auth: Record<string, string>, status?: 'draft' | 'published') {
  return request(ctx.app)
    .post('/api/educator/add-course')
    .set(auth)
    .field('courseData', JSON.stringify(validCourseData(status ? { status } : {})))
    .attach('image', await makeImage('png', 64, 36), {
      filename: 'capa.png',
      contentType: 'image/png',
    });
}

describe('the daily publishing quota', () => {
  it('when an educator publishes ten drafts at once, then exactly the quota is published and the rest get 429 in Portuguese', async () => {
    const educator = await ctx.createUser({ role: 'educator' });
    const drafts = await draftsOf(educator.user.id, 10);

    const answers = await Promise.all(
      drafts.map((draft) =>
        request(ctx.app).post(`/api/educator/course/${draft.id}/publish`).set(educator.auth),
      ),
    );

    expect(answers.filter((res) => res.status === 200)).toHaveLength(QUOTA);
    const refused = answers.filter((res) => res.status === 429);
    expect(refused).toHaveLength(10 - QUOTA);
    for (const res of refused) {
      expect(res.body).toEqual({ success: false, message: publishQuotaReached(QUOTA) });
    }
    expect(await publishedOf(educator.user.id)).toBe(QUOTA);
    expect(await publicationsOf(educator.user.id)).toBe(QUOTA);
  });

  it('when the quota is spent, then adding a published course is refused and stores nothing, a draft is still saved, and another educator is unaffected', async () => {
    const educator = await ctx.createUser({ role: 'educator' });
    for (let i = 0; i < QUOTA; i++) expect((await addCourse(educator.auth)).status).toBe(201);

    const refused = await addCourse(educator.auth);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(publishQuotaReached(QUOTA));
    const [stored] = await ctx.database.db
      .select({ n: count() })
      .from(courses)
      .where(eq(courses.educatorId, educator.user.id));
    expect(stored!.n).toBe(QUOTA);

    const draft = await addCourse(educator.auth, 'draft');
    expect(draft.status).toBe(201);
    expect(draft.body.status).toBe('draft');
    expect(await publicationsOf(educator.user.id)).toBe(QUOTA);

    const other = await ctx.createUser({ role: 'educator' });
    expect((await addCourse(other.auth)).status).toBe(201);
  });

  it('when a publication fails (a draft with problems, a bad form), then its place is given back', async () => {
    const educator = await ctx.createUser({ role: 'educator' });
    const broken = await insertCourse(ctx.database.db, educator.user.id, {
      status: 'draft',
      content: [],
    });
    for (let i = 0; i < QUOTA + 2; i++) {
      const res = await request(ctx.app)
        .post(`/api/educator/course/${broken.id}/publish`)
        .set(educator.auth);
      expect(res.status).toBe(400);
    }
    const badForm = await request(ctx.app)
      .post('/api/educator/add-course')
      .set(educator.auth)
      .field('courseData', '{"courseTitle": ""}');
    expect(badForm.status).toBe(400);
    expect(await publicationsOf(educator.user.id)).toBe(0);

    const [draft] = await draftsOf(educator.user.id, 1);
    const res = await request(ctx.app)
      .post(`/api/educator/course/${draft!.id}/publish`)
      .set(educator.auth);
    expect(res.status).toBe(200);
    expect(await publicationsOf(educator.user.id)).toBe(1);
  });

  it('when publications are over 24 hours old, then they no longer count', async () => {
    const educator = await ctx.createUser({ role: 'educator' });
    await ctx.database.db.insert(coursePublications).values(
      Array.from({ length: QUOTA }, () => ({
        educatorId: educator.user.id,
        publishedAt: new Date(Date.now() - 25 * 3600_000),
      })),
    );
    const [draft] = await draftsOf(educator.user.id, 1);
    const res = await request(ctx.app)
      .post(`/api/educator/course/${draft!.id}/publish`)
      .set(educator.auth);
    expect(res.status).toBe(200);
  });
});
