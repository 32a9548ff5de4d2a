import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { enrolledCourseResponseSchema } from '@aprendiz/contract/learning';
import { educatorCourseDetailResponseSchema } from '@aprendiz/contract/educator';
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

async function watermarkOf(courseId: string): Promise<boolean | undefined> {
  const [row] = await ctx.database.db
    .select({ watermark: courses.watermark })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row?.watermark;
}

const FREE = { coursePrice: 0, discount: 0 };

describe('the watermark per course', () => {
  it('when an educator adds a course without the field, then it is off; turned on, the editor and the enrolled learner read it', async () => {
    const { auth } = await ctx.createUser({ role: 'educator' });
    const plain = await addCourse(auth, validCourseData(FREE)).expect(201);
    expect(await watermarkOf(String(plain.body.courseId))).toBe(false);

    const marked = await addCourse(auth, validCourseData({ ...FREE, watermark: true })).expect(201);
    const courseId = String(marked.body.courseId);
    expect(await watermarkOf(courseId)).toBe(true);
    const own = await request(ctx.app).get(`/api/educator/course/${courseId}`).set(auth);
    expect(educatorCourseDetailResponseSchema.parse(own.body).courseData.watermark).toBe(true);

    // The player's course carries it; the learner's own name and e-mail are already theirs.
    const learner = await ctx.createUser();
    await request(ctx.app)
      .post('/api/user/enroll-free-course')
      .set(learner.auth)
      .send({ courseId })
      .expect(200);
    const player = await request(ctx.app)
      .get(`/api/user/enrolled-courses/${courseId}`)
      .set(learner.auth)
      .expect(200);
    expect(enrolledCourseResponseSchema.parse(player.body).enrolledCourse?.watermark).toBe(true);
  });

  it('when the educator edits without the field, then the choice stays; an edit with false turns it off', async () => {
    const { auth } = await ctx.createUser({ role: 'educator' });
    const res = await addCourse(auth, validCourseData({ watermark: true })).expect(201);
    const courseId = String(res.body.courseId);

    await editCourse(auth, courseId, validCourseData()).expect(200);
    expect(await watermarkOf(courseId)).toBe(true);
    await editCourse(auth, courseId, validCourseData({ watermark: false })).expect(200);
    expect(await watermarkOf(courseId)).toBe(false);
  });

  it('when another educator or a learner tries to turn it on, then they are refused and the course is unchanged', async () => {
    const owner = await ctx.createUser({ role: 'educator' });
    const res = await addCourse(owner.auth, validCourseData()).expect(201);
    const courseId = String(res.body.courseId);

    const other = await ctx.createUser({ role: 'educator' });
    await editCourse(other.auth, courseId, validCourseData({ watermark: true })).expect(404);
    const learner = await ctx.createUser();
    const refused = await editCourse(learner.auth, courseId, validCourseData({ watermark: true }));
    expect(refused.status).toBe(403);
    expect(await watermarkOf(courseId)).toBe(false);
  });

  it.each(['sim', 1, null])(
    'when the watermark is %s, then 400 saying it is on or off, and nothing is stored',
    async (value) => {
      const { user, auth } = await ctx.createUser({ role: 'educator' });
      const res = await addCourse(auth, { ...validCourseData(), watermark: value });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        message: "A marca d'água deve ser ligada ou desligada (true ou false)",
      });
      const rows = await ctx.database.db
        .select()
        .from(courses)
        .where(eq(courses.educatorId, user.id));
      expect(rows).toHaveLength(0);
    },
  );
});
