import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { couponRedemptions, coupons } from '../../db/schema/coupons';
import { enrollments } from '../../db/schema/enrollments';
import { ledgerEntries } from '../../db/schema/ledger';
import { purchases } from '../../db/schema/purchases';
import { createTestContext, type TestContext } from '../../test/test-app';
import { courseOfNewEducator, enrollmentsOf } from '../../test/fixtures/enrollment-fixtures';
import {
  COUPON_ALREADY_USED,
  COUPON_CODE_TAKEN,
  COUPON_DROPPED,
  COUPON_EXPIRED,
  COUPON_UNKNOWN,
  COUPON_USED_UP,
} from './coupons';
import { COUPON_GUESSES_LIMITED } from './coupons.routes';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Person = Awaited<ReturnType<TestContext['createUser']>>;

function addCoupon(owner: Person, courseId: string, body: object, context = ctx) {
  return request(context.app)
    .post(`/api/educator/course/${courseId}/coupons`)
    .set(owner.auth)
    .send(body);
}

interface CouponFixture {
  code: string;
  kind?: 'percent' | 'amount' | 'price';
  value?: number;
  maxRedemptions?: number;
  onePerLearner?: boolean;
}

/**
 * The steps nearly every test here starts with: a new educator's course (100, no discount unless
 * said), one coupon on it (50 % unless said), and a learner to buy it.
 */
async function couponedCourse(
  coupon: CouponFixture,
  price: { price: number; discount: number } = { price: 100, discount: 0 },
  context = ctx,
) {
  const { owner, course } = await courseOfNewEducator(context, price);
  await addCoupon(owner, course.id, { kind: 'percent', value: 50, ...coupon }, context).expect(201);
  const buyer = await context.createUser();
  return { owner, course, buyer };
}

function buy(buyer: Person, courseId: string, coupon?: string) {
  return request(ctx.app)
    .post('/api/user/purchase')
    .set(buyer.auth)
    .send({ courseId, ...(coupon ? { coupon } : {}) });
}

async function purchasesOf(userId: string) {
  return ctx.database.db.select().from(purchases).where(eq(purchases.userId, userId));
}

async function couponRow(courseId: string) {
  const [row] = await ctx.database.db.select().from(coupons).where(eq(coupons.courseId, courseId));
  return row!;
}

describe('educator coupons', () => {
  it('when the owner creates, lists and deletes a code, then case and accents do not matter and the rules are checked', async () => {
    const { owner, course } = await courseOfNewEducator(ctx, { price: 50, discount: 0 });
    const created = await addCoupon(owner, course.id, {
      code: 'Lançamento',
      kind: 'percent',
      value: 20,
      maxRedemptions: 5,
      endsAt: '2099-01-01T00:00:00.000Z',
    });
    expect(created.status).toBe(201);
    expect(created.body.coupon).toMatchObject({
      code: 'Lançamento',
      kind: 'percent',
      value: 20,
      maxRedemptions: 5,
      redemptions: 0,
      onePerLearner: false,
    });
    const again = await addCoupon(owner, course.id, {
      code: 'LANCAMENTO',
      kind: 'amount',
      value: 5,
    });
    expect([again.status, again.body.message]).toEqual([409, COUPON_CODE_TAKEN]);
    const bad = await addCoupon(owner, course.id, { code: 'X1', kind: 'percent', value: 150 });
    expect(bad.status).toBe(400);
    const badPercent = await addCoupon(owner, course.id, {
      code: 'MUITO',
      kind: 'percent',
      value: 150,
    });
    expect(badPercent.body.message).toBe('A porcentagem deve ser um inteiro de 1 a 100');

    const list = await request(ctx.app)
      .get(`/api/educator/course/${course.id}/coupons`)
      .set(owner.auth)
      .expect(200);
    expect(list.body.coupons.map((c: { code: string }) => c.code)).toEqual(['Lançamento']);
    expect(list.body.courseTitle).toBe(course.title);

    const other = await ctx.createUser({ role: 'educator' });
    expect(
      (await addCoupon(other, course.id, { code: 'ALHEIO-2026', kind: 'price', value: 0 })).status,
    ).toBe(404);
    const student = await ctx.createUser();
    expect(
      (await addCoupon(student, course.id, { code: 'ALUNO-2026', kind: 'price', value: 0 })).status,
    ).toBe(403);

    await request(ctx.app)
      .delete(`/api/educator/course/${course.id}/coupons/lancamento`)
      .set(owner.auth)
      .expect(200);
    const gone = await request(ctx.app)
      .delete(`/api/educator/course/${course.id}/coupons/lancamento`)
      .set(owner.auth);
    expect(gone.status).toBe(404);
  });
});

