import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  enrolledCourseResponseSchema,
  enrolledCoursesResponseSchema,
} from '@aprendiz/contract/learning';
import { lectureProgress } from '../../db/schema/lecture-progress';
import { ratings } from '../../db/schema/ratings';
import { createTestContext, type TestContext } from '../../test/test-app';
import { NOT_ENROLLED } from './learning.service';
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

const RATING_MESSAGE = 'A avaliação deve ser um número inteiro de 1 a 5';

async function enrolledStudent() {
  const owner = await ctx.createUser({ role: 'educator', name: 'Prof. Rui' });
  const course = await insertCourse(ctx.database.db, owner.user.id);
  const student = await ctx.createUser();
  await enrollDirectly(ctx.database.db, student.user.id, course.id);
  return { owner, course, student };
}

async function progressRows(userId: string, courseId: string) {
  return ctx.database.db
    .select()
    .from(lectureProgress)
    .where(and(eq(lectureProgress.userId, userId), eq(lectureProgress.courseId, courseId)));
}

async function ratingRows(userId: string, courseId: string) {
  return ctx.database.db
    .select()
    .from(ratings)
    .where(and(eq(ratings.userId, userId), eq(ratings.courseId, courseId)));
}

describe('GET /api/user/enrolled-courses', () => {
  it('when a student has courses, then summaries come most recent enrollment first with rating and progress, without content', async () => {
    const owner = await ctx.createUser({ role: 'educator', name: 'Prof. Rui' });
    const first = await insertCourse(ctx.database.db, owner.user.id, { title: 'Primeiro' });
    const second = await insertCourse(ctx.database.db, owner.user.id, { title: 'Segundo' });
    const student = await ctx.createUser();
    await enrollDirectly(
      ctx.database.db,
      student.user.id,
      first.id,
      new Date('2031-01-01T10:00:00Z'),
    );
    await enrollDirectly(
      ctx.database.db,
      student.user.id,
      second.id,
      new Date('2031-02-01T10:00:00Z'),
    );
    await ctx.database.db
      .insert(ratings)
      .values({ userId: student.user.id, courseId: first.id, rating: 4 });
    await ctx.database.db.insert(lectureProgress).values([
      {
        userId: student.user.id,
        courseId: first.id,
        lectureId: 'lec-1',
        completedAt: new Date('2031-01-02'),
      },
      {
        userId: student.user.id,
        courseId: first.id,
        lectureId: 'lec-3',
        completedAt: new Date('2031-01-03'),
      },
    ]);

    const res = await request(ctx.app).get('/api/user/enrolled-courses').set(student.auth);
    expect(res.status).toBe(200);
    const { enrolledCourses } = enrolledCoursesResponseSchema.parse(res.body);
    expect(enrolledCourses.map((c) => c.courseTitle)).toEqual(['Segundo', 'Primeiro']);
    const [latest, earliest] = enrolledCourses;
    expect(latest).toMatchObject({
      _id: second.id,
      enrolledAt: '2031-02-01T10:00:00.000Z',
      myRating: null,
      lectureCompleted: [],
      studentCount: 1,
      totalLectures: 3,
      educator: { _id: owner.user.id, name: 'Prof. Rui' },
    });
    expect(earliest).toMatchObject({
      _id: first.id,
      myRating: 4,
      ratingCount: 1,
      averageRating: 4,
      lectureCompleted: ['lec-1', 'lec-3'],
      progress: {
        lecturesCompleted: 2,
        lectures: 3,
        quizzesPassed: 0,
        quizzesRequired: 0,
        percent: 66,
        complete: false,
      },
    });
    expect(latest!.progress).toMatchObject({ lecturesCompleted: 0, lectures: 3, percent: 0 });
    // The list is what My Enrollments shows: the player reads a course's content on its own.
    for (const course of res.body.enrolledCourses) {
      expect(course).not.toHaveProperty('courseContent');
      expect(course).not.toHaveProperty('courseDescription');
    }
  });

  it('when a lecture the learner completed was removed from the course, then progress counts only what the course still has', async () => {
    const { course, student } = await enrolledStudent();
    await ctx.database.db.insert(lectureProgress).values([
      { userId: student.user.id, courseId: course.id, lectureId: 'lec-1' },
      { userId: student.user.id, courseId: course.id, lectureId: 'gone' },
    ]);
    const res = await request(ctx.app).get('/api/user/enrolled-courses').set(student.auth);
    const { enrolledCourses } = enrolledCoursesResponseSchema.parse(res.body);
    expect(enrolledCourses[0]!.progress).toMatchObject({ lecturesCompleted: 1, lectures: 3 });
  });

  it('when a student has one course or five, then the request costs the same number of queries', async () => {
    const owner = await ctx.createUser({ role: 'educator' });
    const few = await ctx.createUser();
    const many = await ctx.createUser();
    for (let i = 0; i < 5; i++) {
      const c = await insertCourse(ctx.database.db, owner.user.id);
      if (i === 0) await enrollDirectly(ctx.database.db, few.user.id, c.id);
      await enrollDirectly(ctx.database.db, many.user.id, c.id);
    }
    const cost = async (auth: { Authorization: string }) => {
      // A session's first request notes where it was seen (once per 5 minutes): not the page's cost.
      await request(ctx.app).get('/api/user/data').set(auth).expect(200);
      const before = ctx.database.stats.queries;
      const res = await request(ctx.app).get('/api/user/enrolled-courses').set(auth);
      expect(res.status).toBe(200);
      return {
        queries: ctx.database.stats.queries - before,
        count: res.body.enrolledCourses.length,
      };
    };
    const one = await cost(few.auth);
    const five = await cost(many.auth);
    expect([one.count, five.count]).toEqual([1, 5]);
    expect(five.queries).toBe(one.queries);
    // One to resolve the bearer token, one for the courses, one for the courses given back.
    expect(five.queries).toBeLessThanOrEqual(3);
  });

  it('when a student has no course, then an empty list', async () => {
    const student = await ctx.createUser();
    const res = await request(ctx.app).get('/api/user/enrolled-courses').set(student.auth);
    expect(res.body).toEqual({ success: true, enrolledCourses: [], refundedPurchases: [] });
  });

  it('when the caller is anonymous, then 401', async () => {
    const res = await request(ctx.app).get('/api/user/enrolled-courses');
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });
});

