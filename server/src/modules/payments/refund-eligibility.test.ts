import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import { enrolledCoursesResponseSchema } from '@aprendiz/contract/learning';
import { CURRENCIES } from '@aprendiz/contract/rules/currency';
import {
  GUARANTEE_DAYS_MAX,
  GUARANTEE_DAYS_MIN,
  REFUND_ABUSE_LIMIT,
  refundWindowDays,
} from '@aprendiz/contract/rules/guarantee';
import { couponRedemptions, coupons } from '../../db/schema/coupons';
import { lectureProgress } from '../../db/schema/lecture-progress';
import { purchases, type PurchaseRow } from '../../db/schema/purchases';
import { createTestContext, type TestContext } from '../../test/test-app';
import { enrollDirectly } from '../../test/fixtures/course-fixtures';
import { courseOfNewEducator } from '../../test/fixtures/enrollment-fixtures';
import { COUPON_USED_UP } from './coupons';
import { REFUND_LIMIT_REACHED, REFUND_WAIVED, REFUND_WINDOW_CLOSED } from './refunds';

// My Courses shows 'Pedir reembolso' exactly when the refund endpoint would accept it, and in its
// place the endpoint's own refusal: each case below asks both and expects them to agree.

const DAY = 24 * 60 * 60 * 1000;

let kwanza: TestContext;
let euro: TestContext;
beforeAll(async () => {
  [kwanza, euro] = await Promise.all([createTestContext(), createTestContext({ CURRENCY: 'eur' })]);
});
afterAll(async () => {
  await Promise.all([kwanza.close(), euro.close()]);
});

type Person = Awaited<ReturnType<TestContext['createUser']>>;

/** A paid purchase and its enrollment, written as a completion leaves them. */
async function paidPurchase(
  ctx: TestContext,
  options: { buyer?: Person; completedAt?: Date; euWaiver?: boolean; currency?: string } = {},
) {
  const { course } = await courseOfNewEducator(ctx, { price: 20, discount: 0 });
  const buyer = options.buyer ?? (await ctx.createUser());
  await enrollDirectly(ctx.database.db, buyer.user.id, course.id);
  const completedAt = options.completedAt ?? new Date();
  const [purchase] = await ctx.database.db
    .insert(purchases)
    .values({
      userId: buyer.user.id,
      courseId: course.id,
      amount: '20.00',
      currency: options.currency ?? 'aoa',
      provider: 'sandbox',
      status: 'completed',
      completedAt,
      euWaiverAt: options.euWaiver ? completedAt : null,
    })
    .returning();
  return { course, buyer, purchase: purchase! };
}

async function myCourses(ctx: TestContext, buyer: Person) {
  const res = await request(ctx.app).get('/api/user/enrolled-courses').set(buyer.auth).expect(200);
  return enrolledCoursesResponseSchema.parse(res.body);
}

async function refundShown(ctx: TestContext, buyer: Person, courseId: string) {
  const list = await myCourses(ctx, buyer);
  return list.enrolledCourses.find((course) => course._id === courseId)!.refund;
}

function askRefund(ctx: TestContext, buyer: Person, purchase: PurchaseRow) {
  return request(ctx.app).post(`/api/payments/${purchase.id}/refund`).set(buyer.auth).send({});
}

async function statusOf(ctx: TestContext, purchaseId: string) {
  const [row] = await ctx.database.db.select().from(purchases).where(eq(purchases.id, purchaseId));
  return row!.status;
}