describe('GET /api/course/:id/quote', () => {
  it('when a code is valid, then the discounted price, its end and the uses left; unknown, expired and used-up codes are 400 in Portuguese', async () => {
    const { owner, course } = await courseOfNewEducator(ctx, { price: 40, discount: 10 });
    await addCoupon(owner, course.id, {
      code: 'MENOS10',
      kind: 'amount',
      value: 10,
      maxRedemptions: 3,
      endsAt: '2099-06-30T12:00:00.000Z',
    }).expect(201);
    await addCoupon(owner, course.id, {
      code: 'VELHO',
      kind: 'percent',
      value: 50,
      endsAt: '2020-01-01T00:00:00.000Z',
    }).expect(201);
    await addCoupon(owner, course.id, {
      code: 'ZERO',
      kind: 'percent',
      value: 50,
      maxRedemptions: 1,
    }).expect(201);
    await ctx.database.db
      .update(coupons)
      .set({ redemptionCount: 1 })
      .where(and(eq(coupons.courseId, course.id), eq(coupons.codeKey, 'ZERO')));

    const plain = await request(ctx.app).get(`/api/course/${course.id}/quote`).expect(200);
    expect(plain.body).toEqual({ success: true, price: 36, originalPrice: 36 });
    const quote = await request(ctx.app)
      .get(`/api/course/${course.id}/quote?coupon=menos10`)
      .expect(200);
    expect(quote.body).toEqual({
      success: true,
      price: 26,
      originalPrice: 36,
      coupon: { code: 'MENOS10', endsAt: '2099-06-30T12:00:00.000Z', remaining: 3 },
    });
    for (const [code, message] of [
      ['NADA', COUPON_UNKNOWN],
      ['velho', COUPON_EXPIRED],
      ['zero', COUPON_USED_UP],
    ]) {
      const res = await request(ctx.app).get(`/api/course/${course.id}/quote?coupon=${code}`);
      expect([code, res.status, res.body]).toEqual([code, 400, { success: false, message }]);
    }
  });
});