describe('the learner cache behind the enrolled courses and the user data', () => {
  it('when the learner marks a lecture, enrolls, or a course is renamed, then the next reads show it', async () => {
    const { owner, course, student } = await enrolledStudent();
    const list = async () =>
      enrolledCoursesResponseSchema.parse(
        (await request(ctx.app).get('/api/user/enrolled-courses').set(student.auth)).body,
      ).enrolledCourses;
    const ids = async () =>
      (await request(ctx.app).get('/api/user/data').set(student.auth)).body.user
        .enrolledCourses as string[];
    expect((await list())[0]!.progress.lecturesCompleted).toBe(0);
    expect(await ids()).toEqual([course.id]);

    const marked = await request(ctx.app)
      .post('/api/user/update-course-progress')
      .set(student.auth)
      .send({ courseId: course.id, lectureId: 'lec-1' });
    expect(marked.status).toBe(200);
    expect((await list())[0]!.progress.lecturesCompleted).toBe(1);

    const free = await insertCourse(ctx.database.db, owner.user.id, { price: 0, discount: 0 });
    const joined = await request(ctx.app)
      .post('/api/user/enroll-free-course')
      .set(student.auth)
      .send({ courseId: free.id });
    expect(joined.status).toBe(200);
    expect(await ids()).toEqual([free.id, course.id]);
    expect((await list()).map((c) => c._id)).toEqual([free.id, course.id]);
  });
});

