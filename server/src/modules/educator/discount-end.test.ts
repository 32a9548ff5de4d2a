import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { DISCOUNT_ENDS_PAST } from '@aprendiz/contract/educator';
import { courses } from '../../db/schema/courses';
import { createTestContext, type TestContext } from '../../test/test-app';
import { makeImage, validCourseData } from '../../test/fixtures/educator-fixtures';
import { endLapsedDiscounts } from '../courses/discount-end';

let ctx: TestContext;
let png: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  png = await makeImage('png', 320, 180);
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60 * 1000;

function send(method: 'post' | 'put', url: string, auth: Record<string, string>, data: unknown) {
  const req = request(ctx.app)[method](url).set(auth).field('courseData', JSON.stringify(data));
  if (method === 'post')
    req.attach('image', png, { filename: 'thumb.png', contentType: 'image/png' });
  return req;
}

async function publicCourse(id: string) {
  const res = await request(ctx.app).get(`/api/course/${id}`).expect(200);
  return res.body.courseData as { discount: number; discountEndsAt: string | null };
}

describe('a discount with an end date (issue 45)', () => {
  it('when an educator dates a discount, then the course says when it ends, and at that time the full price returns', async () => {
    const owner = await ctx.createUser({ role: 'educator' });
    const endsAt = new Date(Date.now() + 3 * DAY).toISOString();
    const added = await send('post', '/api/educator/add-course', owner.auth, {
      ...validCourseData(),
      coursePrice: 100,
      discount: 20,
      discountEndsAt: endsAt,
    }).expect(201);
    const id = added.body.courseId as string;
    expect(await publicCourse(id)).toMatchObject({ discount: 20, discountEndsAt: endsAt });
    const edited = await request(ctx.app)
      .get(`/api/educator/course/${id}`)
      .set(owner.auth)
      .expect(200);
    expect(edited.body.courseData.discountEndsAt).toBe(endsAt);

    // Before its time nothing changes; after it, one sweep ends it, once.
    expect(await endLapsedDiscounts(ctx.deps, new Date(Date.now() + DAY))).toBe(0);
    expect(await endLapsedDiscounts(ctx.deps, new Date(Date.now() + 4 * DAY))).toBe(1);
    expect(await endLapsedDiscounts(ctx.deps, new Date(Date.now() + 4 * DAY))).toBe(0);
    expect(await publicCourse(id)).toMatchObject({ discount: 0, discountEndsAt: null });
  });

  it('when the end date has passed, is not a date, or the discount is 0, then it is refused or dropped and nothing is saved', async () => {
    const owner = await ctx.createUser({ role: 'educator' });
    const past = await send('post', '/api/educator/add-course', owner.auth, {
      ...validCourseData(),
      discount: 20,
      discountEndsAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe(DISCOUNT_ENDS_PAST);
    const garbage = await send('post', '/api/educator/add-course', owner.auth, {
      ...validCourseData(),
      discount: 20,
      discountEndsAt: 'amanhã',
    });
    expect(garbage.status).toBe(400);
    expect(garbage.body.message).toBe('Informe uma data e hora válidas para o fim do desconto');
    const mine = await ctx.database.db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.educatorId, owner.user.id));
    expect(mine).toHaveLength(0);

    const noDiscount = await send('post', '/api/educator/add-course', owner.auth, {
      ...validCourseData(),
      discount: 0,
      discountEndsAt: new Date(Date.now() + DAY).toISOString(),
    }).expect(201);
    expect((await publicCourse(noDiscount.body.courseId as string)).discountEndsAt).toBeNull();
  });

  it('when an edit does not mention the end date (the spec’s form), then the stored one stays; null clears it', async () => {
    const owner = await ctx.createUser({ role: 'educator' });
    const endsAt = new Date(Date.now() + 5 * DAY).toISOString();
    const added = await send('post', '/api/educator/add-course', owner.auth, {
      ...validCourseData(),
      discount: 10,
      discountEndsAt: endsAt,
    }).expect(201);
    const id = added.body.courseId as string;
    const { discountEndsAt: _omitted, ...withoutEnd } = {
      ...validCourseData(),
      discount: 10,
      discountEndsAt: undefined,
    };
    await send('put', `/api/educator/course/${id}`, owner.auth, withoutEnd).expect(200);
    expect((await publicCourse(id)).discountEndsAt).toBe(endsAt);
    await send('put', `/api/educator/course/${id}`, owner.auth, {
      ...withoutEnd,
      discountEndsAt: null,
    }).expect(200);
    expect((await publicCourse(id)).discountEndsAt).toBeNull();
  });
});
