import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { enrolledCoursesResponseSchema } from '@aprendiz/contract/learning';
import { manualRefunds } from '../../../db/schema/ledger';
import { purchases } from '../../../db/schema/purchases';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { enrollDirectly } from '../../../test/fixtures/course-fixtures';
import { courseOfNewEducator } from '../../../test/fixtures/enrollment-fixtures';
import { startFakeProxyPay, type FakeProxyPay } from '../../../test/fakes/proxypay-fake';
import { MANUAL_REFUND_NOT_FOUND, NO_REFUND_OWED } from '../refunds';

// A ProxyPay payment owed back (its API has no refund) reaches the operators' list, and the buyer
// is asked where to send it.

const OPS_TOKEN = 'ops-token-for-owed-refunds-0123456789';
let fake: FakeProxyPay;
let ctx: TestContext;
beforeAll(async () => {
  fake = await startFakeProxyPay();
  ctx = await createTestContext({
    CURRENCY: 'aoa',
    PROXYPAY_API_KEY: fake.apiKey,
    PROXYPAY_ENTITY: fake.entity,
    PROXYPAY_BASE_URL: fake.baseUrl,
    OPS_TOKEN,
  });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const VALID_IBAN = 'AO06 0044 0000 6729 5030 1010 2';

/** A buyer who paid a reference for a course they had been given meanwhile. */
async function paidTwiceForOwnedCourse() {
  const { course } = await courseOfNewEducator(ctx, { price: 5000, discount: 0 });
  const buyer = await ctx.createUser();
  const res = await request(ctx.app)
    .post('/api/user/purchase')
    .set(buyer.auth)
    .send({ courseId: course.id, method: 'reference' })
    .expect(200);
  const purchaseId = String(res.body.session_url).split('/').pop()!;
  const [row] = await ctx.database.db.select().from(purchases).where(eq(purchases.id, purchaseId));
  await enrollDirectly(ctx.database.db, buyer.user.id, course.id);
  const { body, signature } = fake.payReference(row!.providerRef!.slice('ref:'.length));
  const paid = await request(ctx.app)
    .post('/api/webhooks/proxypay')
    .set('Content-Type', 'application/json')
    .set('X-Signature', signature)
    .send(body)
    .expect(200);
  expect(paid.body.result).toBe('already-enrolled');
  return { course, buyer, purchaseId };
}

async function manualRefundOf(purchaseId: string) {
  const [row] = await ctx.database.db
    .select()
    .from(manualRefunds)
    .where(eq(manualRefunds.purchaseId, purchaseId));
  return row;
}

function giveDestination(purchaseId: string, auth: Record<string, string>, destination: unknown) {
  return request(ctx.app)
    .put(`/api/payments/${purchaseId}/refund-destination`)
    .set(auth)
    .send({ destination });
}

function opsList() {
  return request(ctx.app).get('/api/ops/refunds').set('Authorization', `Bearer ${OPS_TOKEN}`);
}

describe('a ProxyPay payment owed back', () => {
  it('when a reference is paid for a course the buyer already has, then the purchase is refund_pending with a manual refund awaiting its destination, on the operators list and in My Courses', async () => {
    const { course, buyer, purchaseId } = await paidTwiceForOwnedCourse();
    const [row] = await ctx.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, purchaseId));
    expect(row!.status).toBe('refund_pending');
    expect(await manualRefundOf(purchaseId)).toMatchObject({
      destination: null,
      amount: '5000.00',
      currency: 'aoa',
      provider: 'proxypay',
      method: 'reference',
      paidAt: null,
    });

    const listed = await opsList().expect(200);
    expect(listed.body.refunds).toContainEqual(
      expect.objectContaining({ purchaseId, destination: null, amount: 5000 }),
    );

    const mine = await request(ctx.app).get('/api/user/enrolled-courses').set(buyer.auth);
    const courses = enrolledCoursesResponseSchema.parse(mine.body).enrolledCourses;
    expect(courses.find((c) => c._id === course.id)?.owedRefund).toEqual({
      purchaseId,
      amount: 5000,
      currency: 'aoa',
    });

    // An operator cannot pay it before the buyer says where.
    const early = await request(ctx.app)
      .post(`/api/ops/refunds/${purchaseId}/paid`)
      .set('Authorization', `Bearer ${OPS_TOKEN}`);
    expect(early.status).toBe(404);
    expect(early.body.message).toBe(MANUAL_REFUND_NOT_FOUND);
  });

  it('when the buyer gives an IBAN that is not a valid Angolan one, then 400 in Portuguese and nothing is kept', async () => {
    const { buyer, purchaseId } = await paidTwiceForOwnedCourse();
    for (const wrong of ['AO06004400006729503010103', 'PT50000201231234567890154', 'abc']) {
      const res = await giveDestination(purchaseId, buyer.auth, wrong);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/IBAN|chave Pix/);
    }
    expect((await giveDestination(purchaseId, buyer.auth, 42)).status).toBe(400);
    expect((await manualRefundOf(purchaseId))!.destination).toBeNull();
  });

  it('when someone else gives a destination for the purchase, then 404 as if nothing were owed', async () => {
    const { purchaseId } = await paidTwiceForOwnedCourse();
    const stranger = await ctx.createUser();
    const res = await giveDestination(purchaseId, stranger.auth, VALID_IBAN);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(NO_REFUND_OWED);
    expect((await manualRefundOf(purchaseId))!.destination).toBeNull();
  });

  it('when the buyer gives a valid IBAN, then it is kept without spaces, shown to operators, My Courses stops asking, and the operator can pay it', async () => {
    const { course, buyer, purchaseId } = await paidTwiceForOwnedCourse();
    const res = await giveDestination(purchaseId, buyer.auth, VALID_IBAN);
    expect(res.status).toBe(200);
    expect((await manualRefundOf(purchaseId))!.destination).toBe('AO06004400006729503010102');

    const listed = await opsList().expect(200);
    expect(listed.body.refunds).toContainEqual(
      expect.objectContaining({ purchaseId, destination: 'AO06004400006729503010102' }),
    );
    const mine = await request(ctx.app).get('/api/user/enrolled-courses').set(buyer.auth);
    const courses = enrolledCoursesResponseSchema.parse(mine.body).enrolledCourses;
    expect(courses.find((c) => c._id === course.id)?.owedRefund).toBeNull();

    await request(ctx.app)
      .post(`/api/ops/refunds/${purchaseId}/paid`)
      .set('Authorization', `Bearer ${OPS_TOKEN}`)
      .expect(200);
    const [row] = await ctx.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, purchaseId));
    expect(row!.status).toBe('refunded');
    // Paid: it can no longer be changed.
    expect((await giveDestination(purchaseId, buyer.auth, VALID_IBAN)).status).toBe(404);
  });

  it('when a purchase has nothing owed back, then giving a destination answers 404', async () => {
    const buyer = await ctx.createUser();
    const res = await giveDestination(
      '00000000-0000-4000-8000-000000000000',
      buyer.auth,
      VALID_IBAN,
    );
    expect(res.status).toBe(404);
    expect((await giveDestination('not-a-uuid', buyer.auth, VALID_IBAN)).status).toBe(404);
  });
});