describe('GET /api/user/enrolled-courses/:courseId', () => {
  it('when the student is enrolled, then the whole course comes with every lecture URL, their rating, review and progress', async () => {
    const { course, student } = await enrolledStudent();
    await ctx.database.db
      .insert(ratings)
      .values({ userId: student.user.id, courseId: course.id, rating: 5, review: 'Ótimo' });
    await ctx.database.db
      .insert(lectureProgress)
      .values({ userId: student.user.id, courseId: course.id, lectureId: 'lec-2' });
    const res = await request(ctx.app)
      .get(`/api/user/enrolled-courses/${course.id}`)
      .set(student.auth);
    expect(res.status).toBe(200);
    const { enrolledCourse } = enrolledCourseResponseSchema.parse(res.body);
    expect(enrolledCourse).toMatchObject({
      _id: course.id,
      myRating: 5,
      myReview: 'Ótimo',
      lectureCompleted: ['lec-2'],
      quizzesPassed: [],
      courseDescription: '<p>Aprenda <strong>tudo</strong>.</p>',
    });
    const urls = enrolledCourse!.courseContent.flatMap((ch) =>
      ch.chapterContent.map((l) => l.lectureUrl),
    );
    expect(urls).toEqual([PREVIEW_URL, ...LOCKED_URLS]);
  });

  it('when the caller is not enrolled (or the course does not exist), then null, and no lecture URL leaks', async () => {
    const { course } = await enrolledStudent();
    const outsider = await ctx.createUser();
    for (const id of [course.id, randomUUID()]) {
      const res = await request(ctx.app).get(`/api/user/enrolled-courses/${id}`).set(outsider.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, enrolledCourse: null });
    }
  });

  it('when the id is not a uuid, then 400 with a message; anonymous, 401', async () => {
    const student = await ctx.createUser();
    const bad = await request(ctx.app).get('/api/user/enrolled-courses/xyz').set(student.auth);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, message: expect.any(String) });
    const anonymous = await request(ctx.app).get(`/api/user/enrolled-courses/${randomUUID()}`);
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /api/user/get-course-progress', () => {
  it('when an enrolled student has completed lectures, then their ids are listed', async () => {
    const { course, student } = await enrolledStudent();
    await ctx.database.db
      .insert(lectureProgress)
      .values({ userId: student.user.id, courseId: course.id, lectureId: 'lec-2' });
    const res = await request(ctx.app)
      .post('/api/user/get-course-progress')
      .set(student.auth)
      .send({ courseId: course.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      progressData: { lectureCompleted: ['lec-2'], quizzesPassed: [] },
    });
  });

  it('when nothing is completed, or the course’s own educator asks, then an empty list', async () => {
    const { course, student, owner } = await enrolledStudent();
    for (const caller of [student, owner]) {
      const res = await request(ctx.app)
        .post('/api/user/get-course-progress')
        .set(caller.auth)
        .send({ courseId: course.id });
      expect(res.body).toEqual({
        success: true,
        progressData: { lectureCompleted: [], quizzesPassed: [] },
      });
    }
  });

  it('when a signed-in user who is not enrolled asks, then 403 and none of the rows show', async () => {
    const { course } = await enrolledStudent();
    const outsider = await ctx.createUser();
    // Rows left from an enrollment that is gone (a refund) are still not theirs to read.
    await ctx.database.db
      .insert(lectureProgress)
      .values({ userId: outsider.user.id, courseId: course.id, lectureId: 'lec-1' });
    const res = await request(ctx.app)
      .post('/api/user/get-course-progress')
      .set(outsider.auth)
      .send({ courseId: course.id });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, message: NOT_ENROLLED });
    expect(await progressRows(outsider.user.id, course.id)).toHaveLength(1);
  });

  it('when the body is bad, the course unknown or the caller anonymous, then 400, 404 or 401', async () => {
    const { student, course } = await enrolledStudent();
    const post = (body: object) =>
      request(ctx.app).post('/api/user/get-course-progress').set(student.auth).send(body);
    expect((await post({})).status).toBe(400);
    expect((await post({ courseId: 'abc' })).status).toBe(400);
    expect((await post({ courseId: randomUUID() })).status).toBe(404);
    expect(
      (await request(ctx.app).post('/api/user/get-course-progress').send({ courseId: course.id }))
        .status,
    ).toBe(401);
  });
});

