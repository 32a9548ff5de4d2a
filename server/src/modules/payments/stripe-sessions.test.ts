import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { duplicatePayments } from '../../db/schema/ledger';
import { enrollments } from '../../db/schema/enrollments';
import { purchases } from '../../db/schema/purchases';
import { insertCourse } from '../../test/fixtures/course-fixtures';
import {
  createStripeTestContext,
  type StripeTestContext,
} from '../../test/fakes/payments-stripe-fake';
import { ALREADY_PAID } from './payment-attempts';
import { settleRequestedRefund } from './refunds';

// One payable Checkout session per purchase: a switch expires the old one first, the purchase
// keeps the session that was paid, and a second paid session is given back.

const WEBHOOK_SECRET = 'whsec_sessions';
const signer = new Stripe('sk_test_signer').webhooks;
let env: StripeTestContext;

beforeAll(async () => {
  env = await createStripeTestContext(
    { secretKey: 'sk_test_sessions', webhookSecret: WEBHOOK_SECRET },
    { CURRENCY: 'eur' },
  );
});
afterAll(() => env.close());
beforeEach(() => env.stripe.reset());

async function rowOf(purchaseId: string) {
  const [row] = await env.ctx.database.db
    .select()
    .from(purchases)
    .where(eq(purchases.id, purchaseId));
  return row!;
}

/** A buyer on Stripe Checkout with Multibanco chosen: the purchase and its session. */
async function buyWithMultibanco() {
  const owner = await env.ctx.createUser({ role: 'educator' });
  const course = await insertCourse(env.ctx.database.db, owner.user.id, { price: 30, discount: 0 });
  const buyer = await env.ctx.createUser();
  await request(env.app)
    .post('/api/user/purchase')
    .set(buyer.auth)
    .send({ courseId: course.id, method: 'multibanco' })
    .expect(200);
  const [row] = await env.ctx.database.db
    .select()
    .from(purchases)
    .where(eq(purchases.userId, buyer.user.id));
  return { buyer, course, purchaseId: row!.id, sessionId: row!.providerRef! };
}

function switchToCard(purchase: { purchaseId: string; buyer: { auth: Record<string, string> } }) {
  return request(env.app)
    .post(`/api/payments/${purchase.purchaseId}/method`)
    .set(purchase.buyer.auth)
    .send({ method: 'card' });
}

function deliverPaid(purchaseId: string, sessionId: string) {
  const payload = JSON.stringify({
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        client_reference_id: purchaseId,
        metadata: { purchaseId },
        payment_status: 'paid',
        status: 'complete',
      },
    },
  });
  return request(env.app)
    .post('/api/webhooks/stripe')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))
    .send(payload);
}

describe('switching method on Stripe Checkout', () => {
  it('when a buyer switches method, then the old session is expired at Stripe before the new one opens, and the purchase holds only the new one', async () => {
    const purchase = await buyWithMultibanco();
    env.stripe.reset();
    const res = await switchToCard(purchase);
    expect(res.status).toBe(200);
    const calls = env.stripe.recorded.map((r) => `${r.method} ${r.path}`);
    expect(calls).toEqual([
      `POST /v1/checkout/sessions/${purchase.sessionId}/expire`,
      'POST /v1/checkout/sessions',
    ]);
    const row = await rowOf(purchase.purchaseId);
    expect(row.providerRef).not.toBe(purchase.sessionId);
    expect(row).toMatchObject({ method: 'card', status: 'pending', switchingUntil: null });
  });

  it('when the old session was paid before it could be expired, then 409, the purchase completes with that session and no new session opens', async () => {
    const purchase = await buyWithMultibanco();
    env.stripe.reset();
    env.stripe.setSession(purchase.sessionId, { status: 'complete', payment_status: 'paid' });
    const res = await switchToCard(purchase);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: ALREADY_PAID });
    const row = await rowOf(purchase.purchaseId);
    expect(row).toMatchObject({
      status: 'completed',
      providerRef: purchase.sessionId,
      paidRef: purchase.sessionId,
      switchingUntil: null,
    });
    expect(env.stripe.recorded.some((r) => r.path === '/v1/checkout/sessions')).toBe(false);
    const enrolled = await env.ctx.database.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.userId, purchase.buyer.user.id));
    expect(enrolled).toHaveLength(1);
  });

  it('when Stripe cannot be reached to expire the old session, then 503 and the purchase keeps its session', async () => {
    const purchase = await buyWithMultibanco();
    env.stripe.failWith(500, { error: { type: 'api_error', message: 'down' } });
    const res = await switchToCard(purchase);
    expect(res.status).toBe(503);
    const row = await rowOf(purchase.purchaseId);
    expect(row).toMatchObject({
      providerRef: purchase.sessionId,
      method: 'multibanco',
      switchingUntil: null,
    });
  });
});

