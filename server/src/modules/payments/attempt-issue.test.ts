import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { couponRedemptions, coupons } from '../../db/schema/coupons';
import { purchases } from '../../db/schema/purchases';
import { insertCourse } from '../../test/fixtures/course-fixtures';
import {
  createStripeTestContext,
  type StripeTestContext,
} from '../../test/fakes/payments-stripe-fake';
import type { TestContext } from '../../test/test-app';
import { lockPurchase } from './payments.repository';
import { SWITCH_IN_PROGRESS } from './payment-attempts';
import { CHECKOUT_UNAVAILABLE } from './vouchers';

// A purchase's checkout is asked of the provider with no transaction open: the attempt is written
// and held first, the provider's answer stored after, and a failure gives the attempt up.

let env: StripeTestContext;

beforeAll(async () => {
  env = await createStripeTestContext(
    { secretKey: 'sk_test_issue', webhookSecret: 'whsec_issue' },
    { CURRENCY: 'eur' },
  );
});
afterAll(() => env.close());
beforeEach(() => env.stripe.reset());

type Person = Awaited<ReturnType<TestContext['createUser']>>;

async function courseAndBuyer() {
  const owner = await env.ctx.createUser({ role: 'educator' });
  const course = await insertCourse(env.ctx.database.db, owner.user.id, { price: 40, discount: 0 });
  const buyer = await env.ctx.createUser();
  return { owner, course, buyer };
}

/** A started request (supertest sends only once asked for its answer). */
function buy(buyer: Person, courseId: string, coupon?: string) {
  return request(env.app)
    .post('/api/user/purchase')
    .set(buyer.auth)
    .send({ courseId, ...(coupon ? { coupon } : {}) })
    .then((res) => res);
}

function purchasesOf(userId: string) {
  return env.ctx.database.db.select().from(purchases).where(eq(purchases.userId, userId));
}

/** The outcome of `work`, or 'blocked' when it is still waiting after `ms`. */
async function within<T>(work: Promise<T>, ms: number): Promise<T | 'blocked'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'blocked'>((resolve) => (timer = setTimeout(resolve, ms, 'blocked')));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

const sessionPosts = () =>
  env.stripe.recorded.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');

describe('a checkout asked of the provider outside the row lock', () => {
  it('when Stripe is slow to open the checkout, then the purchase row can be locked meanwhile, a switch answers 409, a second start waits and both starts answer the one session', async () => {
    const { course, buyer } = await courseAndBuyer();
    const stripe = env.stripe.hold('/v1/checkout/sessions');
    const first = buy(buyer, course.id);
    await stripe.arrived;

    const [held] = await purchasesOf(buyer.user.id);
    expect(held).toMatchObject({ status: 'pending', checkoutUrl: null, providerRef: null });
    expect(held!.switchingUntil!.getTime()).toBeGreaterThan(Date.now());
    // No transaction holds the row (nor, on PGlite, the one connection) while Stripe answers.
    const locked = await within(
      env.ctx.database.db.transaction((tx) => lockPurchase(tx, held!.id)),
      2_000,
    );
    expect(locked).toMatchObject({ id: held!.id });

    const switched = await request(env.app)
      .post(`/api/payments/${held!.id}/method`)
      .set(buyer.auth)
      .send({ method: 'card' });
    expect(switched.status).toBe(409);
    expect(switched.body.message).toBe(SWITCH_IN_PROGRESS);

    const second = buy(buyer, course.id);
    expect(await within(second, 300)).toBe('blocked');
    stripe.release();
    const [one, two] = await Promise.all([first, second]);
    expect(one.status).toBe(200);
    expect(two.status).toBe(200);
    expect(two.body.session_url).toBe(one.body.session_url);
    expect(sessionPosts()).toHaveLength(1);
    expect(await purchasesOf(buyer.user.id)).toEqual([
      expect.objectContaining({
        status: 'pending',
        checkoutUrl: one.body.session_url,
        switchingUntil: null,
      }),
    ]);
  });

  it('when Stripe cannot open the checkout of a purchase with a coupon, then 503 in Portuguese, nothing stays open and the coupon use is given back', async () => {
    const { owner, course, buyer } = await courseAndBuyer();
    await request(env.app)
      .post(`/api/educator/course/${course.id}/coupons`)
      .set(owner.auth)
      .send({ code: 'METADE', kind: 'percent', value: 50, maxRedemptions: 1 })
      .expect(201);
    env.stripe.failWith(400, { error: { type: 'invalid_request_error', message: 'no' } });

    const refused = await buy(buyer, course.id, 'METADE');
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ success: false, message: CHECKOUT_UNAVAILABLE });
    const [given] = await purchasesOf(buyer.user.id);
    expect(given).toMatchObject({ status: 'failed', amount: '20.00', switchingUntil: null });
    const [coupon] = await env.ctx.database.db
      .select()
      .from(coupons)
      .where(eq(coupons.courseId, course.id));
    expect(coupon!.redemptionCount).toBe(0);
    const [use] = await env.ctx.database.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.purchaseId, given!.id));
    expect(use!.releasedAt).not.toBeNull();

    // The one use the cap allows is there for the buyer's next try.
    env.stripe.succeed();
    const bought = await buy(buyer, course.id, 'METADE');
    expect(bought.status).toBe(200);
    const rows = await purchasesOf(buyer.user.id);
    expect(rows.find((row) => row.status === 'pending')).toMatchObject({ amount: '20.00' });
  });

  it('when the held attempt is replaced while Stripe answers (its hold lapsed), then the session Stripe opened for it is expired and only the new attempt keeps one', async () => {
    const { course, buyer } = await courseAndBuyer();
    const stripe = env.stripe.hold('/v1/checkout/sessions');
    const first = buy(buyer, course.id);
    await stripe.arrived;
    const [held] = await purchasesOf(buyer.user.id);
    // As if the instance asking Stripe had stalled past its hold.
    await env.ctx.database.db
      .update(purchases)
      .set({ switchingUntil: new Date(Date.now() - 1_000) })
      .where(eq(purchases.id, held!.id));

    const second = buy(buyer, course.id);
    await expect.poll(() => sessionPosts().length).toBe(2);
    stripe.release();
    const [stale, fresh] = await Promise.all([first, second]);
    expect(stale.status).toBe(503);
    expect(fresh.status).toBe(200);

    const rows = await purchasesOf(buyer.user.id);
    expect(rows.find((row) => row.id === held!.id)).toMatchObject({
      status: 'failed',
      checkoutUrl: null,
    });
    const open = rows.filter((row) => row.status === 'pending');
    expect(open).toHaveLength(1);
    expect(open[0]!.checkoutUrl).toBe(fresh.body.session_url);
    const expired = env.stripe.recorded.filter((r) => r.path.endsWith('/expire'));
    expect(expired).toHaveLength(1);
    expect(expired[0]!.path).not.toContain(open[0]!.providerRef!);
  });
});
