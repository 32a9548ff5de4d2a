import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { enrollments } from '../../db/schema/enrollments';
import { processedEvents } from '../../db/schema/processed-events';
import { purchases } from '../../db/schema/purchases';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertCourse } from '../courses/course-fixtures';
import { insertPurchase, setPurchaseProviderRef } from '../payments/payments.repository';

const WEBHOOK_SECRET = 'whsec_test_aprendiz';
const signer = new Stripe('sk_test_signer').webhooks;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
});
afterAll(() => ctx.close());

async function stripePurchase() {
  const owner = await ctx.createUser({ role: 'educator' });
  const course = await insertCourse(ctx.database.db, owner.user.id, { price: 30, discount: 0 });
  const buyer = await ctx.createUser();
  const purchase = await insertPurchase(ctx.database.db, {
    userId: buyer.user.id,
    courseId: course.id,
    amount: '30.00',
    currency: 'usd',
    provider: 'stripe',
  });
  const sessionId = `cs_test_${randomUUID().slice(0, 8)}`;
  await setPurchaseProviderRef(ctx.database.db, purchase.id, sessionId);
  return { course, buyer, purchaseId: purchase.id, sessionId };
}

function sessionEvent(
  type: string,
  purchase: { purchaseId: string; sessionId: string; buyer: { user: { id: string } } },
  session: Record<string, unknown> = {},
) {
  return {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: purchase.sessionId,
        object: 'checkout.session',
        client_reference_id: purchase.purchaseId,
        metadata: { purchaseId: purchase.purchaseId, userId: purchase.buyer.user.id },
        payment_status: 'paid',
        status: 'complete',
        ...session,
      },
    },
  };
}

function deliver(event: object, options: { secret?: string; body?: string } = {}) {
  const payload = JSON.stringify(event);
  const signature = signer.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
  });
  return request(ctx.app)
    .post('/api/webhooks/stripe')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', signature)
    .send(options.body ?? payload);
}

async function statusOf(purchaseId: string) {
  const [row] = await ctx.database.db.select().from(purchases).where(eq(purchases.id, purchaseId));
  return row!;
}

async function enrollmentCount(userId: string, courseId: string) {
  const rows = await ctx.database.db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
  return rows.length;
}

async function eventRecorded(eventId: string) {
  const rows = await ctx.database.db
    .select()
    .from(processedEvents)
    .where(and(eq(processedEvents.provider, 'stripe'), eq(processedEvents.eventId, eventId)));
  return rows.length === 1;
}