describe('the paid session of a purchase', () => {
  it('when the old session is paid after the switch and then the new one too, then the first completes the purchase and the second is refunded once, to its own payment intent, and recorded', async () => {
    const purchase = await buyWithMultibanco();
    await switchToCard(purchase).expect(200);
    const newSession = (await rowOf(purchase.purchaseId)).providerRef!;
    env.stripe.reset();

    const first = await deliverPaid(purchase.purchaseId, purchase.sessionId);
    expect(first.body.result).toBe('applied');
    expect(await rowOf(purchase.purchaseId)).toMatchObject({
      status: 'completed',
      paidRef: purchase.sessionId,
    });

    const second = await deliverPaid(purchase.purchaseId, newSession);
    expect(second.status).toBe(200);
    expect(second.body.result).toBe('refunded');
    const refunds = env.stripe.recorded.filter((r) => r.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.form.payment_intent).toBe(`pi_for_${newSession}`);
    expect(refunds[0]!.headers['idempotency-key']).toBe(`refund-${newSession}`);
    const [recorded] = await env.ctx.database.db
      .select()
      .from(duplicatePayments)
      .where(eq(duplicatePayments.providerRef, newSession));
    expect(recorded).toMatchObject({ purchaseId: purchase.purchaseId, provider: 'stripe' });
    expect(recorded!.refundedAt).toBeInstanceOf(Date);
    // The purchase stays completed and paid through the first session.
    expect(await rowOf(purchase.purchaseId)).toMatchObject({
      status: 'completed',
      paidRef: purchase.sessionId,
    });

    const again = await deliverPaid(purchase.purchaseId, newSession);
    expect(again.body.result).toBe('ignored');
    expect(env.stripe.recorded.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
  });

  it('when Stripe cannot refund the second payment now, then 503 and it stays recorded as owed until a later delivery refunds it', async () => {
    const purchase = await buyWithMultibanco();
    await switchToCard(purchase).expect(200);
    const newSession = (await rowOf(purchase.purchaseId)).providerRef!;
    await deliverPaid(purchase.purchaseId, newSession).expect(200);
    env.stripe.failWith(
      402,
      { error: { type: 'invalid_request_error', message: 'no' } },
      '/v1/refunds',
    );
    const failed = await deliverPaid(purchase.purchaseId, purchase.sessionId);
    expect(failed.status).toBe(503);
    const [owed] = await env.ctx.database.db
      .select()
      .from(duplicatePayments)
      .where(eq(duplicatePayments.providerRef, purchase.sessionId));
    expect(owed!.refundedAt).toBeNull();
    env.stripe.succeed();
    const later = await deliverPaid(purchase.purchaseId, purchase.sessionId);
    expect(later.body.result).toBe('refunded');
  });

  it('when a buyer asks for the guarantee refund after a switch, then the refund goes to the session that was paid, not the newest', async () => {
    const purchase = await buyWithMultibanco();
    await switchToCard(purchase).expect(200);
    const newSession = (await rowOf(purchase.purchaseId)).providerRef!;
    await deliverPaid(purchase.purchaseId, purchase.sessionId).expect(200);
    await env.ctx.database.db
      .update(purchases)
      .set({ status: 'refund_pending', refundRequestedAt: sql`now()` })
      .where(eq(purchases.id, purchase.purchaseId));
    env.stripe.reset();

    await settleRequestedRefund(env.deps, purchase.purchaseId);
    expect(env.stripe.recorded.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/checkout/sessions/${purchase.sessionId}`,
      'POST /v1/refunds',
    ]);
    expect(env.stripe.recorded[1]!.form.payment_intent).toBe(`pi_for_${purchase.sessionId}`);
    expect(newSession).not.toBe(purchase.sessionId);
    expect((await rowOf(purchase.purchaseId)).status).toBe('refunded');
  });
});
