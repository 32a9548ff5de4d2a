import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import {
  courseDetailResponseSchema,
  courseListResponseSchema,
  type CourseSummary,
} from '@aprendiz/contract/courses';
import { ratings } from '../../db/schema/ratings';
import { createTestContext, type TestContext } from '../../test/test-app';
import {
  enrollDirectly,
  insertCourse,
  LOCKED_URLS,
  PREVIEW_URL,
} from '../../test/fixtures/course-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function listCourses(): Promise<CourseSummary[]> {
  const res = await request(ctx.app).get('/api/course/all');
  expect(res.status).toBe(200);
  return courseListResponseSchema.parse(res.body).courses;
}

function lectureUrls(courseContent: { chapterContent: { lectureUrl: string }[] }[]): string[] {
  return courseContent.flatMap((chapter) => chapter.chapterContent.map((l) => l.lectureUrl));
}

describe('GET /api/course/all', () => {
  it('when published courses exist, then summaries come newest first with educator, counts and totals', async () => {
    const { user: educator } = await ctx.createUser({ role: 'educator', name: 'Ana Educadora' });
    const older = await insertCourse(ctx.database.db, educator.id, {
      title: 'Python do zero',
      createdAt: new Date('2030-01-01T00:00:00Z'),
    });
    const newer = await insertCourse(ctx.database.db, educator.id, {
      title: 'React avançado',
      createdAt: new Date('2030-01-02T00:00:00Z'),
      content: [],
    });
    const hidden = await insertCourse(ctx.database.db, educator.id, { isPublished: false });
    const [a, b] = [await ctx.createUser(), await ctx.createUser()];
    await enrollDirectly(ctx.database.db, a.user.id, older.id);
    await enrollDirectly(ctx.database.db, b.user.id, older.id);
    await ctx.database.db.insert(ratings).values([
      { userId: a.user.id, courseId: older.id, rating: 4 },
      { userId: b.user.id, courseId: older.id, rating: 5 },
    ]);
    ctx.deps.catalogueCache.invalidate();

    const courses = await listCourses();
    const ids = courses.map((c) => c._id);
    expect(ids).not.toContain(hidden.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids.indexOf(newer.id)).toBe(0);

    const summary = courses.find((c) => c._id === older.id);
    expect(summary).toEqual({
      _id: older.id,
      courseTitle: 'Python do zero',
      courseThumbnail: '/uploads/thumb.webp',
      coursePrice: 19.99,
      discount: 15,
      discountEndsAt: null,
      educator: { _id: educator.id, name: 'Ana Educadora', imageUrl: '' },
      studentCount: 2,
      ratingCount: 2,
      averageRating: 4,
      meanRating: 4.5,
      totalLectures: 3,
      totalDuration: 45.5,
      category: null,
      level: null,
      createdAt: '2030-01-01T00:00:00.000Z',
    });
    expect(courses.find((c) => c._id === newer.id)).toMatchObject({
      studentCount: 0,
      ratingCount: 0,
      averageRating: 0,
      meanRating: 0,
      totalLectures: 0,
      totalDuration: 0,
    });
  });

  it('when the list is sent, then it carries no lecture links, descriptions or student lists', async () => {
    const { user: educator } = await ctx.createUser({ role: 'educator' });
    await insertCourse(ctx.database.db, educator.id);
    ctx.deps.catalogueCache.invalidate();
    const res = await request(ctx.app).get('/api/course/all');
    expect(res.text).not.toContain(PREVIEW_URL);
    expect(res.text).not.toContain(LOCKED_URLS[0]);
    for (const course of res.body.courses) {
      expect(course).not.toHaveProperty('courseContent');
      expect(course).not.toHaveProperty('courseDescription');
      expect(course).not.toHaveProperty('enrolledStudents');
      expect(course).not.toHaveProperty('courseRatings');
    }
  });

  it('when the list is fetched twice, then the first costs one query and the repeat none, with a 304 on its ETag', async () => {
    ctx.deps.catalogueCache.invalidate();
    const before = ctx.database.stats.queries;
    const first = await request(ctx.app).get('/api/course/all');
    expect(ctx.database.stats.queries - before).toBe(1);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const afterFirst = ctx.database.stats.queries;
    const again = await request(ctx.app).get('/api/course/all');
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    const revalidated = await request(ctx.app).get('/api/course/all').set('If-None-Match', etag);
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
    expect(ctx.database.stats.queries).toBe(afterFirst);
  });

  it('when a student enrolls and rates through the API, then the cached list shows the new counts', async () => {
    const { user: educator } = await ctx.createUser({ role: 'educator' });
    const course = await insertCourse(ctx.database.db, educator.id, { price: 0, discount: 0 });
    const student = await ctx.createUser();
    ctx.deps.catalogueCache.invalidate();
    const stale = (await listCourses()).find((c) => c._id === course.id);
    expect(stale?.studentCount).toBe(0);
    const etag = (await request(ctx.app).get('/api/course/all')).headers.etag as string;

    await request(ctx.app)
      .post('/api/user/enroll-free-course')
      .set(student.auth)
      .send({ courseId: course.id })
      .expect(200);
    const afterEnroll = await request(ctx.app).get('/api/course/all').set('If-None-Match', etag);
    expect(afterEnroll.status).toBe(200);
    expect(
      afterEnroll.body.courses.find((c: CourseSummary) => c._id === course.id).studentCount,
    ).toBe(1);

    await request(ctx.app)
      .post('/api/user/add-rating')
      .set(student.auth)
      .send({ courseId: course.id, rating: 3 })
      .expect(200);
    const rated = (await listCourses()).find((c) => c._id === course.id);
    expect(rated).toMatchObject({ ratingCount: 1, averageRating: 3, meanRating: 3 });
  });

  it('when a course is rated 4, 5 and 5, then every answer keeps the floor (4) and adds the mean to one decimal (4.7)', async () => {
    const owner = await ctx.createUser({ role: 'educator' });
    const course = await insertCourse(ctx.database.db, owner.user.id, { title: 'Média Exata' });
    for (const rating of [4, 5, 5]) {
      const learner = await ctx.createUser();
      await enrollDirectly(ctx.database.db, learner.user.id, course.id);
      await request(ctx.app)
        .post('/api/user/add-rating')
        .set(learner.auth)
        .send({ courseId: course.id, rating })
        .expect(200);
    }
    const figures = { ratingCount: 3, averageRating: 4, meanRating: 4.7 };
    expect((await listCourses()).find((c) => c._id === course.id)).toMatchObject(figures);
    const detail = await request(ctx.app).get(`/api/course/${course.id}`).expect(200);
    expect(courseDetailResponseSchema.parse(detail.body).courseData).toMatchObject(figures);
    const found = await request(ctx.app)
      .get('/api/course/search')
      .query({ q: 'Média Exata' })
      .expect(200);
    expect(found.body.courses[0]).toMatchObject({ _id: course.id, ...figures });
    const reviews = await request(ctx.app).get(`/api/course/${course.id}/reviews`).expect(200);
    expect(reviews.body).toMatchObject(figures);
  });
});