describe('the refund window, stated once', () => {
  it('when the database fixes a deadline, then its window is the contract’s for every guarantee and currency', async () => {
    const asked: { days: number; currency: string }[] = [];
    for (let days = GUARANTEE_DAYS_MIN; days <= GUARANTEE_DAYS_MAX; days++)
      for (const currency of CURRENCIES) asked.push({ days, currency });

    const result = await kwanza.database.db.execute<{
      days: number;
      currency: string;
      window: number;
    }>(
      sql`select d.days, d.currency, refund_window_days(d.days, d.currency) as window
        from jsonb_to_recordset(${JSON.stringify(asked)}::jsonb) as d(days int, currency text)`,
    );

    expect(result.rows).toHaveLength(asked.length);
    for (const row of result.rows)
      expect([row.days, row.currency, Number(row.window)]).toEqual([
        row.days,
        row.currency,
        refundWindowDays(row.days, row.currency),
      ]);
  });

  it('when a euro buyer pays for a course with 7 days of guarantee, then My Courses and the receipt both name 14', async () => {
    const { course } = await courseOfNewEducator(euro, { price: 30, discount: 0 });
    const buyer = await euro.createUser();
    const start = await request(euro.app)
      .post('/api/user/purchase')
      .set(buyer.auth)
      .send({ courseId: course.id })
      .expect(200);
    const purchaseId = String(start.body.session_url).split('/').pop()!;
    await request(euro.app)
      .post(`/api/payments/sandbox/${purchaseId}/complete`)
      .set(buyer.auth)
      .expect(200);

    expect(await refundShown(euro, buyer, course.id)).toMatchObject({
      eligible: true,
      days: 14,
      amount: 30,
      currency: 'eur',
    });
    const outbox = euro.deps.mailer;
    if (outbox.kind !== 'outbox') throw new Error('the test context keeps mail in the outbox');
    await expect
      .poll(
        async () =>
          (await outbox.list()).find(
            (m) => m.to === buyer.user.email && m.subject.startsWith('Recibo'),
          )?.text,
        { timeout: 10_000 },
      )
      .toMatch(/Garantia: Garantia de 14 dias, até .+: peça o reembolso em Meus cursos/);
  });
});

describe('My Courses offers a refund exactly when the endpoint accepts it', () => {
  it('when a paid course is inside its window, then it is offered, and the endpoint accepts it', async () => {
    const { course, buyer, purchase } = await paidPurchase(kwanza);

    expect(await refundShown(kwanza, buyer, course.id)).toMatchObject({
      eligible: true,
      reason: null,
      days: 7,
      deadline: purchase.refundableUntil!.toISOString(),
    });
    expect((await askRefund(kwanza, buyer, purchase)).status).toBe(200);
  });

  it('when the window has passed, then My Courses gives the reason and the endpoint refuses with it', async () => {
    const { course, buyer, purchase } = await paidPurchase(kwanza, {
      completedAt: new Date(Date.now() - 8 * DAY),
    });

    expect(await refundShown(kwanza, buyer, course.id)).toMatchObject({
      eligible: false,
      reason: REFUND_WINDOW_CLOSED,
    });
    const res = await askRefund(kwanza, buyer, purchase);
    expect([res.status, res.body.message]).toEqual([409, REFUND_WINDOW_CLOSED]);
    expect(await statusOf(kwanza, purchase.id)).toBe('completed');
  });

  it('when the buyer has had the limit of refunds lately, then My Courses says to contact support and the endpoint refuses', async () => {
    const buyer = await kwanza.createUser();
    for (let i = 0; i < REFUND_ABUSE_LIMIT; i++) {
      const earlier = await paidPurchase(kwanza, { buyer });
      expect((await askRefund(kwanza, buyer, earlier.purchase)).status).toBe(200);
    }
    const { course, purchase } = await paidPurchase(kwanza, { buyer });

    expect(await refundShown(kwanza, buyer, course.id)).toMatchObject({
      eligible: false,
      reason: REFUND_LIMIT_REACHED,
    });
    const res = await askRefund(kwanza, buyer, purchase);
    expect([res.status, res.body.message]).toEqual([403, REFUND_LIMIT_REACHED]);
  });

  it('when a euro buyer waived the withdrawal right and a lecture was completed, then My Courses says why and the endpoint refuses', async () => {
    const { course, buyer, purchase } = await paidPurchase(euro, {
      euWaiver: true,
      currency: 'eur',
    });
    expect((await refundShown(euro, buyer, course.id))?.eligible).toBe(true);

    await euro.database.db
      .insert(lectureProgress)
      .values({ userId: buyer.user.id, courseId: course.id, lectureId: 'lec-1' });
    // Written here behind the API's back: the learner's cached My Courses is dropped as the API would.
    euro.deps.learnerCache.forget(buyer.user.id);

    expect(await refundShown(euro, buyer, course.id)).toMatchObject({
      eligible: false,
      reason: REFUND_WAIVED,
      // The EU's 14 days, though the course offers 7.
      days: 14,
    });
    const res = await askRefund(euro, buyer, purchase);
    expect([res.status, res.body.message]).toEqual([409, REFUND_WAIVED]);
  });

  it('when a course is free, then nothing is said of a refund', async () => {
    const { course } = await courseOfNewEducator(kwanza, { price: 0, discount: 0 });
    const learner = await kwanza.createUser();
    await enrollDirectly(kwanza.database.db, learner.user.id, course.id);

    expect(await refundShown(kwanza, learner, course.id)).toBeNull();
  });
});

