import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { createTestContext, type TestContext } from '../../test/test-app';
import { enrollDirectly } from '../../test/fixtures/course-fixtures';
import { courseOfNewEducator, enrollmentsOf } from '../../test/fixtures/enrollment-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('POST /api/user/enroll-free-course', () => {
  it('when a student enrolls in a free course, then 200 and one enrollment is stored', async () => {
    const { course: free } = await courseOfNewEducator(ctx, { price: 0, discount: 0 });
    const student = await ctx.createUser();
    const res = await request(ctx.app)
      .post('/api/user/enroll-free-course')
      .set(student.auth)
      .send({ courseId: free.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Inscrição realizada com sucesso!' });
    expect(await enrollmentsOf(ctx.database.db, student.user.id, free.id)).toHaveLength(1);
  });

  it('when the discount is 100%, then the course counts as free', async () => {
    const { course: fullyDiscounted } = await courseOfNewEducator(ctx, {
      price: 49.9,
      discount: 100,
    });
    const student = await ctx.createUser();
    await request(ctx.app)
      .post('/api/user/enroll-free-course')
      .set(student.auth)
      .send({ courseId: fullyDiscounted.id })
      .expect(200);
    expect(await enrollmentsOf(ctx.database.db, student.user.id, fullyDiscounted.id)).toHaveLength(
      1,
    );
  });

  it('when the course costs something after the discount, then 400 and no enrollment', async () => {
    const { course: paid } = await courseOfNewEducator(ctx, { price: 10, discount: 99 });
    const student = await ctx.createUser();
    const res = await request(ctx.app)
      .post('/api/user/enroll-free-course')
      .set(student.auth)
      .send({ courseId: paid.id });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(/não é gratuito/);
    expect(await enrollmentsOf(ctx.database.db, student.user.id)).toHaveLength(0);
  });

  it('when the student is already enrolled, then 409 Já adquirido', async () => {
    const { course: free } = await courseOfNewEducator(ctx, { price: 0, discount: 0 });
    const student = await ctx.createUser();
    await enrollDirectly(ctx.database.db, student.user.id, free.id);
    const res = await request(ctx.app)
      .post('/api/user/enroll-free-course')
      .set(student.auth)
      .send({ courseId: free.id });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: 'Já adquirido' });
  });

  it('when the course educator enrolls in their own course, then 409 and no enrollment', async () => {
    const { owner, course: free } = await courseOfNewEducator(ctx, { price: 0, discount: 0 });
    const res = await request(ctx.app)
      .post('/api/user/enroll-free-course')
      .set(owner.auth)
      .send({ courseId: free.id });
    expect(res.status).toBe(409);
    expect(await enrollmentsOf(ctx.database.db, owner.user.id)).toHaveLength(0);
  });

  it('when another educator enrolls in a free course, then they become a student of it', async () => {
    const { course: free } = await courseOfNewEducator(ctx, { price: 0, discount: 0 });
    const other = await ctx.createUser({ role: 'educator' });
    await request(ctx.app)
      .post('/api/user/enroll-free-course')
      .set(other.auth)
      .send({ courseId: free.id })
      .expect(200);
  });

  it('when the caller is anonymous, then 401 and nothing is stored', async () => {
    const { course: free } = await courseOfNewEducator(ctx, { price: 0, discount: 0 });
    const res = await request(ctx.app)
      .post('/api/user/enroll-free-course')
      .send({ courseId: free.id });
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });

  it('when the course id is missing, malformed, unknown or unpublished, then 400 or 404 in Portuguese', async () => {
    const student = await ctx.createUser();
    const { course: hidden } = await courseOfNewEducator(ctx, {
      price: 0,
      discount: 0,
      isPublished: false,
    });
    const cases: [unknown, number][] = [
      [{}, 400],
      [{ courseId: 'abc' }, 400],
      [{ courseId: 42 }, 400],
      [[], 400],
      [{ courseId: randomUUID() }, 404],
      [{ courseId: hidden.id }, 404],
    ];
    for (const [body, status] of cases) {
      const res = await request(ctx.app)
        .post('/api/user/enroll-free-course')
        .set(student.auth)
        .send(body as object);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const notFound = await request(ctx.app)
      .post('/api/user/enroll-free-course')
      .set(student.auth)
      .send({ courseId: randomUUID() });
    expect(notFound.body.message).toBe('Curso não encontrado');
    expect(await enrollmentsOf(ctx.database.db, student.user.id)).toHaveLength(0);
  });

  it('when the same student sends 20 enrollments at once, then exactly one succeeds and one row exists', async () => {
    const { course: free } = await courseOfNewEducator(ctx, { price: 0, discount: 0 });
    const student = await ctx.createUser();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(ctx.app)
          .post('/api/user/enroll-free-course')
          .set(student.auth)
          .send({ courseId: free.id }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await enrollmentsOf(ctx.database.db, student.user.id, free.id)).toHaveLength(1);
  });
});