describe('POST /api/user/purchase with a coupon', () => {
  it('when the course has its own discount, then the coupon applies to the discounted price, on the quote and the purchase alike', async () => {
    const { course, buyer } = await couponedCourse(
      { code: 'METADE-DA-PROMO' },
      { price: 100, discount: 20 },
    );

    const quote = await request(ctx.app)
      .get(`/api/course/${course.id}/quote?coupon=metade-da-promo`)
      .expect(200);
    await buy(buyer, course.id, 'metade-da-promo').expect(200);

    expect(quote.body).toMatchObject({ price: 40, originalPrice: 80 });
    const [purchase] = await purchasesOf(buyer.user.id);
    expect(purchase).toMatchObject({ amount: '40.00', status: 'pending' });
    // The checkout's lines: the course's price and discount, the price before the coupon, its code.
    const view = await request(ctx.app).get(`/api/payments/${purchase!.id}`).set(buyer.auth);
    expect(view.body.purchase).toMatchObject({
      amount: 40,
      coursePrice: 100,
      discount: 20,
      listAmount: 80,
      couponCode: 'METADE-DA-PROMO',
    });
  });

  it('when a learner buys with a coupon, then the server prices it, and the completed sale enters the ledger at list price with the discount apart', async () => {
    const { owner, course, buyer } = await couponedCourse(
      { code: 'METADE' },
      { price: 50, discount: 0 },
    );
    const start = await request(ctx.app)
      .post('/api/user/purchase')
      .set(buyer.auth)
      // A client-sent price is ignored: only the code travels.
      .send({ courseId: course.id, coupon: 'metade', amount: 0.01 })
      .expect(200);
    const [purchase] = await purchasesOf(buyer.user.id);
    expect(purchase).toMatchObject({ amount: '25.00', listAmount: '50.00', status: 'pending' });
    expect((await couponRow(course.id)).redemptionCount).toBe(1);
    await request(ctx.app)
      .post(`/api/payments/sandbox/${String(start.body.session_url).split('/').pop()}/complete`)
      .set(buyer.auth)
      .expect(200);

    const entries = await ctx.database.db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.purchaseId, purchase!.id))
      .orderBy(asc(ledgerEntries.id));
    expect(entries).toEqual([
      { kind: 'sale', amount: '50.00' },
      { kind: 'coupon_discount', amount: '-25.00' },
      { kind: 'fee', amount: '0.00' },
    ]);
    const dashboard = await request(ctx.app).get('/api/educator/dashboard').set(owner.auth);
    expect(dashboard.body.dashboardData.totalEarnings).toBe(25);
  });

  it('when a coupon makes the course free, then the learner is enrolled at once without any payment', async () => {
    const { course, buyer: learner } = await couponedCourse({
      code: 'GRATIS-2026',
      kind: 'price',
      value: 0,
    });

    const res = await buy(learner, course.id, 'Grátis-2026');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, session_url: '/my-enrollments', enrolled: true });
    expect(await purchasesOf(learner.user.id)).toHaveLength(0);
    expect(await enrollmentsOf(ctx.database.db, learner.user.id, course.id)).toHaveLength(1);
    expect((await couponRow(course.id)).redemptionCount).toBe(1);
  });

  it('when 100 learners redeem a code capped at 10 at once, then exactly 10 get it and the rest are told it is used up', async () => {
    const { course } = await couponedCourse({
      code: 'DEZ',
      kind: 'amount',
      value: 5,
      maxRedemptions: 10,
    });
    const learners = await Promise.all(Array.from({ length: 100 }, () => ctx.createUser()));

    const answers = await Promise.all(learners.map((learner) => buy(learner, course.id, 'dez')));

    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toHaveLength(10);
    // Refused when read as used up (400), or when the capped update finds it taken meanwhile (409).
    expect(refused.every((a) => [400, 409].includes(a.status))).toBe(true);
    expect(refused.every((a) => a.body.message === COUPON_USED_UP)).toBe(true);
    const coupon = await couponRow(course.id);
    expect(coupon.redemptionCount).toBe(10);
    const held = await ctx.database.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, coupon.id));
    expect(held).toHaveLength(10);
    const opened = await ctx.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.couponId, coupon.id));
    expect(opened).toHaveLength(10);
  });

  it('when the payment holding a use expires, then the use is released for someone else', async () => {
    const { course, buyer: first } = await couponedCourse({
      code: 'UNICO',
      kind: 'amount',
      value: 5,
      maxRedemptions: 1,
    });
    const second = await ctx.createUser();
    await buy(first, course.id, 'unico').expect(200);
    const refused = await buy(second, course.id, 'unico');
    expect([refused.status, refused.body.message]).toEqual([400, COUPON_USED_UP]);

    const [held] = await purchasesOf(first.user.id);
    await ctx.database.db
      .update(purchases)
      .set({ status: 'expired' })
      .where(eq(purchases.id, held!.id));

    expect((await couponRow(course.id)).redemptionCount).toBe(0);
    await buy(second, course.id, 'unico').expect(200);
    expect((await couponRow(course.id)).redemptionCount).toBe(1);
  });

  it('when a one-per-learner code was used by a learner, then their second use is refused', async () => {
    const { course, buyer: learner } = await couponedCourse({
      code: 'SO-UMA-VEZ',
      kind: 'price',
      value: 0,
      onePerLearner: true,
    });
    await buy(learner, course.id, 'so-uma-vez').expect(200);
    // Enrolled by the free coupon; after leaving the course (a refund would end it), the code stays used.
    await ctx.database.db
      .delete(enrollments)
      .where(and(eq(enrollments.userId, learner.user.id), eq(enrollments.courseId, course.id)));
    const again = await buy(learner, course.id, 'so-uma-vez');
    expect([again.status, again.body.message]).toEqual([409, COUPON_ALREADY_USED]);
  });
});

async function redemptionOf(purchaseId: string) {
  const [row] = await ctx.database.db
    .select()
    .from(couponRedemptions)
    .where(eq(couponRedemptions.purchaseId, purchaseId));
  return row!;
}

