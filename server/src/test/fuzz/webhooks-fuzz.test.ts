import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import request from 'supertest';
import Stripe from 'stripe';
import { insertCourse } from '../fixtures/course-fixtures';
import { insertPurchaseRow } from '../fixtures/purchase-fixtures';
import {
  clerkTestEnv,
  clerkUserJson,
  newClerkWebhookSecret,
  postClerkWebhook,
} from '../fixtures/clerk-fixtures';
import { createTestContext, type TestContext } from '../test-app';
import { startFakeProxyPay, type FakeProxyPay } from '../fakes/proxypay-fake';
import { eq } from 'drizzle-orm';
import { purchases } from '../../db/schema/purchases';
import {
  hostileString,
  leafPaths,
  mutatedExample,
  replaceAt,
  SWEEP_VALUES,
  wrongValue,
} from './zod-arbitrary';

/**
 * Correctly signed webhook deliveries whose contents are anything at all: a signature proves who
 * sent the bytes, not that they hold what the handler reads. The answer is never a 5xx.
 */

const SEED = 20_261_124;

/** Either JSON (any value) or signed text that is not JSON. */
type Payload = { json: unknown } | { raw: string };
const serialise = (payload: Payload) =>
  'raw' in payload ? payload.raw : (JSON.stringify(payload.json) ?? '');

const notJson = fc.oneof(hostileString(), fc.constantFrom('{', '[1,', '{"id":1e999}', '"texto"'));

function expectNoServerError(res: request.Response, payload: string): void {
  expect(
    res.status,
    `${res.status} ${JSON.stringify(res.body)} for ${payload.slice(0, 500)}`,
  ).toBeLessThan(500);
}

/**
 * Delivers a fresh good event with each of its values in turn swapped for each sweep value; returns
 * every swap answered with a 5xx, all at once, so a failing test names them all.
 */
async function serverErrorsOfHostileValues(
  goodEvent: () => Record<string, unknown>,
  deliver: (payload: string) => Promise<request.Response>,
): Promise<string[]> {
  const failures: string[] = [];
  for (const leaf of leafPaths(goodEvent())) {
    for (const value of SWEEP_VALUES) {
      const res = await deliver(JSON.stringify(replaceAt(goodEvent(), leaf, value)));
      if (res.status >= 500) failures.push(`${leaf.join('.')} = ${JSON.stringify(value)}`);
    }
  }
  return failures;
}

