import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import { createApp } from '../app';
import { purchases } from '../db/schema/purchases';
import { insertCourse } from '../modules/courses/course-fixtures';
import { createTestContext, type TestContext } from '../test/test-app';
import { absoluteImageUrl, createStripePayments, toMinorUnits } from './payments-stripe';

interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  form: Record<string, string>;
}

/** Plays Stripe's API: records each request and answers with a checkout session (or an error). */
function fakeStripe() {
  const recorded: RecordedRequest[] = [];
  let failWith: { status: number; body: object } | null = null;
  let sessions = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      recorded.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        form: Object.fromEntries(new URLSearchParams(raw)),
      });
      res.setHeader('Content-Type', 'application/json');
      if (failWith) {
        res.statusCode = failWith.status;
        res.end(JSON.stringify(failWith.body));
        return;
      }
      const id = `cs_test_${++sessions}`;
      res.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
        }),
      );
    });
  });
  return {
    recorded,
    server,
    failNextWith: (status: number, body: object) => void (failWith = { status, body }),
    succeed: () => void (failWith = null),
  };
}

let ctx: TestContext;
let app: Express;
const stripe = fakeStripe();

beforeAll(async () => {
  ctx = await createTestContext({
    STRIPE_SECRET_KEY: 'sk_test_recorder',
    STRIPE_WEBHOOK_SECRET: 'whsec_recorder',
  });
  await new Promise<void>((resolve) => stripe.server.listen(0, '127.0.0.1', resolve));
  const { port } = stripe.server.address() as AddressInfo;
  app = createApp({
    ...ctx.deps,
    payments: createStripePayments({
      secretKey: 'sk_test_recorder',
      webhookSecret: 'whsec_recorder',
      publicUrl: ctx.config.publicUrl,
      api: { host: '127.0.0.1', port, protocol: 'http' },
    }),
  });
});
afterAll(async () => {
  await new Promise((resolve) => stripe.server.close(resolve));
  await ctx.close();
});
beforeEach(() => {
  stripe.recorded.length = 0;
  stripe.succeed();
});

async function purchaseOf(userId: string) {
  const [row] = await ctx.database.db.select().from(purchases).where(eq(purchases.userId, userId));
  return row!;
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
    expect(sent!.headers['idempotency-key']).toBe(`checkout-${purchase.id}`);
    expect(sent!.form).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1699',
      'line_items[0][price_data][product_data][name]': 'Kotlin para Android',
      'line_items[0][price_data][product_data][images][0]': 'http://app.test/uploads/kotlin.webp',
      'metadata[purchaseId]': purchase.id,
      'metadata[userId]': student.user.id,
      client_reference_id: purchase.id,
      success_url: 'http://app.test/loading/my-enrollments',
      cancel_url: 'http://app.test/',
    });

    expect(res.body).toEqual({
      success: true,
      session_url: 'https://checkout.stripe.test/c/pay/cs_test_1',
    });
    expect(purchase).toMatchObject({
      status: 'pending',
      provider: 'stripe',
      providerRef: 'cs_test_1',
      amount: '16.99',
      currency: 'usd',
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

  it('when Stripe refuses the session, then 503 in Portuguese and the purchase is marked failed', async () => {
    const owner = await ctx.createUser({ role: 'educator' });
    const course = await insertCourse(ctx.database.db, owner.user.id);
    const student = await ctx.createUser();
    stripe.failNextWith(400, {
      error: { type: 'invalid_request_error', message: 'Invalid currency' },
    });
    const res = await request(app)
      .post('/api/user/purchase')
      .set(student.auth)
      .send({ courseId: course.id });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      success: false,
      message: 'Não foi possível iniciar o pagamento. Tente novamente.',
    });
    expect((await purchaseOf(student.user.id)).status).toBe('failed');
  });

  it('when Stripe is configured, then the sandbox payment endpoints do not exist', async () => {
    const owner = await ctx.createUser({ role: 'educator' });
    const course = await insertCourse(ctx.database.db, owner.user.id);
    const student = await ctx.createUser();
    await request(app)
      .post('/api/user/purchase')
      .set(student.auth)
      .send({ courseId: course.id })
      .expect(200);
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
