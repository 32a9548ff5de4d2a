import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Express } from 'express';
import Stripe from 'stripe';
import { dashboardResponseSchema } from '@aprendiz/contract/educator';
import { courses } from '../../db/schema/courses';
import { enrollments } from '../../db/schema/enrollments';
import { processedEvents } from '../../db/schema/processed-events';
import { purchases, type PurchaseRow } from '../../db/schema/purchases';
import { courseLedgerTotals } from '../../db/schema/ledger';
import { createStripeTestContext, type FakeStripeApi } from '../../test/fakes/payments-stripe-fake';
import type { TestContext } from '../../test/test-app';
import { CHECKOUT_OPEN } from '../educator/course-management.service';
import { CHECKOUTS_UNREACHABLE, PAID_WHILE_DELETING } from './course-checkouts';
import { insertCourse } from '../../test/fixtures/course-fixtures';
import { insertPurchaseRow } from '../../test/fixtures/purchase-fixtures';

const WEBHOOK_SECRET = 'whsec_test_aprendiz';
const signer = new Stripe('sk_test_signer').webhooks;

let ctx: TestContext;
let app: Express;
let stripe: FakeStripeApi;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ ctx, app, stripe, close } = await createStripeTestContext({
    secretKey: 'sk_test_fake',
    webhookSecret: WEBHOOK_SECRET,
  }));
});
afterAll(() => close());
beforeEach(() => stripe.reset());

type Person = Awaited<ReturnType<TestContext['createUser']>>;

/** A Stripe purchase with its session; pass `of` to buy the same course again for the same buyer. */
async function stripePurchase(
  of?: { owner: Person; course: { id: string }; buyer: Person },
  status: PurchaseRow['status'] = 'pending',
) {
  const owner = of?.owner ?? (await ctx.createUser({ role: 'educator' }));
  const course =
    of?.course ?? (await insertCourse(ctx.database.db, owner.user.id, { price: 30, discount: 0 }));
  const buyer = of?.buyer ?? (await ctx.createUser());
  const sessionId = `cs_test_${randomUUID().slice(0, 8)}`;
  const purchase = await insertPurchaseRow(ctx.database.db, {
    userId: buyer.user.id,
    courseId: course.id,
    amount: '30.00',
    provider: 'stripe',
    providerRef: sessionId,
    checkoutUrl: `https://checkout.stripe.test/c/pay/${sessionId}`,
    status,
  });
  return { owner, course, buyer, purchaseId: purchase.id, sessionId };
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

function deliver(event: unknown, options: { secret?: string; body?: string } = {}) {
  return deliverSigned(JSON.stringify(event), options);
}

/** Signs exactly these bytes, as Stripe would, whatever they hold. */
function deliverSigned(payload: string, options: { secret?: string; body?: string } = {}) {
  const signature = signer.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
  });
  return request(app)
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

/** The course's net in the ledger: its sales less fees and refunds. */
async function revenueOf(courseId: string) {
  const [row] = await ctx.database.db
    .select({ amount: courseLedgerTotals.amount })
    .from(courseLedgerTotals)
    .where(eq(courseLedgerTotals.courseId, courseId));
  return row?.amount ?? '0.00';
}