describe('POST /api/webhooks/stripe with signed deliveries of any content', () => {
  const WEBHOOK_SECRET = 'whsec_fuzz_aprendiz';
  const signer = new Stripe('sk_test_signer').webhooks;
  let ctx: TestContext;
  let purchaseIds: string[];
  let sessionIds: string[];

  beforeAll(async () => {
    ctx = await createTestContext({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    const owner = await ctx.createUser({ role: 'educator' });
    const buyer = await ctx.createUser();
    const course = await insertCourse(ctx.database.db, owner.user.id, { price: 30, discount: 0 });
    const second = await insertCourse(ctx.database.db, owner.user.id, { price: 20, discount: 0 });
    purchaseIds = [];
    sessionIds = [];
    for (const [courseId, status] of [
      [course.id, 'pending'],
      [second.id, 'completed'],
    ] as const) {
      const sessionId = `cs_test_${randomUUID().slice(0, 8)}`;
      const purchase = await insertPurchaseRow(ctx.database.db, {
        userId: buyer.user.id,
        courseId,
        amount: '30.00',
        provider: 'stripe',
        providerRef: sessionId,
        status,
      });
      purchaseIds.push(purchase.id);
      sessionIds.push(sessionId);
    }
  });
  afterAll(() => ctx.close());

  function deliver(payload: string) {
    const signature = signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return request(ctx.app)
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(payload);
  }

  let events = 0;
  /** A well-formed completed checkout of our pending purchase, under a new event id each time. */
  function goodEvent(): Record<string, unknown> {
    events++;
    return {
      id: `evt_fuzz_${events}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: 1_790_000_000,
      data: {
        object: {
          id: sessionIds[0],
          object: 'checkout.session',
          client_reference_id: purchaseIds[0],
          metadata: { purchaseId: purchaseIds[0] },
          payment_status: 'paid',
          status: 'complete',
          amount_total: 3000,
          currency: 'usd',
        },
      },
    };
  }

  it('when any event of any shape arrives signed, then never a 5xx', async () => {
    const field = <T>(good: fc.Arbitrary<T>) =>
      fc.oneof(
        { weight: 3, arbitrary: good },
        { weight: 1, arbitrary: hostileString() },
        {
          weight: 1,
          arbitrary: wrongValue(),
        },
      );
    const session = fc.record(
      {
        id: field(fc.constantFrom(...sessionIds)),
        object: field(fc.constant('checkout.session')),
        client_reference_id: field(fc.constantFrom(...purchaseIds, null)),
        metadata: field(fc.record({ purchaseId: field(fc.constantFrom(...purchaseIds)) })),
        payment_status: field(fc.constantFrom('paid', 'unpaid', 'no_payment_required')),
        amount_total: field(fc.integer()),
      },
      { requiredKeys: [] },
    );
    const event = fc.record(
      {
        id: field(fc.uuid().map((id) => `evt_${id}`)),
        object: fc.constant('event'),
        type: field(
          fc.constantFrom(
            'checkout.session.completed',
            'checkout.session.async_payment_succeeded',
            'checkout.session.expired',
            'checkout.session.async_payment_failed',
            'charge.refunded',
            'payment_intent.succeeded',
          ),
        ),
        data: field(fc.record({ object: field(session) }, { requiredKeys: [] })),
      },
      { requiredKeys: ['type'] },
    );
    const payloadArb = fc.oneof(
      { weight: 6, arbitrary: event.map((json): Payload => ({ json })) },
      { weight: 2, arbitrary: mutatedExample(goodEvent()).map((json): Payload => ({ json })) },
      { weight: 1, arbitrary: wrongValue().map((json): Payload => ({ json })) },
      { weight: 1, arbitrary: notJson.map((raw): Payload => ({ raw })) },
    );
    await fc.assert(
      fc.asyncProperty(payloadArb, async (payload) => {
        const text = serialise(payload);
        expectNoServerError(await deliver(text), text);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('when any one value of a good completed checkout is hostile, then never a 5xx', async () => {
    expect(await serverErrorsOfHostileValues(goodEvent, deliver)).toEqual([]);
  });
});

describe('POST /api/webhooks/clerk with signed deliveries of any content', () => {
  const WEBHOOK_SECRET = newClerkWebhookSecret();
  let ctx: TestContext;

  beforeAll(async () => {
    // No Clerk API: the webhook must never need it.
    ctx = await createTestContext(clerkTestEnv(WEBHOOK_SECRET));
  });
  afterAll(() => ctx.close());

  function deliver(payload: string, deliveryId?: string) {
    return postClerkWebhook(ctx.app, WEBHOOK_SECRET, payload, deliveryId);
  }

  let users = 0;
  /** user.created for a new Clerk user each time, carrying every field Clerk sends. */
  function goodEvent(): Record<string, unknown> {
    users++;
    return {
      object: 'event',
      type: 'user.created',
      timestamp: 1_790_000_000_000,
      data: clerkUserJson({ id: `user_fuzz${users}`, email: `clerk${users}@example.test` }),
    };
  }

  it('when any event of any shape arrives signed, under any delivery id, then never a 5xx', async () => {
    const type = fc.oneof(
      fc.constantFrom('user.created', 'user.updated', 'user.deleted', 'session.created'),
      hostileString(),
    );
    const payloadArb = fc.oneof(
      {
        weight: 4,
        arbitrary: mutatedExample(goodEvent()).map((json): Payload => ({ json })),
      },
      {
        weight: 2,
        arbitrary: fc
          .record({
            type,
            data: fc.oneof(mutatedExample({ id: 'user_fuzz1', deleted: true }), wrongValue()),
          })
          .map((json): Payload => ({ json })),
      },
      { weight: 1, arbitrary: wrongValue().map((json): Payload => ({ json })) },
      { weight: 1, arbitrary: notJson.map((raw): Payload => ({ raw })) },
    );
    // Header values cannot carry control characters; length and Latin-1 they can.
    const deliveryId = fc.oneof(
      { weight: 4, arbitrary: fc.uuid().map((id) => `msg_${id}`) },
      { weight: 1, arbitrary: fc.constantFrom('x'.repeat(3000), 'msg_ação', ' ') },
    );
    await fc.assert(
      fc.asyncProperty(payloadArb, deliveryId, async (payload, id) => {
        const text = serialise(payload);
        expectNoServerError(await deliver(text, id), `svix-id ${id.slice(0, 40)}: ${text}`);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('when any one value of a good user.created is hostile, then never a 5xx', async () => {
    expect(await serverErrorsOfHostileValues(goodEvent, deliver)).toEqual([]);
  });
});

describe('POST /api/webhooks/proxypay and /proxypay/express with deliveries of any content', () => {
  let fake: FakeProxyPay;
  let ctx: TestContext;
  let referenceId: string;
  let transactionId: string;

  beforeAll(async () => {
    fake = await startFakeProxyPay();
    ctx = await createTestContext({
      CURRENCY: 'aoa',
      PROXYPAY_API_KEY: fake.apiKey,
      PROXYPAY_ENTITY: fake.entity,
      PROXYPAY_BASE_URL: fake.baseUrl,
      PROXYPAY_POS_ID: '7',
    });
    const owner = await ctx.createUser({ role: 'educator' });
    const buyer = await ctx.createUser();
    const course = await insertCourse(ctx.database.db, owner.user.id, { price: 3000, discount: 0 });
    const second = await insertCourse(ctx.database.db, owner.user.id, { price: 2000, discount: 0 });
    // Bought as a learner would, so ProxyPay (the fake) knows the reference and the transaction.
    const buy = async (courseId: string, body: object) => {
      const res = await request(ctx.app)
        .post('/api/user/purchase')
        .set(buyer.auth)
        .send({ courseId, ...body })
        .expect(200);
      const purchaseId = String(res.body.session_url).split('/').pop()!;
      const [row] = await ctx.database.db
        .select()
        .from(purchases)
        .where(eq(purchases.id, purchaseId));
      return row!.providerRef!.slice(4);
    };
    referenceId = await buy(course.id, { method: 'reference' });
    transactionId = await buy(second.id, { method: 'multicaixa_express', phone: '923456789' });
    fake.decide(transactionId, 'accepted');
    fake.payReference(referenceId);
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  function deliverReference(payload: string) {
    return request(ctx.app)
      .post('/api/webhooks/proxypay')
      .set('Content-Type', 'application/json')
      .set('X-Signature', fake.sign(payload))
      .send(payload);
  }
  function deliverExpress(payload: string) {
    return request(ctx.app)
      .post('/api/webhooks/proxypay/express')
      .set('Content-Type', 'application/json')
      .send(payload);
  }

  let payments = 0;
  function goodPayment(): Record<string, unknown> {
    payments++;
    return {
      id: 80_000_000_000 + payments,
      reference_id: Number(referenceId),
      amount: '3000.00',
      entity_id: Number(fake.entity),
      datetime: '2026-11-25T10:00:00Z',
      custom_fields: {},
    };
  }
  function goodTransaction(): Record<string, unknown> {
    return {
      id: transactionId,
      type: 'payment',
      pos_id: 7,
      mobile: '923456789',
      amount: '2000.00',
      status: 'accepted',
      status_reason: null,
      status_datetime: '2026-11-25T10:00:00Z',
    };
  }

  it('when any payment of any shape arrives signed, or any transaction arrives, then never a 5xx', async () => {
    const payloadArb = fc.oneof(
      { weight: 4, arbitrary: mutatedExample(goodPayment()).map((json): Payload => ({ json })) },
      {
        weight: 2,
        arbitrary: mutatedExample(goodTransaction()).map((json): Payload => ({ json })),
      },
      { weight: 1, arbitrary: wrongValue().map((json): Payload => ({ json })) },
      { weight: 1, arbitrary: notJson.map((raw): Payload => ({ raw })) },
    );
    await fc.assert(
      fc.asyncProperty(payloadArb, async (payload) => {
        const text = serialise(payload);
        expectNoServerError(await deliverReference(text), text);
        expectNoServerError(await deliverExpress(text), text);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('when any one value of a good payment or transaction is hostile, then never a 5xx', async () => {
    expect(await serverErrorsOfHostileValues(goodPayment, deliverReference)).toEqual([]);
    expect(await serverErrorsOfHostileValues(goodTransaction, deliverExpress)).toEqual([]);
  });
});
