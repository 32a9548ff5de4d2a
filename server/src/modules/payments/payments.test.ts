import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { purchaseResponseSchema, purchaseViewResponseSchema } from '@aprendiz/contract/payments';
import { enrollments } from '../../db/schema/enrollments';
import { purchases } from '../../db/schema/purchases';
import { courseLedgerTotals } from '../../db/schema/ledger';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertCourse } from '../../test/fixtures/course-fixtures';
import { insertPurchaseRow } from '../../test/fixtures/purchase-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function pendingPurchase() {
  const owner = await ctx.createUser({ role: 'educator', name: 'Prof. Marta' });
  const course = await insertCourse(ctx.database.db, owner.user.id, {
    title: 'SQL na prática',
    price: 40,
    discount: 25,
  });
  const buyer = await ctx.createUser();
  const res = await request(ctx.app)
    .post('/api/user/purchase')
    .set(buyer.auth)
    .send({ courseId: course.id });
  expect(res.status).toBe(200);
  const purchaseId = purchaseResponseSchema.parse(res.body).session_url.split('/').pop()!;
  return { owner, course, buyer, purchaseId };
}

async function purchaseRow(id: string) {
  const [row] = await ctx.database.db.select().from(purchases).where(eq(purchases.id, id));
  return row!;
}

async function enrollmentCount(userId: string) {
  return (await ctx.database.db.select().from(enrollments).where(eq(enrollments.userId, userId)))
    .length;
}

describe('GET /api/payments/:purchaseId', () => {
  it('when the buyer asks, then the purchase with course title and educator name', async () => {
    const { course, buyer, purchaseId } = await pendingPurchase();
    const res = await request(ctx.app).get(`/api/payments/${purchaseId}`).set(buyer.auth);
    expect(res.status).toBe(200);
    expect(purchaseViewResponseSchema.parse(res.body).purchase).toEqual({
      _id: purchaseId,
      status: 'pending',
      amount: 30,
      currency: 'aoa',
      courseId: course.id,
      courseTitle: 'SQL na prática',
      educatorName: 'Prof. Marta',
      educatorTitle: 'educador',
      coursePrice: 40,
      discount: 25,
      listAmount: null,
      couponCode: null,
    });
  });

  it('when anyone else asks, or the id is unknown or not a UUID, then 404; anonymous gets 401', async () => {
    const { owner, purchaseId } = await pendingPurchase();
    const stranger = await ctx.createUser();
    for (const [auth, id] of [
      [stranger.auth, purchaseId],
      [owner.auth, purchaseId],
      [stranger.auth, randomUUID()],
      [stranger.auth, 'not-a-uuid'],
    ] as const) {
      const res = await request(ctx.app).get(`/api/payments/${id}`).set(auth);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'Pagamento não encontrado' });
    }
    expect((await request(ctx.app).get(`/api/payments/${purchaseId}`)).status).toBe(401);
  });
});

describe('Cache-Control on payment answers', () => {
  it('when a purchase is started, read, paid or refused, then every answer says private, no-store', async () => {
    const { buyer, course, purchaseId } = await pendingPurchase();
    const stranger = await ctx.createUser();
    const answers = [
      await request(ctx.app)
        .post('/api/user/purchase')
        .set(buyer.auth)
        .send({ courseId: course.id }),
      await request(ctx.app).get(`/api/payments/${purchaseId}`).set(buyer.auth),
      await request(ctx.app).get(`/api/payments/${purchaseId}`).set(stranger.auth),
      await request(ctx.app).get(`/api/payments/${purchaseId}`),
      await request(ctx.app).post(`/api/payments/sandbox/${purchaseId}/complete`).set(buyer.auth),
      await request(ctx.app).post(`/api/payments/sandbox/${purchaseId}/cancel`).set(buyer.auth),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 200, 404, 401, 200, 409]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('private, no-store');
    expect((await purchaseRow(purchaseId)).status).toBe('completed');
  });
});