describe('GET /api/course/:id', () => {
  async function courseWithPeople() {
    const owner = await ctx.createUser({ role: 'educator', name: 'Dona do Curso' });
    const course = await insertCourse(ctx.database.db, owner.user.id, {
      descriptionHtml: '<h2>Tudo</h2><p>sobre <em>Python</em></p>',
    });
    const enrolled = await ctx.createUser();
    await enrollDirectly(ctx.database.db, enrolled.user.id, course.id);
    ctx.deps.catalogueCache.invalidate();
    return { owner, course, enrolled };
  }

  it('when an anonymous visitor opens a course, then only free-preview lectures keep their link', async () => {
    const { course, owner } = await courseWithPeople();
    const res = await request(ctx.app).get(`/api/course/${course.id}`);
    expect(res.status).toBe(200);
    const { courseData } = courseDetailResponseSchema.parse(res.body);
    expect(courseData).toMatchObject({
      _id: course.id,
      courseTitle: course.title,
      courseDescription: '<h2>Tudo</h2><p>sobre <em>Python</em></p>',
      coursePrice: 19.99,
      discount: 15,
      educator: { _id: owner.user.id, name: 'Dona do Curso', imageUrl: '' },
      studentCount: 1,
      totalLectures: 3,
      totalDuration: 45.5,
    });
    expect(lectureUrls(courseData.courseContent)).toEqual([PREVIEW_URL, '', '']);
    expect(courseData.courseContent[0]!.chapterContent[1]).toMatchObject({
      lectureId: 'lec-2',
      lectureTitle: 'Instalação',
      lectureDuration: 20,
    });
    expect(res.body.courseData).not.toHaveProperty('myRating');
  });

  it('when a signed-in student who is not enrolled opens it, then links stay hidden and myRating is null', async () => {
    const { course } = await courseWithPeople();
    const student = await ctx.createUser();
    const res = await request(ctx.app).get(`/api/course/${course.id}`).set(student.auth);
    expect(res.status).toBe(200);
    expect(lectureUrls(res.body.courseData.courseContent)).toEqual([PREVIEW_URL, '', '']);
    expect(res.body.courseData.myRating).toBeNull();
  });

  it('when an enrolled student opens it, then every lecture link and their own rating are sent', async () => {
    const { course, enrolled } = await courseWithPeople();
    await ctx.database.db
      .insert(ratings)
      .values({ userId: enrolled.user.id, courseId: course.id, rating: 5 });
    const res = await request(ctx.app).get(`/api/course/${course.id}`).set(enrolled.auth);
    expect(res.status).toBe(200);
    expect(lectureUrls(res.body.courseData.courseContent)).toEqual([PREVIEW_URL, ...LOCKED_URLS]);
    expect(res.body.courseData.myRating).toBe(5);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('when the course educator opens it, then every link is sent; another educator sees them hidden', async () => {
    const { course, owner } = await courseWithPeople();
    const mine = await request(ctx.app).get(`/api/course/${course.id}`).set(owner.auth);
    expect(lectureUrls(mine.body.courseData.courseContent)).toEqual([PREVIEW_URL, ...LOCKED_URLS]);
    const other = await ctx.createUser({ role: 'educator' });
    const theirs = await request(ctx.app).get(`/api/course/${course.id}`).set(other.auth);
    expect(lectureUrls(theirs.body.courseData.courseContent)).toEqual([PREVIEW_URL, '', '']);
  });

  it('when the id is not a UUID or names no course, then 404 in Portuguese', async () => {
    for (const id of ['nao-existe', '123', "1' or '1'='1", randomUUID()]) {
      const res = await request(ctx.app).get(`/api/course/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'Curso não encontrado' });
    }
    const student = await ctx.createUser();
    const signedIn = await request(ctx.app).get(`/api/course/${randomUUID()}`).set(student.auth);
    expect(signedIn.status).toBe(404);
  });

  it('when a course is unpublished, then visitors get 404 and its educator still sees it', async () => {
    const owner = await ctx.createUser({ role: 'educator' });
    const course = await insertCourse(ctx.database.db, owner.user.id, { isPublished: false });
    expect((await request(ctx.app).get(`/api/course/${course.id}`)).status).toBe(404);
    const student = await ctx.createUser();
    expect((await request(ctx.app).get(`/api/course/${course.id}`).set(student.auth)).status).toBe(
      404,
    );
    expect((await request(ctx.app).get(`/api/course/${course.id}`).set(owner.auth)).status).toBe(
      200,
    );
  });

  it('when a stale or forged token is sent, then the visitor view is answered', async () => {
    const { course } = await courseWithPeople();
    const res = await request(ctx.app)
      .get(`/api/course/${course.id}`)
      .set('Authorization', 'Bearer not-a-token');
    expect(res.status).toBe(200);
    expect(lectureUrls(res.body.courseData.courseContent)).toEqual([PREVIEW_URL, '', '']);
  });

  it('when visitors open the same course again, then it is served from memory until a student enrolls', async () => {
    const { course } = await courseWithPeople();
    const first = await request(ctx.app).get(`/api/course/${course.id}`);
    const before = ctx.database.stats.queries;
    const again = await request(ctx.app).get(`/api/course/${course.id}`);
    const revalidated = await request(ctx.app)
      .get(`/api/course/${course.id}`)
      .set('If-None-Match', first.headers.etag as string);
    expect(ctx.database.stats.queries).toBe(before);
    expect(again.text).toBe(first.text);
    expect(revalidated.status).toBe(304);

    const newcomer = await ctx.createUser();
    const purchase = await request(ctx.app)
      .post('/api/user/purchase')
      .set(newcomer.auth)
      .send({ courseId: course.id })
      .expect(200);
    const purchaseId = String(purchase.body.session_url).split('/').pop();
    await request(ctx.app)
      .post(`/api/payments/sandbox/${purchaseId}/complete`)
      .set(newcomer.auth)
      .expect(200);
    const after = await request(ctx.app).get(`/api/course/${course.id}`);
    expect(after.body.courseData.studentCount).toBe(2);
    expect(after.headers.etag).not.toBe(first.headers.etag);
  });
});
