import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import { purchases } from '../../../db/schema/purchases';
import { insertCourse } from '../../../test/fixtures/course-fixtures';
import type { TestContext } from '../../../test/test-app';
import {
  createStripeTestContext,
  type FakeStripeApi,
} from '../../../test/fakes/payments-stripe-fake';

let brl: { ctx: TestContext; app: Express; stripe: FakeStripeApi; close: () => Promise<void> };
let eur: typeof brl;
const keys = { secretKey: 'sk_test_methods', webhookSecret: 'whsec_methods' };

beforeAll(async () => {
  [brl, eur] = await Promise.all([
    createStripeTestContext(keys, { CURRENCY: 'brl', STRIPE_BOLETO: '1' }),
    createStripeTestContext(keys, { CURRENCY: 'eur' }),
  ]);
});
afterAll(async () => {
  await Promise.all([brl.close(), eur.close()]);
});
beforeEach(() => {
  brl.stripe.reset();
  eur.stripe.reset();
});

async function buy(env: typeof brl, body: Record<string, unknown>) {
  const owner = await env.ctx.createUser({ role: 'educator' });
  const course = await insertCourse(env.ctx.database.db, owner.user.id, { price: 30, discount: 0 });
  const student = await env.ctx.createUser();
  const res = await request(env.app)
    .post('/api/user/purchase')
    .set(student.auth)
    .send({ courseId: course.id, ...body });
  const [row] = await env.ctx.database.db
    .select()
    .from(purchases)
    .where(eq(purchases.userId, student.user.id));
  return { res, row, student };
}

describe('Stripe methods per currency', () => {
  it('when the deployment is in reais or euros, then Stripe offers card and the local methods (boleto only when enabled)', async () => {
    const inBrl = await request(brl.app).get('/api/payments/methods').expect(200);
    expect(inBrl.body.methods.map((m: { id: string }) => m.id)).toEqual(['card', 'pix', 'boleto']);
    expect(inBrl.body.currencyLabel).toBe('R$');
    const inEur = await request(eur.app).get('/api/payments/methods').expect(200);
    expect(inEur.body.methods.map((m: { id: string }) => m.id)).toEqual([
      'card',
      'mb_way',
      'multibanco',
    ]);
  });

  it('when a learner pays with Pix through Stripe, then the Checkout Session allows only Pix for 30 minutes, in reais', async () => {
    const { res, row } = await buy(brl, { method: 'pix' });
    expect(res.status).toBe(200);
    expect(res.body.session_url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(row).toMatchObject({
      method: 'pix',
      currency: 'brl',
      status: 'pending',
      provider: 'stripe',
    });
    const [sent] = brl.stripe.recorded;
    expect(sent!.form).toMatchObject({
      'allowed_payment_method_types[0]': 'pix',
      'payment_method_options[pix][expires_after_seconds]': '1800',
      'line_items[0][price_data][currency]': 'brl',
      'line_items[0][price_data][unit_amount]': '3000',
    });
  });

  it('when a learner pays by Multibanco through Stripe, then the session allows only Multibanco; a method of another currency is refused', async () => {
    const { res, row } = await buy(eur, { method: 'multibanco' });
    expect(res.status).toBe(200);
    expect(row?.method).toBe('multibanco');
    expect(eur.stripe.recorded[0]!.form).toMatchObject({
      'allowed_payment_method_types[0]': 'multibanco',
    });
    const refused = await buy(eur, { method: 'pix' });
    expect(refused.res.status).toBe(400);
    expect(refused.row).toBeUndefined();
  });

  it('when a learner who chose Multibanco chooses MB WAY instead, then the second Checkout Session goes with its own idempotency key, naming the method', async () => {
    const { res, row, student } = await buy(eur, { method: 'multibanco' });
    expect(res.status).toBe(200);
    const switched = await request(eur.app)
      .post(`/api/payments/${row!.id}/method`)
      .set(student.auth)
      .send({ method: 'mb_way', phone: '912345678' });
    expect(switched.status).toBe(200);
    const [after] = await eur.ctx.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, row!.id));
    expect(after).toMatchObject({ method: 'mb_way', status: 'pending' });
    const keys = eur.stripe.recorded
      .filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')
      .map((r) => r.headers['idempotency-key']);
    // Stripe refuses a key reused within 24 h with other parameters: each attempt has its own.
    expect(keys).toEqual([
      `checkout-${row!.id}-multibanco-${row!.createdAt.getTime()}`,
      `checkout-${row!.id}-mb_way-${after!.createdAt.getTime()}`,
    ]);
    expect(eur.stripe.recorded.at(-1)!.form['allowed_payment_method_types[0]']).toBe('mb_way');
  });
});