describe('after the refund', () => {
  it('when a buyer gives a course back, then My Courses keeps it as a refunded row with the amount and date, not among their courses', async () => {
    const { course, buyer, purchase } = await paidPurchase(kwanza);
    const before = Date.now();

    expect((await askRefund(kwanza, buyer, purchase)).status).toBe(200);

    const list = await myCourses(kwanza, buyer);
    expect(list.enrolledCourses.map((c) => c._id)).not.toContain(course.id);
    expect(list.refundedPurchases).toEqual([
      {
        purchaseId: purchase.id,
        courseId: course.id,
        courseTitle: course.title,
        courseThumbnail: course.thumbnailUrl,
        amount: 20,
        currency: 'aoa',
        refundedAt: expect.any(String),
        status: expect.stringMatching(/^refund(_pending|ed)$/),
      },
    ]);
    expect(Date.parse(list.refundedPurchases![0]!.refundedAt)).toBeGreaterThanOrEqual(
      before - 1000,
    );

    // Bought again: the course is back among theirs and the refunded row goes.
    await enrollDirectly(kwanza.database.db, buyer.user.id, course.id);
    kwanza.deps.learnerCache.forget(buyer.user.id);
    expect((await myCourses(kwanza, buyer)).refundedPurchases).toEqual([]);
  });

  it('when a purchase made with a coupon is refunded, then its use is released for someone else', async () => {
    const { owner, course } = await courseOfNewEducator(kwanza, { price: 100, discount: 0 });
    await request(kwanza.app)
      .post(`/api/educator/course/${course.id}/coupons`)
      .set(owner.auth)
      .send({ code: 'SOUMA', kind: 'percent', value: 50, maxRedemptions: 1 })
      .expect(201);
    const first = await kwanza.createUser();
    const second = await kwanza.createUser();
    const buy = (buyer: Person) =>
      request(kwanza.app)
        .post('/api/user/purchase')
        .set(buyer.auth)
        .send({ courseId: course.id, coupon: 'souma' });
    const start = await buy(first).expect(200);
    const purchaseId = String(start.body.session_url).split('/').pop()!;
    await request(kwanza.app)
      .post(`/api/payments/sandbox/${purchaseId}/complete`)
      .set(first.auth)
      .expect(200);
    const refused = await buy(second);
    expect([refused.status, refused.body.message]).toEqual([400, COUPON_USED_UP]);

    const [paid] = await kwanza.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, purchaseId));
    expect((await askRefund(kwanza, first, paid!)).status).toBe(200);

    const [coupon] = await kwanza.database.db
      .select()
      .from(coupons)
      .where(eq(coupons.courseId, course.id));
    expect(coupon!.redemptionCount).toBe(0);
    const [redemption] = await kwanza.database.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.purchaseId, purchaseId));
    expect(redemption!.releasedAt).not.toBeNull();
    await buy(second).expect(200);
  });
});