function switchMethod(buyer: Person, purchaseId: string, body: object) {
  return request(ctx.app).post(`/api/payments/${purchaseId}/method`).set(buyer.auth).send(body);
}

describe('another method for a purchase with a coupon', () => {
  it('when the buyer switches method, also after the attempt expired, then the new attempt keeps the coupon price and holds one use', async () => {
    const { course, buyer } = await couponedCourse({ code: 'METADE', maxRedemptions: 5 });
    await buy(buyer, course.id, 'metade').expect(200);
    const [started] = await purchasesOf(buyer.user.id);

    const switched = await switchMethod(buyer, started!.id, { method: 'reference' });
    expect(switched.status).toBe(200);
    expect(switched.body.message).toBeUndefined();
    expect(switched.body.purchase).toMatchObject({ amount: 50, method: 'reference' });
    const [voucher] = await purchasesOf(buyer.user.id);
    expect(voucher).toMatchObject({
      amount: '50.00',
      listAmount: '100.00',
      couponId: started!.couponId,
    });
    expect((await couponRow(course.id)).redemptionCount).toBe(1);

    // The expiry gives the use back; the next attempt takes it again.
    await ctx.database.db
      .update(purchases)
      .set({ status: 'expired' })
      .where(eq(purchases.id, started!.id));
    expect((await couponRow(course.id)).redemptionCount).toBe(0);
    const again = await switchMethod(buyer, started!.id, { method: 'reference' });
    expect(again.status).toBe(200);
    expect(again.body.purchase).toMatchObject({ amount: 50, status: 'awaiting_payment' });
    expect((await couponRow(course.id)).redemptionCount).toBe(1);
    expect((await redemptionOf(started!.id)).releasedAt).toBeNull();
  });

  it('when the coupon has ended or its cap was taken meanwhile, then the new attempt is at the course price, the use is given back and the answer says so', async () => {
    const { course, buyer } = await couponedCourse({ code: 'ACABA', maxRedemptions: 1 });
    const other = await ctx.createUser();
    await buy(buyer, course.id, 'acaba').expect(200);
    const [started] = await purchasesOf(buyer.user.id);
    await ctx.database.db
      .update(coupons)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(coupons.courseId, course.id));

    const ended = await switchMethod(buyer, started!.id, { method: 'reference' });
    expect(ended.status).toBe(200);
    expect(ended.body.message).toBe(COUPON_DROPPED);
    expect(ended.body.purchase).toMatchObject({ amount: 100 });
    const [row] = await purchasesOf(buyer.user.id);
    expect(row).toMatchObject({ amount: '100.00', listAmount: null, couponId: null });
    expect((await couponRow(course.id)).redemptionCount).toBe(0);
    expect((await redemptionOf(started!.id)).releasedAt).not.toBeNull();

    // A capped coupon whose one use went to someone else while this attempt was expired.
    const { course: course2 } = await couponedCourse({ code: 'UMSO', maxRedemptions: 1 });
    await buy(buyer, course2.id, 'umso').expect(200);
    const held = (await purchasesOf(buyer.user.id)).find((p) => p.courseId === course2.id)!;
    await ctx.database.db
      .update(purchases)
      .set({ status: 'expired' })
      .where(eq(purchases.id, held.id));
    await buy(other, course2.id, 'umso').expect(200);
    const full = await switchMethod(buyer, held.id, { method: 'reference' });
    expect([full.status, full.body.message]).toEqual([200, COUPON_DROPPED]);
    expect(full.body.purchase).toMatchObject({ amount: 100 });
    expect((await couponRow(course2.id)).redemptionCount).toBe(1);
  });
});