async function processedEventCount() {
  const [row] = await ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(processedEvents);
  return row!.n;
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

    const catalogue = await request(app).get('/api/course/all');
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

  it.each(['checkout.session.expired', 'checkout.session.async_payment_failed'])(
    'when %s arrives for a session the buyer has since left for another, then the purchase keeps its current attempt',
    async (type) => {
      const purchase = await stripePurchase();
      // The buyer chose another method: the same purchase, a new session.
      const newer = `cs_test_${randomUUID().slice(0, 8)}`;
      await ctx.database.db
        .update(purchases)
        .set({ providerRef: newer, status: 'awaiting_payment' })
        .where(eq(purchases.id, purchase.purchaseId));

      const res = await deliver(sessionEvent(type, purchase, { payment_status: 'unpaid' }));
      expect(res.status).toBe(200);
      expect(res.body.result).toBe('ignored');
      expect((await statusOf(purchase.purchaseId)).status).toBe('awaiting_payment');

      // The current session's own failure still fails it.
      await deliver(
        sessionEvent(type, { ...purchase, sessionId: newer }, { payment_status: 'unpaid' }),
      ).expect(200);
      expect((await statusOf(purchase.purchaseId)).status).toBe('failed');
    },
  );

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

    const unsigned = await request(app)
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

  it('when a paid session names a purchase we do not have, then its money is refunded, the event recorded, and a replay refunds nothing more', async () => {
    const purchase = await stripePurchase();
    const unknownId = randomUUID();
    const stranger = sessionEvent('checkout.session.completed', {
      ...purchase,
      purchaseId: unknownId,
    });

    const res = await deliver(stranger);

    expect(res.status).toBe(200);
    expect(res.body.result).toBe('refunded');
    const refunds = stripe.recorded.filter((r) => r.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.form.payment_intent).toBe(`pi_for_${purchase.sessionId}`);
    expect(refunds[0]!.headers['idempotency-key']).toBe(`refund-${unknownId}`);
    expect(await eventRecorded(stranger.id)).toBe(true);
    expect((await statusOf(purchase.purchaseId)).status).toBe('pending');

    expect((await deliver(stranger)).body.result).toBe('replayed');
    expect(stripe.recorded.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
  });

  it('when the refund of an unknown purchase fails, then 503 and nothing is recorded, so the next delivery refunds it', async () => {
    const purchase = await stripePurchase();
    const stranger = sessionEvent('checkout.session.completed', {
      ...purchase,
      purchaseId: randomUUID(),
    });
    stripe.failWith(500, { error: { type: 'api_error', message: 'down' } }, '/v1/refunds');

    const failed = await deliver(stranger);
    expect(failed.status).toBe(503);
    expect(await eventRecorded(stranger.id)).toBe(false);

    stripe.succeed();
    const again = await deliver(stranger);
    expect(again.status).toBe(200);
    expect(again.body.result).toBe('refunded');
    expect(await eventRecorded(stranger.id)).toBe(true);
  });

  it('when a paid session of another deployment on the same account names an unknown purchase, then it is recorded and left alone', async () => {
    const purchase = await stripePurchase();
    const foreign = sessionEvent(
      'checkout.session.completed',
      { ...purchase, purchaseId: randomUUID() },
      { metadata: { purchaseId: randomUUID(), origin: 'https://staging.aprendiz.example' } },
    );
    const res = await deliver(foreign);
    expect(res.body.result).toBe('ignored');
    expect(stripe.recorded.filter((r) => r.path === '/v1/refunds')).toHaveLength(0);
    expect(await eventRecorded(foreign.id)).toBe(true);
  });

  it('when the event is of another type, then 200 and it is only recorded', async () => {
    const purchase = await stripePurchase();
    const other = {
      ...sessionEvent('customer.created', purchase),
      data: { object: { id: 'cus_1', object: 'customer' } },
    };
    expect((await deliver(other)).body.result).toBe('ignored');
    expect(await eventRecorded(other.id)).toBe(true);
    expect((await statusOf(purchase.purchaseId)).status).toBe('pending');
  });

  it('when a signed completion carries no payment status, then it is recorded and ignored, and nobody is enrolled', async () => {
    const purchase = await stripePurchase();
    const event = sessionEvent('checkout.session.completed', purchase, {
      payment_status: undefined,
    });
    const res = await deliver(event);
    expect(res.status).toBe(200);
    expect(res.body.result).toBe('ignored');
    expect(await eventRecorded(event.id)).toBe(true);
    expect((await statusOf(purchase.purchaseId)).status).toBe('pending');
    expect(await enrollmentCount(purchase.buyer.user.id, purchase.course.id)).toBe(0);
  });

  it('when a signed body is not an event (not JSON, not an object, no id, no data), then 400 in Portuguese and nothing is written', async () => {
    const purchase = await stripePurchase();
    const before = await processedEventCount();
    const valid = sessionEvent('checkout.session.completed', purchase);
    const payloads = [
      '{"id": "evt_1", "type": ',
      'null',
      '[]',
      '"checkout.session.completed"',
      '42',
      '{}',
      JSON.stringify({ ...valid, id: 42 }),
      JSON.stringify({ ...valid, id: '' }),
      JSON.stringify({ ...valid, id: 'x'.repeat(256) }),
      JSON.stringify({ ...valid, type: ['checkout.session.completed'] }),
      JSON.stringify({ ...valid, data: undefined }),
      JSON.stringify({ ...valid, data: 'session' }),
    ];
    for (const payload of payloads) {
      const res = await deliverSigned(payload);
      expect(res.status, payload).toBe(400);
      expect(res.body, payload).toEqual({ success: false, message: 'Evento do Stripe inválido' });
    }
    expect(await processedEventCount()).toBe(before);
    expect((await statusOf(purchase.purchaseId)).status).toBe('pending');
    expect(await enrollmentCount(purchase.buyer.user.id, purchase.course.id)).toBe(0);
  });

  it('when a signed session event holds a session we cannot read, then 200 ignored, only the event is recorded', async () => {
    const purchase = await stripePurchase();
    const sandboxPurchase = await insertPurchaseRow(ctx.database.db, {
      userId: purchase.buyer.user.id,
      courseId: (await insertCourse(ctx.database.db, purchase.owner.user.id)).id,
      amount: '10.00',
      provider: 'sandbox',
    });
    const object = sessionEvent('checkout.session.completed', purchase).data.object;
    const sessions: unknown[] = [
      null,
      'cs_test_1',
      [],
      {},
      { ...object, id: 7 },
      { ...object, object: 'payment_intent' },
      { ...object, payment_status: { paid: true } },
      { ...object, metadata: 'purchase', client_reference_id: purchase.purchaseId },
      { ...object, metadata: { purchaseId: 12 }, client_reference_id: null },
      { ...object, metadata: null, client_reference_id: 99 },
      { ...object, metadata: { purchaseId: 'not-a-uuid' } },
      { ...object, metadata: {}, client_reference_id: null },
      { ...object, metadata: { purchaseId: sandboxPurchase.id } },
    ];
    for (const type of ['checkout.session.completed', 'checkout.session.expired']) {
      for (const session of sessions) {
        const event = { ...sessionEvent(type, purchase), data: { object: session } };
        const res = await deliver(event);
        expect(res.status, JSON.stringify(session)).toBe(200);
        expect(res.body.result, `${type} ${JSON.stringify(session)}`).toBe('ignored');
        expect(await eventRecorded(event.id)).toBe(true);
      }
    }
    expect((await statusOf(purchase.purchaseId)).status).toBe('pending');
    expect((await statusOf(sandboxPurchase.id)).status).toBe('pending');
    expect(await enrollmentCount(purchase.buyer.user.id, purchase.course.id)).toBe(0);
    expect(stripe.recorded).toEqual([]);
  });
});