describe('POST /api/payments/sandbox/:purchaseId/complete', () => {
  it('when the buyer pays, then the purchase completes and the course is theirs; paying again is harmless', async () => {
    const { course, buyer, purchaseId } = await pendingPurchase();
    const res = await request(ctx.app)
      .post(`/api/payments/sandbox/${purchaseId}/complete`)
      .set(buyer.auth);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.purchase.status).toBe('completed');
    const row = await purchaseRow(purchaseId);
    expect(row.status).toBe('completed');
    expect(row.completedAt).toBeInstanceOf(Date);

    const again = await request(ctx.app)
      .post(`/api/payments/sandbox/${purchaseId}/complete`)
      .set(buyer.auth);
    expect(again.status).toBe(200);
    expect(await enrollmentCount(buyer.user.id)).toBe(1);
    expect((await purchaseRow(purchaseId)).completedAt).toEqual(row.completedAt);

    const enrolled = await request(ctx.app).get('/api/user/enrolled-courses').set(buyer.auth);
    expect(enrolled.body.enrolledCourses.map((c: { _id: string }) => c._id)).toEqual([course.id]);
  });

  it('when someone else tries to pay it, then 404 and nothing changes', async () => {
    const { buyer, purchaseId } = await pendingPurchase();
    const thief = await ctx.createUser();
    const res = await request(ctx.app)
      .post(`/api/payments/sandbox/${purchaseId}/complete`)
      .set(thief.auth);
    expect(res.status).toBe(404);
    expect((await purchaseRow(purchaseId)).status).toBe('pending');
    expect(await enrollmentCount(thief.user.id)).toBe(0);
    expect(await enrollmentCount(buyer.user.id)).toBe(0);
    expect(
      (await request(ctx.app).post(`/api/payments/sandbox/${purchaseId}/complete`)).status,
    ).toBe(401);
    expect(
      (await request(ctx.app).post('/api/payments/sandbox/abc/complete').set(buyer.auth)).status,
    ).toBe(404);
  });

  it('when the same purchase is paid 20 times at once, then one enrollment and every answer 200', async () => {
    const { buyer, purchaseId } = await pendingPurchase();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(ctx.app).post(`/api/payments/sandbox/${purchaseId}/complete`).set(buyer.auth),
      ),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(await enrollmentCount(buyer.user.id)).toBe(1);
  });
});

describe('POST /api/payments/sandbox/:purchaseId/complete for a buyer who has the course', () => {
  it('when two older open purchases are paid after the buyer got the course, then 409 in Portuguese each time, both fail and the price counts once', async () => {
    const { course, buyer, purchaseId } = await pendingPurchase();
    await request(ctx.app)
      .post(`/api/payments/sandbox/${purchaseId}/complete`)
      .set(buyer.auth)
      .expect(200);

    for (let i = 0; i < 2; i++) {
      // Left open by an earlier start, e.g. in another tab before the course was bought.
      const older = await insertPurchaseRow(ctx.database.db, {
        userId: buyer.user.id,
        courseId: course.id,
        amount: '30.00',
        provider: 'sandbox',
      });
      const res = await request(ctx.app)
        .post(`/api/payments/sandbox/${older.id}/complete`)
        .set(buyer.auth);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        success: false,
        message: 'Você já tem este curso: este pagamento foi cancelado e nada foi cobrado',
      });
      expect(await purchaseRow(older.id)).toMatchObject({ status: 'failed', completedAt: null });
    }

    expect(await enrollmentCount(buyer.user.id)).toBe(1);
    const [row] = await ctx.database.db
      .select({ gross: courseLedgerTotals.gross })
      .from(courseLedgerTotals)
      .where(eq(courseLedgerTotals.courseId, course.id));
    expect(row!.gross).toBe('30.00');
    const statuses = (
      await ctx.database.db.select().from(purchases).where(eq(purchases.userId, buyer.user.id))
    ).map((p) => p.status);
    expect(statuses.sort()).toEqual(['completed', 'failed', 'failed']);
  });
});

describe('POST /api/payments/sandbox/:purchaseId/cancel', () => {
  it('when the buyer cancels, then the purchase fails and can no longer be paid', async () => {
    const { buyer, purchaseId } = await pendingPurchase();
    const res = await request(ctx.app)
      .post(`/api/payments/sandbox/${purchaseId}/cancel`)
      .set(buyer.auth);
    expect(res.status).toBe(200);
    expect(res.body.purchase.status).toBe('failed');
    expect((await purchaseRow(purchaseId)).status).toBe('failed');

    const pay = await request(ctx.app)
      .post(`/api/payments/sandbox/${purchaseId}/complete`)
      .set(buyer.auth);
    expect(pay.status).toBe(409);
    expect(pay.body.message).toBe('Este pagamento foi cancelado');
    expect(await enrollmentCount(buyer.user.id)).toBe(0);
  });

  it('when a completed purchase is cancelled, then 409 and it stays completed', async () => {
    const { buyer, purchaseId } = await pendingPurchase();
    await request(ctx.app)
      .post(`/api/payments/sandbox/${purchaseId}/complete`)
      .set(buyer.auth)
      .expect(200);
    const res = await request(ctx.app)
      .post(`/api/payments/sandbox/${purchaseId}/cancel`)
      .set(buyer.auth);
    expect(res.status).toBe(409);
    expect((await purchaseRow(purchaseId)).status).toBe('completed');
  });

  it('when someone else cancels it, then 404 and it stays pending', async () => {
    const { purchaseId } = await pendingPurchase();
    const stranger = await ctx.createUser();
    const res = await request(ctx.app)
      .post(`/api/payments/sandbox/${purchaseId}/cancel`)
      .set(stranger.auth);
    expect(res.status).toBe(404);
    expect((await purchaseRow(purchaseId)).status).toBe('pending');
  });
});

describe('POST /api/webhooks/stripe without Stripe', () => {
  it('when payments run in the sandbox, then the Stripe webhook does not exist', async () => {
    const res = await request(ctx.app)
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', 't=1,v1=abc')
      .send('{}');
    expect(res.status).toBe(404);
  });
});
