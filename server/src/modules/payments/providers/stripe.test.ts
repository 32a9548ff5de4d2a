import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import { purchases } from '../../../db/schema/purchases';
import { insertCourse } from '../../../test/fixtures/course-fixtures';
import type { TestContext } from '../../../test/test-app';
import {
  absoluteImageUrl,
  createStripePayments,
  STRIPE_CHECKOUT_REUSABLE_MS,
  toMinorUnits,
} from './stripe';
import {
  createStripeTestContext,
  type FakeStripeApi,
} from '../../../test/fakes/payments-stripe-fake';

let ctx: TestContext;
let app: Express;
let stripe: FakeStripeApi;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, app, stripe, close } = await createStripeTestContext({
    secretKey: 'sk_test_recorder',
    webhookSecret: 'whsec_recorder',
  }));
});
afterAll(() => close());
beforeEach(() => stripe.reset());

async function purchasesOf(userId: string) {
  return ctx.database.db.select().from(purchases).where(eq(purchases.userId, userId));
}

async function purchaseOf(userId: string) {
  const [row] = await purchasesOf(userId);
  return row!;
}

async function paidCourseAndStudent() {
  const owner = await ctx.createUser({ role: 'educator' });
  const course = await insertCourse(ctx.database.db, owner.user.id, { price: 30, discount: 0 });
  const student = await ctx.createUser();
  return { course, student };
}

function start(auth: { Authorization: string }, courseId: string) {
  return request(app).post('/api/user/purchase').set(auth).send({ courseId });
}

describe('POST /api/user/purchase with Stripe', () => {
  it('when a student buys, then one Checkout Session request carries the course, amount, metadata and return URLs', async () => {
    const owner = await ctx.createUser({ role: 'educator' });
    const course = await insertCourse(ctx.database.db, owner.user.id, {
      title: 'Kotlin para Android',
      price: 19.99,
      discount: 15,
      thumbnailUrl: '/uploads/kotlin.webp',
    });
    const student = await ctx.createUser();
    const res = await request(app)
      .post('/api/user/purchase')
      .set(student.auth)
      .send({ courseId: course.id });
    expect(res.status).toBe(200);

    expect(stripe.recorded).toHaveLength(1);
    const [sent] = stripe.recorded;
    const purchase = await purchaseOf(student.user.id);
    expect(sent!.method).toBe('POST');
    expect(sent!.path).toBe('/v1/checkout/sessions');
    expect(sent!.headers.authorization).toBe('Bearer sk_test_recorder');
    expect(sent!.headers['idempotency-key']).toBe(
      `checkout-${purchase.id}-any-${purchase.createdAt.getTime()}`,
    );
    expect(sent!.form).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'aoa',
      'line_items[0][price_data][unit_amount]': '1699',
      'line_items[0][price_data][product_data][name]': 'Kotlin para Android',
      'line_items[0][price_data][product_data][images][0]': 'http://app.test/uploads/kotlin.webp',
      'metadata[purchaseId]': purchase.id,
      'metadata[userId]': student.user.id,
      'metadata[origin]': 'http://app.test',
      client_reference_id: purchase.id,
      success_url: `http://app.test/loading/my-enrollments?compra=${purchase.id}`,
      cancel_url: 'http://app.test/',
    });

    expect(res.body).toEqual({
      success: true,
      session_url: `https://checkout.stripe.test/c/pay/${purchase.providerRef}`,
    });
    expect(purchase).toMatchObject({
      status: 'pending',
      provider: 'stripe',
      checkoutUrl: res.body.session_url,
      amount: '16.99',
      currency: 'aoa',
    });
  });

  it('when the thumbnail is not an http(s) image, then the session goes without images', async () => {
    const owner = await ctx.createUser({ role: 'educator' });
    const course = await insertCourse(ctx.database.db, owner.user.id, {
      thumbnailUrl: 'data:image/png;base64,AAAA',
    });
    const student = await ctx.createUser();
    await request(app)
      .post('/api/user/purchase')
      .set(student.auth)
      .send({ courseId: course.id })
      .expect(200);
    const keys = Object.keys(stripe.recorded[0]!.form);
    expect(keys.some((k) => k.includes('[images]'))).toBe(false);
  });

  it('when Stripe refuses the session, then 503 in Portuguese and the attempt is given up, leaving nothing open', async () => {
    const { course, student } = await paidCourseAndStudent();
    stripe.failWith(400, {
      error: { type: 'invalid_request_error', message: 'Invalid currency' },
    });
    const res = await start(student.auth, course.id);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      success: false,
      message: 'Não foi possível iniciar o pagamento. Tente novamente.',
    });
    expect(stripe.recorded).toHaveLength(1);
    expect(await purchasesOf(student.user.id)).toEqual([
      expect.objectContaining({
        status: 'failed',
        checkoutUrl: null,
        providerRef: null,
        switchingUntil: null,
      }),
    ]);

    stripe.succeed();
    await start(student.auth, course.id).expect(200);
    const rows = await purchasesOf(student.user.id);
    expect(rows.map((row) => row.status).sort()).toEqual(['failed', 'pending']);
  });

  it('when a student starts 10 checkouts of one course at once, then Stripe is asked once and every answer is that session', async () => {
    const { course, student } = await paidCourseAndStudent();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => start(student.auth, course.id)),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(stripe.recorded).toHaveLength(1);
    const [purchase, ...others] = await purchasesOf(student.user.id);
    expect(others).toEqual([]);
    expect(new Set(responses.map((r) => r.body.session_url))).toEqual(
      new Set([purchase!.checkoutUrl]),
    );
  });

  it('when the open checkout is older than a Stripe session lives, then it fails and a new session opens', async () => {
    const { course, student } = await paidCourseAndStudent();
    const first = await start(student.auth, course.id).expect(200);
    const old = await purchaseOf(student.user.id);
    await ctx.database.db
      .update(purchases)
      .set({ createdAt: new Date(Date.now() - STRIPE_CHECKOUT_REUSABLE_MS - 1000) })
      .where(eq(purchases.id, old.id));

    const second = await start(student.auth, course.id).expect(200);
    expect(second.body.session_url).not.toBe(first.body.session_url);
    expect(stripe.recorded).toHaveLength(2);
    const rows = await purchasesOf(student.user.id);
    expect(rows.map((r) => [r.id === old.id, r.status, r.checkoutUrl]).sort()).toEqual(
      [
        [true, 'failed', first.body.session_url],
        [false, 'pending', second.body.session_url],
      ].sort(),
    );
  });

  it('when Stripe is configured, then the sandbox payment endpoints do not exist', async () => {
    const { course, student } = await paidCourseAndStudent();
    await start(student.auth, course.id).expect(200);
    const purchase = await purchaseOf(student.user.id);
    const res = await request(app)
      .post(`/api/payments/sandbox/${purchase.id}/complete`)
      .set(student.auth);
    expect(res.status).toBe(404);
    expect((await purchaseOf(student.user.id)).status).toBe('pending');
    const view = await request(app).get(`/api/payments/${purchase.id}`).set(student.auth);
    expect(view.body.purchase.status).toBe('pending');
  });
});