describe('POST /api/webhooks/stripe: a second payment for a course the buyer has', () => {
  async function refundsOf(owner: Person) {
    const res = await request(app).get('/api/educator/dashboard').set(owner.auth);
    return dashboardResponseSchema.parse(res.body).dashboardData;
  }

  it('when two checkouts of one buyer and course are both paid, then one enrolls, the other is refunded through Stripe, revenue counts the price once and the educator sees the refund', async () => {
    // The buyer kept a tab open on a checkout that had been closed (price change or expiry) and
    // paid it as well as the new one: Stripe took the money twice.
    const first = await stripePurchase(undefined, 'failed');
    const second = await stripePurchase(first);
    const [a, b] = await Promise.all([
      deliver(sessionEvent('checkout.session.completed', first)),
      deliver(sessionEvent('checkout.session.completed', second)),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.result, b.body.result].sort()).toEqual(['applied', 'refunded']);

    const rows = [await statusOf(first.purchaseId), await statusOf(second.purchaseId)];
    expect(rows.map((r) => r.status).sort()).toEqual(['completed', 'refunded']);
    const refunded = rows.find((r) => r.status === 'refunded')!;
    expect(refunded.refundedAt).toBeInstanceOf(Date);
    expect(refunded.completedAt).toBeNull();
    expect(await enrollmentCount(first.buyer.user.id, first.course.id)).toBe(1);
    expect(await revenueOf(first.course.id)).toBe('30.00');

    expect(stripe.recorded.map((r) => [r.method, r.path])).toEqual([
      ['GET', `/v1/checkout/sessions/${refunded.providerRef}`],
      ['POST', '/v1/refunds'],
    ]);
    expect(stripe.recorded[1]!.headers['idempotency-key']).toBe(`refund-${refunded.id}`);
    expect(stripe.recorded[1]!.form.payment_intent).toBe(`pi_for_${refunded.providerRef}`);

    const dashboard = await refundsOf(first.owner);
    expect(dashboard.totalEarnings).toBe(30);
    expect(dashboard.refunds).toEqual({ count: 1, amount: 30 });
  });

  it('when Stripe cannot refund now, then 503, the purchase stays refund_pending out of revenue, and the next delivery refunds it', async () => {
    const first = await stripePurchase();
    await deliver(sessionEvent('checkout.session.completed', first)).expect(200);
    const second = await stripePurchase(first);
    const event = sessionEvent('checkout.session.completed', second);

    stripe.failWith(
      400,
      { error: { type: 'invalid_request_error', message: 'Refunds are paused' } },
      '/v1/refunds',
    );
    const failed = await deliver(event);
    expect(failed.status).toBe(503);
    expect(failed.body).toEqual({
      success: false,
      message:
        'O reembolso não pôde ser feito agora; será tentado de novo na próxima entrega do evento',
    });
    expect(await eventRecorded(event.id)).toBe(true);
    expect((await statusOf(second.purchaseId)).status).toBe('refund_pending');
    expect(await revenueOf(first.course.id)).toBe('30.00');
    expect((await refundsOf(first.owner)).refunds).toEqual({ count: 1, amount: 30 });

    stripe.succeed();
    const redelivered = await deliver(event);
    expect(redelivered.status).toBe(200);
    expect(redelivered.body.result).toBe('refunded');
    const row = await statusOf(second.purchaseId);
    expect(row.status).toBe('refunded');
    expect(row.refundedAt).toBeInstanceOf(Date);
    expect(await revenueOf(first.course.id)).toBe('30.00');
    expect(await enrollmentCount(first.buyer.user.id, first.course.id)).toBe(1);

    const again = await deliver(event);
    expect(again.body.result).toBe('replayed');
    expect(stripe.recorded.filter((r) => r.path === '/v1/refunds')).toHaveLength(2);
  });
});