describe('POST /api/webhooks/stripe', () => {
  it('when a signed checkout.session.completed arrives, then the purchase completes, the buyer is enrolled and the event recorded', async () => {
    const purchase = await stripePurchase();
    const event = sessionEvent('checkout.session.completed', purchase);
    const res = await deliver(event);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, result: 'applied' });
    expect((await statusOf(purchase.purchaseId)).status).toBe('completed');
    expect(await enrollmentCount(purchase.buyer.user.id, purchase.course.id)).toBe(1);
    expect(await eventRecorded(event.id)).toBe(true);

    const catalogue = await request(ctx.app).get('/api/course/all');
    expect(
      catalogue.body.courses.find((c: { _id: string }) => c._id === purchase.course.id)
        .studentCount,
    ).toBe(1);
  });

  it('when the same event is delivered again, then nothing changes', async () => {
    const purchase = await stripePurchase();
    const event = sessionEvent('checkout.session.expired', purchase);
    await deliver(event).expect(200);
    expect((await statusOf(purchase.purchaseId)).status).toBe('failed');
    // Were the replay applied, it would fail the purchase once more.
    await ctx.database.db
      .update(purchases)
      .set({ status: 'pending' })
      .where(eq(purchases.id, purchase.purchaseId));

    const replay = await deliver(event);
    expect(replay.status).toBe(200);
    expect(replay.body.result).toBe('replayed');
    expect((await statusOf(purchase.purchaseId)).status).toBe('pending');
  });

  it('when a completed event is replayed, then still one enrollment and the first completion time', async () => {
    const purchase = await stripePurchase();
    const event = sessionEvent('checkout.session.completed', purchase);
    await deliver(event).expect(200);
    const completedAt = (await statusOf(purchase.purchaseId)).completedAt;
    const replays = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(replays.map((r) => r.body.result)).toEqual(['replayed', 'replayed', 'replayed']);
    expect(await enrollmentCount(purchase.buyer.user.id, purchase.course.id)).toBe(1);
    expect((await statusOf(purchase.purchaseId)).completedAt).toEqual(completedAt);
  });

  it('when checkout.session.expired arrives, then the purchase is marked failed and nobody is enrolled', async () => {
    const purchase = await stripePurchase();
    await deliver(
      sessionEvent('checkout.session.expired', purchase, {
        status: 'expired',
        payment_status: 'unpaid',
      }),
    ).expect(200);
    expect((await statusOf(purchase.purchaseId)).status).toBe('failed');
    expect(await enrollmentCount(purchase.buyer.user.id, purchase.course.id)).toBe(0);
  });

  it('when an expired event follows a completed one, then the purchase stays completed', async () => {
    const purchase = await stripePurchase();
    await deliver(sessionEvent('checkout.session.completed', purchase)).expect(200);
    await deliver(sessionEvent('checkout.session.expired', purchase)).expect(200);
    expect((await statusOf(purchase.purchaseId)).status).toBe('completed');
  });

  it('when the signature is wrong, missing or covers another body, then 400 and nothing is written', async () => {
    const purchase = await stripePurchase();
    const event = sessionEvent('checkout.session.completed', purchase);
    const wrongSecret = await deliver(event, { secret: 'whsec_someone_else' });
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body).toEqual({ success: false, message: 'Assinatura do webhook inválida' });

    const tampered = await deliver(event, {
      body: JSON.stringify({ ...event, data: { object: { ...event.data.object, metadata: {} } } }),
    });
    expect(tampered.status).toBe(400);

    const unsigned = await request(ctx.app)
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(event));
    expect(unsigned.status).toBe(400);

    expect((await statusOf(purchase.purchaseId)).status).toBe('pending');
    expect(await enrollmentCount(purchase.buyer.user.id, purchase.course.id)).toBe(0);
    expect(await eventRecorded(event.id)).toBe(false);
  });

  it('when a delayed payment completes the session unpaid, then enrollment waits for async_payment_succeeded', async () => {
    const purchase = await stripePurchase();
    await deliver(
      sessionEvent('checkout.session.completed', purchase, { payment_status: 'unpaid' }),
    ).expect(200);
    expect((await statusOf(purchase.purchaseId)).status).toBe('pending');
    expect(await enrollmentCount(purchase.buyer.user.id, purchase.course.id)).toBe(0);

    await deliver(sessionEvent('checkout.session.async_payment_succeeded', purchase)).expect(200);
    expect((await statusOf(purchase.purchaseId)).status).toBe('completed');
    expect(await enrollmentCount(purchase.buyer.user.id, purchase.course.id)).toBe(1);
  });

  it('when the event names no purchase of ours or is of another type, then 200 and it is only recorded', async () => {
    const purchase = await stripePurchase();
    const stranger = sessionEvent('checkout.session.completed', {
      ...purchase,
      purchaseId: randomUUID(),
    });
    const res = await deliver(stranger);
    expect(res.status).toBe(200);
    expect(res.body.result).toBe('ignored');
    expect(await eventRecorded(stranger.id)).toBe(true);

    const other = {
      ...sessionEvent('customer.created', purchase),
      data: { object: { id: 'cus_1', object: 'customer' } },
    };
    expect((await deliver(other)).body.result).toBe('ignored');
    expect((await statusOf(purchase.purchaseId)).status).toBe('pending');
  });
});
