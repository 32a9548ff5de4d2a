import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { lectureProgress } from '../../db/schema/lecture-progress';
import { purchases } from '../../db/schema/purchases';
import { createTestContext, type TestContext } from '../../test/test-app';
import { courseOfNewEducator } from '../../test/fixtures/enrollment-fixtures';
import { REFUND_WAIVED } from './refunds';

const DAY = 24 * 60 * 60 * 1000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ CURRENCY: 'eur' });
});
afterAll(() => ctx.close());

type Person = Awaited<ReturnType<TestContext['createUser']>>;

async function buyAndPay(buyer: Person, courseId: string, euWaiver?: boolean) {
  const start = await request(ctx.app)
    .post('/api/user/purchase')
    .set(buyer.auth)
    .send({ courseId, ...(euWaiver === undefined ? {} : { euWaiver }) })
    .expect(200);
  const purchaseId = String(start.body.session_url).split('/').pop()!;
  await request(ctx.app)
    .post(`/api/payments/sandbox/${purchaseId}/complete`)
    .set(buyer.auth)
    .expect(200);
  const [row] = await ctx.database.db.select().from(purchases).where(eq(purchases.id, purchaseId));
  return row!;
}

async function watchFirstLecture(buyer: Person, courseId: string) {
  await ctx.database.db
    .insert(lectureProgress)
    .values({ userId: buyer.user.id, courseId, lectureId: 'lec-1' });
}

describe('the EU waiver (CURRENCY=eur)', () => {
  it('when the buyer ticks the waiver, then the receipt confirms it and the first lecture watched ends the refund right', async () => {
    const { course } = await courseOfNewEducator(ctx, { price: 30, discount: 0 });
    const buyer = await ctx.createUser();
    const purchase = await buyAndPay(buyer, course.id, true);

    expect(purchase.euWaiverAt).not.toBeNull();
    // The EU's 14 days, though the course offers the minimum 7.
    expect(purchase.refundableUntil!.getTime() - purchase.completedAt!.getTime()).toBe(14 * DAY);
    const outbox = ctx.deps.mailer;
    if (outbox.kind !== 'outbox') throw new Error('the test context keeps mail in the outbox');
    await expect
      .poll(async () => (await outbox.list()).find((m) => m.to === buyer.user.email)?.text, {
        timeout: 10_000,
      })
      .toMatch(/reconheceu que perde o direito de livre resolução de 14 dias/);

    await watchFirstLecture(buyer, course.id);
    const enrolled = await request(ctx.app).get('/api/user/enrolled-courses').set(buyer.auth);
    expect(enrolled.body.enrolledCourses[0].refund).toMatchObject({
      eligible: false,
      reason: REFUND_WAIVED,
    });
    const res = await request(ctx.app)
      .post(`/api/payments/${purchase.id}/refund`)
      .set(buyer.auth)
      .send({});
    expect([res.status, res.body.message]).toEqual([409, REFUND_WAIVED]);
  });

  it('when the buyer ticked the waiver but the video never played (a lecture left at its start), then the refund right stands', async () => {
    const { course } = await courseOfNewEducator(ctx, { price: 30, discount: 0 });
    const buyer = await ctx.createUser();
    const purchase = await buyAndPay(buyer, course.id, true);
    await request(ctx.app)
      .post('/api/user/lecture-position')
      .set(buyer.auth)
      .send({ courseId: course.id, lectureId: 'lec-1' })
      .expect(200);
    const res = await request(ctx.app)
      .post(`/api/payments/${purchase.id}/refund`)
      .set(buyer.auth)
      .send({});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('when the buyer ticked the waiver and a video played past its start, then the refund right has ended', async () => {
    const { course } = await courseOfNewEducator(ctx, { price: 30, discount: 0 });
    const buyer = await ctx.createUser();
    const purchase = await buyAndPay(buyer, course.id, true);
    await request(ctx.app)
      .post('/api/user/lecture-position')
      .set(buyer.auth)
      .send({ courseId: course.id, lectureId: 'lec-1', seconds: 5 })
      .expect(200);
    const res = await request(ctx.app)
      .post(`/api/payments/${purchase.id}/refund`)
      .set(buyer.auth)
      .send({});
    expect([res.status, res.body.message]).toEqual([409, REFUND_WAIVED]);
  });

  it('when the buyer does not tick it, then they may start and still keep the 14 days', async () => {
    const { course } = await courseOfNewEducator(ctx, { price: 30, discount: 0 });
    const buyer = await ctx.createUser();
    const purchase = await buyAndPay(buyer, course.id);
    expect(purchase.euWaiverAt).toBeNull();
    await watchFirstLecture(buyer, course.id);

    const outbox = ctx.deps.mailer;
    if (outbox.kind !== 'outbox') throw new Error('the test context keeps mail in the outbox');
    await expect
      .poll(async () => (await outbox.list()).some((m) => m.to === buyer.user.email), {
        timeout: 10_000,
      })
      .toBe(true);
    const receipt = (await outbox.list()).find((m) => m.to === buyer.user.email)!;
    expect(receipt.text).not.toMatch(/livre resolução/);

    const res = await request(ctx.app)
      .post(`/api/payments/${purchase.id}/refund`)
      .set(buyer.auth)
      .send({});
    expect(res.status).toBe(200);
  });
});

describe('the EU waiver elsewhere', () => {
  it('when the deployment does not charge in euros, then a ticked waiver is not recorded', async () => {
    const other = await createTestContext({ CURRENCY: 'brl' });
    try {
      const { course } = await courseOfNewEducator(other, { price: 30, discount: 0 });
      const buyer = await other.createUser();
      await request(other.app)
        .post('/api/user/purchase')
        .set(buyer.auth)
        .send({ courseId: course.id, euWaiver: true })
        .expect(200);
      const [row] = await other.database.db
        .select()
        .from(purchases)
        .where(eq(purchases.userId, buyer.user.id));
      expect(row!.euWaiverAt).toBeNull();
    } finally {
      await other.close();
    }
  });
});