describe('POST /api/user/update-course-progress', () => {
  it('when an enrolled student completes a lecture twice, then 200 both times and one row', async () => {
    const { course, student } = await enrolledStudent();
    for (let i = 0; i < 2; i++) {
      const res = await request(ctx.app)
        .post('/api/user/update-course-progress')
        .set(student.auth)
        .send({ courseId: course.id, lectureId: 'lec-3' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: 'Progresso do curso atualizado' });
    }
    expect((await progressRows(student.user.id, course.id)).map((r) => r.lectureId)).toEqual([
      'lec-3',
    ]);
    const progress = await request(ctx.app)
      .post('/api/user/get-course-progress')
      .set(student.auth)
      .send({ courseId: course.id });
    expect(progress.body.progressData.lectureCompleted).toEqual(['lec-3']);
  });

  it('when a student who is not enrolled, or the course educator, marks a lecture, then 403 and nothing stored', async () => {
    const { course, owner } = await enrolledStudent();
    const outsider = await ctx.createUser();
    for (const caller of [outsider, owner]) {
      const res = await request(ctx.app)
        .post('/api/user/update-course-progress')
        .set(caller.auth)
        .send({ courseId: course.id, lectureId: 'lec-1' });
      expect(res.status).toBe(403);
      expect(res.body.success).toBe(false);
      expect(await progressRows(caller.user.id, course.id)).toHaveLength(0);
    }
  });

  it('when the lecture is not part of the course, then 400 and nothing stored', async () => {
    const { course, student } = await enrolledStudent();
    const other = await insertCourse(
      ctx.database.db,
      (await ctx.createUser({ role: 'educator' })).user.id,
      {
        content: [
          {
            chapterId: 'x',
            chapterTitle: 'X',
            chapterOrder: 1,
            chapterContent: [
              {
                lectureId: 'foreign',
                lectureTitle: 'Outra',
                lectureDuration: 1,
                lectureUrl: '',
                isPreviewFree: false,
                lectureOrder: 1,
              },
            ],
          },
        ],
      },
    );
    expect(other.id).not.toBe(course.id);
    const res = await request(ctx.app)
      .post('/api/user/update-course-progress')
      .set(student.auth)
      .send({ courseId: course.id, lectureId: 'foreign' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Esta aula não pertence ao curso');
    expect(await progressRows(student.user.id, course.id)).toHaveLength(0);
  });

  it('when the body is bad, then 400 for every field and nothing stored', async () => {
    const { course, student } = await enrolledStudent();
    const bodies = [
      {},
      { courseId: course.id },
      { courseId: course.id, lectureId: '' },
      { courseId: course.id, lectureId: 12 },
      { courseId: course.id, lectureId: 'x'.repeat(101) },
      { courseId: 'nope', lectureId: 'lec-1' },
    ];
    for (const body of bodies) {
      const res = await request(ctx.app)
        .post('/api/user/update-course-progress')
        .set(student.auth)
        .send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect(await progressRows(student.user.id, course.id)).toHaveLength(0);
    const anonymous = await request(ctx.app)
      .post('/api/user/update-course-progress')
      .send({ courseId: course.id, lectureId: 'lec-1' });
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /api/user/add-rating', () => {
  it('when an enrolled student rates twice, then the second rating replaces the first', async () => {
    const { course, student } = await enrolledStudent();
    const first = await request(ctx.app)
      .post('/api/user/add-rating')
      .set(student.auth)
      .send({ courseId: course.id, rating: 2 });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, message: 'Avaliação registrada com sucesso' });
    await request(ctx.app)
      .post('/api/user/add-rating')
      .set(student.auth)
      .send({ courseId: course.id, rating: 5 })
      .expect(200);
    const rows = await ratingRows(student.user.id, course.id);
    expect(rows.map((r) => r.rating)).toEqual([5]);
    const detail = await request(ctx.app).get(`/api/course/${course.id}`).set(student.auth);
    expect(detail.body.courseData).toMatchObject({ myRating: 5, ratingCount: 1, averageRating: 5 });
  });

  it('when the rating is not a whole number from 1 to 5, then 400 with the rule and nothing stored', async () => {
    const { course, student } = await enrolledStudent();
    for (const rating of [0, 6, 3.5, -1, '4', null, true]) {
      const res = await request(ctx.app)
        .post('/api/user/add-rating')
        .set(student.auth)
        .send({ courseId: course.id, rating });
      expect(res.status, String(rating)).toBe(400);
      expect(res.body.success).toBe(false);
      if (typeof rating === 'number') expect(res.body.message).toBe(RATING_MESSAGE);
    }
    const missing = await request(ctx.app)
      .post('/api/user/add-rating')
      .set(student.auth)
      .send({ courseId: course.id });
    expect(missing.status).toBe(400);
    expect(await ratingRows(student.user.id, course.id)).toHaveLength(0);
  });

  it('when a student who is not enrolled, or the course educator, rates, then 403 and nothing stored', async () => {
    const { course, owner } = await enrolledStudent();
    const outsider = await ctx.createUser();
    for (const caller of [outsider, owner]) {
      const res = await request(ctx.app)
        .post('/api/user/add-rating')
        .set(caller.auth)
        .send({ courseId: course.id, rating: 5 });
      expect(res.status).toBe(403);
      expect(await ratingRows(caller.user.id, course.id)).toHaveLength(0);
    }
  });

  it('when the course is unknown or the caller anonymous, then 404 or 401', async () => {
    const student = await ctx.createUser();
    const unknown = await request(ctx.app)
      .post('/api/user/add-rating')
      .set(student.auth)
      .send({ courseId: randomUUID(), rating: 3 });
    expect(unknown.status).toBe(404);
    const anonymous = await request(ctx.app)
      .post('/api/user/add-rating')
      .send({ courseId: randomUUID(), rating: 3 });
    expect(anonymous.status).toBe(401);
  });
});