describe('a late payment of a purchase with a coupon', () => {
  async function expiredWithCoupon(code: string, maxRedemptions: number) {
    const { course, buyer } = await couponedCourse({ code, maxRedemptions });
    await buy(buyer, course.id, code).expect(200);
    const [started] = await purchasesOf(buyer.user.id);
    await switchMethod(buyer, started!.id, { method: 'reference' }).expect(200);
    await ctx.database.db
      .update(purchases)
      .set({ status: 'expired' })
      .where(eq(purchases.id, started!.id));
    return { course, buyer, purchaseId: started!.id };
  }

  function payLate(buyer: Person, purchaseId: string) {
    return request(ctx.app).post(`/api/payments/sandbox/${purchaseId}/complete`).set(buyer.auth);
  }

  it('when the cap still has room, then the sale completes and takes its use again', async () => {
    const { course, buyer, purchaseId } = await expiredWithCoupon('TARDE', 1);
    expect((await couponRow(course.id)).redemptionCount).toBe(0);

    await payLate(buyer, purchaseId).expect(200);

    expect((await purchasesOf(buyer.user.id))[0]).toMatchObject({
      status: 'completed',
      amount: '50.00',
    });
    expect((await couponRow(course.id)).redemptionCount).toBe(1);
    expect((await redemptionOf(purchaseId)).releasedAt).toBeNull();
    const second = await buy(await ctx.createUser(), course.id, 'tarde');
    expect([second.status, second.body.message]).toEqual([400, COUPON_USED_UP]);
  });

  it('when the cap was filled by someone else meanwhile, then the sale still completes and its use stays given back, the count at the cap', async () => {
    const { course, buyer, purchaseId } = await expiredWithCoupon('CHEIO', 1);
    const other = await ctx.createUser();
    await buy(other, course.id, 'cheio').expect(200);

    await payLate(buyer, purchaseId).expect(200);

    expect((await purchasesOf(buyer.user.id))[0]).toMatchObject({
      status: 'completed',
      amount: '50.00',
    });
    expect(await enrollmentsOf(ctx.database.db, buyer.user.id, course.id)).toHaveLength(1);
    const coupon = await couponRow(course.id);
    expect(coupon.redemptionCount).toBe(1);
    const live = await ctx.database.db
      .select()
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, coupon.id), isNull(couponRedemptions.releasedAt)));
    expect(live.map((r) => r.userId)).toEqual([other.user.id]);
    expect((await redemptionOf(purchaseId)).releasedAt).not.toBeNull();
  });
});

describe('guessing coupon codes', () => {
  // Its own app, so the budgets spent here are not those of the tests above.
  let guess: TestContext;
  beforeAll(async () => {
    guess = await createTestContext();
  });
  afterAll(() => guess.close());

  it('when one account tries too many unknown codes, then 429 in Portuguese on the quote and the purchase, a right code included, and nothing is bought', async () => {
    const { course, buyer: guesser } = await couponedCourse(
      { code: 'CERTO', value: 10 },
      { price: 50, discount: 0 },
      guess,
    );
    const quote = (code: string) =>
      request(guess.app).get(`/api/course/${course.id}/quote?coupon=${code}`).set(guesser.auth);
    // A right code spends nothing.
    await quote('certo').expect(200);
    for (let i = 0; i < guess.deps.config.couponMissesPerUser; i++)
      expect((await quote(`ERRADO${i}`)).body.message).toBe(COUPON_UNKNOWN);

    for (const res of [
      await quote('certo'),
      await request(guess.app)
        .post('/api/user/purchase')
        .set(guesser.auth)
        .send({ courseId: course.id, coupon: 'certo' }),
    ])
      expect([res.status, res.body]).toEqual([
        429,
        { success: false, message: COUPON_GUESSES_LIMITED },
      ]);
    expect(
      await guess.database.db.select().from(purchases).where(eq(purchases.userId, guesser.user.id)),
    ).toEqual([]);
    // Without a code, the same account still buys.
    await request(guess.app)
      .post('/api/user/purchase')
      .set(guesser.auth)
      .send({ courseId: course.id })
      .expect(200);
  });

  it('when one address tries too many unknown codes without an account, then 429 in Portuguese', async () => {
    const fresh = await createTestContext();
    const { course } = await courseOfNewEducator(fresh, { price: 50, discount: 0 });
    const answers = [];
    for (let i = 0; i <= fresh.deps.config.couponMissesPerUser * 3; i++)
      answers.push(await request(fresh.app).get(`/api/course/${course.id}/quote?coupon=NADA${i}`));
    expect(answers.slice(0, -1).every((res) => res.status === 400)).toBe(true);
    expect([answers.at(-1)!.status, answers.at(-1)!.body.message]).toEqual([
      429,
      COUPON_GUESSES_LIMITED,
    ]);
    // Plain quotes carry no code and spend nothing.
    await request(fresh.app).get(`/api/course/${course.id}/quote`).expect(200);
    await fresh.close();
  });
});
