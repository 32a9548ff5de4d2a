import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { courses } from '../../db/schema/courses';
import { purchases } from '../../db/schema/purchases';
import { createTestContext, type TestContext } from '../../test/test-app';
import { enrollDirectly } from '../../test/fixtures/course-fixtures';
import { courseOfNewEducator, enrollmentsOf } from '../../test/fixtures/enrollment-fixtures';
import { insertPurchaseRow } from '../../test/fixtures/purchase-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function purchasesOf(userId: string) {
  return ctx.database.db.select().from(purchases).where(eq(purchases.userId, userId));
}

function start(auth: { Authorization: string }, courseId: string) {
  return request(ctx.app).post('/api/user/purchase').set(auth).send({ courseId });
}

describe('POST /api/user/purchase (sandbox checkout)', () => {
  it('when a student buys a paid course, then a pending purchase with the server-computed amount and the sandbox URL', async () => {
    const { course: paid } = await courseOfNewEducator(ctx, { price: 19.99, discount: 15 });
    const student = await ctx.createUser();
    const res = await request(ctx.app)
      .post('/api/user/purchase')
      .set(student.auth)
      // A client-sent amount must be ignored: the server prices the course.
      .send({ courseId: paid.id, amount: 0.01 });
    expect(res.status).toBe(200);
    const [purchase] = await purchasesOf(student.user.id);
    expect(purchase).toMatchObject({
      courseId: paid.id,
      amount: '16.99',
      currency: 'aoa',
      status: 'pending',
      provider: 'sandbox',
      providerRef: null,
    });
    expect(res.body).toEqual({
      success: true,
      session_url: `http://app.test/checkout/${purchase!.id}`,
    });
    expect(await enrollmentsOf(ctx.database.db, student.user.id)).toHaveLength(0);
  });

  it('when the price has awkward cents, then the amount is rounded to two decimals', async () => {
    const { course: paid } = await courseOfNewEducator(ctx, { price: 33.33, discount: 33 });
    const student = await ctx.createUser();
    await request(ctx.app)
      .post('/api/user/purchase')
      .set(student.auth)
      .send({ courseId: paid.id })
      .expect(200);
    const [purchase] = await purchasesOf(student.user.id);
    expect(purchase!.amount).toBe('22.33');
  });

  it('when the course is free, then 400 pointing to the free enrollment and no purchase', async () => {
    const { course: free } = await courseOfNewEducator(ctx, { price: 0, discount: 0 });
    const student = await ctx.createUser();
    const res = await request(ctx.app)
      .post('/api/user/purchase')
      .set(student.auth)
      .send({ courseId: free.id });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/gratuito/);
    expect(await purchasesOf(student.user.id)).toHaveLength(0);
  });

  it('when the student already owns the course, then 409 Já adquirido and no purchase', async () => {
    const { course: paid } = await courseOfNewEducator(ctx, { price: 10, discount: 0 });
    const student = await ctx.createUser();
    await enrollDirectly(ctx.database.db, student.user.id, paid.id);
    const res = await request(ctx.app)
      .post('/api/user/purchase')
      .set(student.auth)
      .send({ courseId: paid.id });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: 'Já adquirido' });
    expect(await purchasesOf(student.user.id)).toHaveLength(0);
  });

  it('when the course educator tries to buy their own course, then 409 and no purchase', async () => {
    const { owner, course: paid } = await courseOfNewEducator(ctx, { price: 10, discount: 0 });
    const res = await request(ctx.app)
      .post('/api/user/purchase')
      .set(owner.auth)
      .send({ courseId: paid.id });
    expect(res.status).toBe(409);
    expect(await purchasesOf(owner.user.id)).toHaveLength(0);
  });

  it('when the course is unknown or the body is bad, then 404 or 400 and no purchase', async () => {
    const student = await ctx.createUser();
    expect(
      (
        await request(ctx.app)
          .post('/api/user/purchase')
          .set(student.auth)
          .send({ courseId: randomUUID() })
      ).status,
    ).toBe(404);
    expect(
      (await request(ctx.app).post('/api/user/purchase').set(student.auth).send({})).status,
    ).toBe(400);
    expect(
      (await request(ctx.app).post('/api/user/purchase').set(student.auth).send({ courseId: 'x' }))
        .status,
    ).toBe(400);
    expect(
      (await request(ctx.app).post('/api/user/purchase').send({ courseId: randomUUID() })).status,
    ).toBe(401);
    expect(await purchasesOf(student.user.id)).toHaveLength(0);
  });

  it('when one student starts 50 purchases of one course at once, then one pending purchase and 50 identical answers', async () => {
    const { course: paid } = await courseOfNewEducator(ctx, { price: 25, discount: 20 });
    const student = await ctx.createUser();
    const opened = await Promise.all(
      Array.from({ length: 50 }, () => start(student.auth, paid.id)),
    );

    expect(opened.map((r) => r.status)).toEqual(Array(50).fill(200));
    const rows = await purchasesOf(student.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', amount: '20.00' });
    const url = `http://app.test/checkout/${rows[0]!.id}`;
    expect(rows[0]!.checkoutUrl).toBe(url);
    expect(new Set(opened.map((r) => r.body.session_url))).toEqual(new Set([url]));

    await request(ctx.app)
      .post(`/api/payments/sandbox/${rows[0]!.id}/complete`)
      .set(student.auth)
      .expect(200);
    expect(await enrollmentsOf(ctx.database.db, student.user.id, paid.id)).toHaveLength(1);
    const again = await start(student.auth, paid.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, message: 'Já adquirido' });
    expect(await purchasesOf(student.user.id)).toHaveLength(1);
  });

  it('when a student asks again later, then the same checkout answers and no purchase is added', async () => {
    const { course: paid } = await courseOfNewEducator(ctx, { price: 12, discount: 0 });
    const student = await ctx.createUser();
    const first = await start(student.auth, paid.id).expect(200);
    const second = await start(student.auth, paid.id).expect(200);
    expect(second.body.session_url).toBe(first.body.session_url);
    expect(await purchasesOf(student.user.id)).toHaveLength(1);
  });

  it('when the price changed since the checkout opened, then that purchase fails and a new one opens at the new price', async () => {
    const { course: paid } = await courseOfNewEducator(ctx, { price: 40, discount: 0 });
    const student = await ctx.createUser();
    const first = await start(student.auth, paid.id).expect(200);
    await ctx.database.db.update(courses).set({ discount: 50 }).where(eq(courses.id, paid.id));

    const second = await start(student.auth, paid.id).expect(200);
    expect(second.body.session_url).not.toBe(first.body.session_url);
    const rows = await purchasesOf(student.user.id);
    expect(rows.map((r) => [r.status, r.amount, r.checkoutUrl]).sort()).toEqual([
      ['failed', '40.00', first.body.session_url],
      ['pending', '20.00', second.body.session_url],
    ]);
  });

  it('when the open purchase has no checkout address kept (opened before they were), then it fails and a new one opens', async () => {
    const { course: paid } = await courseOfNewEducator(ctx, { price: 15, discount: 0 });
    const student = await ctx.createUser();
    const old = await insertPurchaseRow(ctx.database.db, {
      userId: student.user.id,
      courseId: paid.id,
      amount: '15.00',
      provider: 'sandbox',
    });

    const res = await start(student.auth, paid.id).expect(200);
    const rows = await purchasesOf(student.user.id);
    const fresh = rows.find((r) => r.id !== old.id)!;
    expect(res.body.session_url).toBe(`http://app.test/checkout/${fresh.id}`);
    expect(rows.map((r) => [r.id === old.id, r.status]).sort()).toEqual([
      [false, 'pending'],
      [true, 'failed'],
    ]);
  });

  it('when a second open purchase of one course is written for the same buyer, then the database refuses it', async () => {
    const { course: paid } = await courseOfNewEducator(ctx, { price: 15, discount: 0 });
    const student = await ctx.createUser();
    const row = {
      userId: student.user.id,
      courseId: paid.id,
      amount: '15.00',
      provider: 'sandbox',
    } as const;
    await insertPurchaseRow(ctx.database.db, row);
    await expect(insertPurchaseRow(ctx.database.db, row)).rejects.toMatchObject({
      cause: expect.objectContaining({ constraint: 'purchases_one_open_per_course' }),
    });
    await insertPurchaseRow(ctx.database.db, { ...row, status: 'failed' });
    expect(await purchasesOf(student.user.id)).toHaveLength(2);
  });
});
