import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { courses } from '../../db/schema/courses';
import { createTestContext, type TestContext } from '../../test/test-app';
import { makeImage, validCourseData } from '../../test/fixtures/educator-fixtures';

let ctx: TestContext;
let png: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  png = await makeImage('png', 320, 180);
});
afterAll(() => ctx.close());

function addCourse(auth: Record<string, string>, data: object) {
  return request(ctx.app)
    .post('/api/educator/add-course')
    .set(auth)
    .field('courseData', JSON.stringify(data))
    .attach('image', png, { filename: 'thumb.png', contentType: 'image/png' });
}

function editCourse(auth: Record<string, string>, courseId: string, data: object) {
  return request(ctx.app)
    .put(`/api/educator/course/${courseId}`)
    .set(auth)
    .field('courseData', JSON.stringify(data));
}

async function guaranteeOf(courseId: string) {
  const [row] = await ctx.database.db
    .select({ days: courses.guaranteeDays })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row?.days;
}

describe('the guarantee per course', () => {
  it('when an educator adds a course without one, then it gets 7 days, shown on the course page', async () => {
    const { auth } = await ctx.createUser({ role: 'educator' });
    const res = await addCourse(auth, validCourseData()).expect(201);
    const courseId = String(res.body.courseId);
    expect(await guaranteeOf(courseId)).toBe(7);
    const page = await request(ctx.app).get(`/api/course/${courseId}`).expect(200);
    expect(page.body.courseData.guaranteeDays).toBe(7);
  });

  it('when an educator chooses 30 days and then edits without the field, then 30 stays; an edit to 14 stores 14', async () => {
    const { auth } = await ctx.createUser({ role: 'educator' });
    const res = await addCourse(auth, validCourseData({ guaranteeDays: 30 })).expect(201);
    const courseId = String(res.body.courseId);
    expect(await guaranteeOf(courseId)).toBe(30);

    await editCourse(auth, courseId, validCourseData()).expect(200);
    expect(await guaranteeOf(courseId)).toBe(30);
    await editCourse(auth, courseId, validCourseData({ guaranteeDays: 14 })).expect(200);
    expect(await guaranteeOf(courseId)).toBe(14);
    const own = await request(ctx.app).get(`/api/educator/course/${courseId}`).set(auth);
    expect(own.body.courseData.guaranteeDays).toBe(14);
  });

  it.each([6, 31, 7.5, '10'])(
    'when the guarantee is %s, then 400 with the allowed range and nothing stored',
    async (days) => {
      const { user, auth } = await ctx.createUser({ role: 'educator' });
      const res = await addCourse(auth, { ...validCourseData(), guaranteeDays: days });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        message: 'A garantia deve ser de 7 a 30 dias',
      });
      const rows = await ctx.database.db
        .select()
        .from(courses)
        .where(eq(courses.educatorId, user.id));
      expect(rows).toHaveLength(0);
    },
  );
});