describe('Stripe amounts and images', () => {
  it('when the currency has cents, then amounts go in cents; zero-decimal currencies go whole', () => {
    expect(toMinorUnits(16.99, 'usd')).toBe(1699);
    expect(toMinorUnits(0.29, 'eur')).toBe(29);
    expect(toMinorUnits(1500, 'JPY')).toBe(1500);
  });

  it('when a thumbnail is site-relative or absolute, then Stripe gets an absolute http(s) URL, else none', () => {
    expect(absoluteImageUrl('/uploads/a.webp', 'https://aprendiz.test')).toBe(
      'https://aprendiz.test/uploads/a.webp',
    );
    expect(absoluteImageUrl('https://res.cloudinary.com/x/a.webp', 'http://app.test')).toBe(
      'https://res.cloudinary.com/x/a.webp',
    );
    expect(absoluteImageUrl('javascript:alert(1)', 'http://app.test')).toBeNull();
  });
});

describe('Stripe refunds', () => {
  const payments = () =>
    createStripePayments({
      secretKey: 'sk_test_recorder',
      webhookSecret: 'whsec_recorder',
      publicUrl: 'http://app.test',
      api: stripe.api,
    });

  it('when a checkout is refunded, then its session is read and its payment intent refunded once per purchase', async () => {
    await payments().refundCheckout({ purchaseId: 'p-1', sessionId: 'cs_test_paid' });

    expect(stripe.recorded.map((r) => [r.method, r.path])).toEqual([
      ['GET', '/v1/checkout/sessions/cs_test_paid'],
      ['POST', '/v1/refunds'],
    ]);
    const refund = stripe.recorded[1]!;
    expect(refund.headers['idempotency-key']).toBe('refund-p-1');
    expect(refund.form).toEqual({
      payment_intent: 'pi_for_cs_test_paid',
      reason: 'duplicate',
      'metadata[purchaseId]': 'p-1',
    });
  });

  it('when Stripe says the charge was already refunded, then the refund counts as done; other refusals throw', async () => {
    stripe.failWith(
      400,
      { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'x' } },
      '/v1/refunds',
    );
    await expect(
      payments().refundCheckout({ purchaseId: 'p-2', sessionId: 'cs_test_paid' }),
    ).resolves.toBeUndefined();

    stripe.failWith(
      400,
      { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'gone' } },
      '/v1/refunds',
    );
    await expect(
      payments().refundCheckout({ purchaseId: 'p-3', sessionId: 'cs_test_paid' }),
    ).rejects.toThrow('gone');
  });
});