describe('deleting a course while a buyer is on Stripe Checkout', () => {
  async function courseExists(courseId: string) {
    const rows = await ctx.database.db.select().from(courses).where(eq(courses.id, courseId));
    return rows.length === 1;
  }

  function deleteCourse(owner: Person, courseId: string) {
    return request(app).delete(`/api/educator/course/${courseId}`).set(owner.auth);
  }

  it('when the course is deleted, then its open session is expired first, and a late payment for it is refunded', async () => {
    const purchase = await stripePurchase();

    const res = await deleteCourse(purchase.owner, purchase.course.id);

    expect(res.status).toBe(200);
    expect(
      stripe.recorded.filter(
        (r) =>
          r.method === 'POST' && r.path === `/v1/checkout/sessions/${purchase.sessionId}/expire`,
      ),
    ).toHaveLength(1);
    expect(await courseExists(purchase.course.id)).toBe(false);
    const left = await ctx.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, purchase.purchaseId));
    expect(left).toHaveLength(0);

    // Had the buyer paid in the same instant, the payment is not lost: it is given back.
    const late = await deliver(sessionEvent('checkout.session.completed', purchase));
    expect(late.body.result).toBe('refunded');
  });

  it('when the buyer paid before the session could be expired, then 409 and the course and purchase stay', async () => {
    const purchase = await stripePurchase();
    stripe.failWith(
      400,
      { error: { type: 'invalid_request_error', message: 'Only open sessions can be expired.' } },
      `/v1/checkout/sessions/${purchase.sessionId}/expire`,
    );

    const res = await deleteCourse(purchase.owner, purchase.course.id);

    expect(res.status).toBe(409);
    expect(res.body.message).toBe(PAID_WHILE_DELETING);
    expect(await courseExists(purchase.course.id)).toBe(true);
    expect((await statusOf(purchase.purchaseId)).status).toBe('pending');
  });

  it('when Stripe cannot be reached, then 503 and nothing is deleted', async () => {
    const purchase = await stripePurchase();
    stripe.failWith(500, { error: { type: 'api_error', message: 'down' } }, '/v1/checkout');

    const res = await deleteCourse(purchase.owner, purchase.course.id);

    expect(res.status).toBe(503);
    expect(res.body.message).toBe(CHECKOUTS_UNREACHABLE);
    expect(await courseExists(purchase.course.id)).toBe(true);
  });

  it('when a checkout opens while the course is being deleted, then 409 and nothing is deleted', async () => {
    const purchase = await stripePurchase();
    // A checkout whose session is not stored yet: the one being opened by a start racing the delete.
    await ctx.database.db
      .update(purchases)
      .set({ providerRef: null })
      .where(eq(purchases.id, purchase.purchaseId));

    const res = await deleteCourse(purchase.owner, purchase.course.id);

    expect(res.status).toBe(409);
    expect(res.body.message).toBe(CHECKOUT_OPEN);
    expect(await courseExists(purchase.course.id)).toBe(true);
  });

  it('when someone else deletes the course, then no session is expired', async () => {
    const purchase = await stripePurchase();
    const other = await ctx.createUser({ role: 'educator' });
    expect((await deleteCourse(other, purchase.course.id)).status).toBe(404);
    expect(stripe.recorded.filter((r) => r.path.endsWith('/expire'))).toHaveLength(0);
    expect((await statusOf(purchase.purchaseId)).status).toBe('pending');
  });
});
