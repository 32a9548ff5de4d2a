import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { purchases } from '../../../db/schema/purchases';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { courseOfNewEducator, enrollmentsOf } from '../../../test/fixtures/enrollment-fixtures';
import { startFakeProxyPay, type FakeProxyPay } from '../../../test/fakes/proxypay-fake';
import { SWITCH_IN_PROGRESS } from '../payment-attempts';
import { CALLBACKS_LIMITED, EXPRESS_CALLBACKS_PER_MINUTE } from './proxypay-webhook.routes';

// One payable reference per purchase, however many times 'Escolher outro método' is clicked at
// once; a payment on an older reference still reaches the purchase it was issued for. Run on
// PostgreSQL too (TEST_DATABASE_URL) for real concurrency.

let fake: FakeProxyPay;
let ctx: TestContext;
beforeAll(async () => {
  fake = await startFakeProxyPay();
  ctx = await createTestContext({
    CURRENCY: 'aoa',
    PROXYPAY_API_KEY: fake.apiKey,
    PROXYPAY_ENTITY: fake.entity,
    PROXYPAY_BASE_URL: fake.baseUrl,
    PROXYPAY_POS_ID: '123',
    // Callbacks are told apart by address: the test's come through one proxy.
    TRUST_PROXY: 'loopback',
  });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});
beforeEach(() => fake.up());

async function rowOf(purchaseId: string) {
  const [row] = await ctx.database.db.select().from(purchases).where(eq(purchases.id, purchaseId));
  return row!;
}

async function buyByReference() {
  const { course } = await courseOfNewEducator(ctx, { price: 5000, discount: 0 });
  const buyer = await ctx.createUser();
  const res = await request(ctx.app)
    .post('/api/user/purchase')
    .set(buyer.auth)
    .send({ courseId: course.id, method: 'reference' })
    .expect(200);
  const purchaseId = String(res.body.session_url).split('/').pop()!;
  return { course, buyer, purchaseId };
}

/** The references ProxyPay would still take money for, issued for this purchase. */
function payableReferences(purchaseId: string): string[] {
  return [...fake.references.values()]
    .filter((r) => !r.deleted && r.customFields.purchase_id === purchaseId)
    .map((r) => r.id);
}

describe('switching a ProxyPay reference', () => {
  it('when ten switches are clicked at once, then one reference is left payable, the one on the purchase, and the others are refused with 409 or follow in turn', async () => {
    const { buyer, purchaseId } = await buyByReference();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        request(ctx.app)
          .post(`/api/payments/${purchaseId}/method`)
          .set(buyer.auth)
          .send({ method: 'reference' }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses).toContain(200);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body).toEqual({ success: false, message: SWITCH_IN_PROGRESS });

    const row = await rowOf(purchaseId);
    expect(row.status).toBe('awaiting_payment');
    expect(row.switchingUntil).toBeNull();
    expect(payableReferences(purchaseId)).toEqual([row.providerRef!.slice('ref:'.length)]);
  });

  it('when a payment arrives for an older reference not stored on the purchase, then its metadata settles it against that purchase, and the current reference is withdrawn', async () => {
    const { course, buyer, purchaseId } = await buyByReference();
    const older = (await rowOf(purchaseId)).providerRef!.slice('ref:'.length);
    await request(ctx.app)
      .post(`/api/payments/${purchaseId}/method`)
      .set(buyer.auth)
      .send({ method: 'reference' })
      .expect(200);
    const current = (await rowOf(purchaseId)).providerRef!.slice('ref:'.length);
    // ProxyPay lost the delete: the older reference still takes money.
    fake.references.get(older)!.deleted = false;

    const { body, signature } = fake.payReference(older);
    const res = await request(ctx.app)
      .post('/api/webhooks/proxypay')
      .set('Content-Type', 'application/json')
      .set('X-Signature', signature)
      .send(body);
    expect(res.status).toBe(200);
    expect(res.body.result).toBe('completed');
    expect((await rowOf(purchaseId)).status).toBe('completed');
    expect(await enrollmentsOf(ctx.database.db, buyer.user.id, course.id)).toHaveLength(1);
    expect(fake.unacknowledged()).toHaveLength(0);
    expect(fake.references.get(current)!.deleted).toBe(true);
  });

  it('when a listed payment names no purchase of ours in its metadata, then it is left listed and nothing changes', async () => {
    const { purchaseId } = await buyByReference();
    const referenceId = (await rowOf(purchaseId)).providerRef!.slice('ref:'.length);
    // Another system on the account: a reference we did not issue, naming a purchase id we lack.
    fake.references.set('999999999', {
      ...fake.references.get(referenceId)!,
      id: '999999999',
      customFields: { purchase_id: '00000000-0000-4000-8000-000000000000' },
    });
    const { body, signature } = fake.payReference('999999999');
    const res = await request(ctx.app)
      .post('/api/webhooks/proxypay')
      .set('Content-Type', 'application/json')
      .set('X-Signature', signature)
      .send(body);
    expect(res.body.result).toBe('unknown');
    expect((await rowOf(purchaseId)).status).toBe('awaiting_payment');
    expect(fake.unacknowledged()).toHaveLength(1);
  });
});

describe('anonymous Multicaixa Express callbacks', () => {
  function postExpressCallback(body: string, address = '127.0.0.1') {
    return request(ctx.app)
      .post('/api/webhooks/proxypay/express')
      .set('Content-Type', 'application/json')
      .set('X-Forwarded-For', address)
      .send(body);
  }

  function opgCalls(transactionId: string) {
    return fake.recorded.filter(
      (r) => r.method === 'GET' && r.path === `/opg/v1/transactions/${transactionId}`,
    ).length;
  }

  it('when callbacks for a purchase come faster than every 10 s, then OPG is asked once and the rest are answered from the database', async () => {
    const { course } = await courseOfNewEducator(ctx, { price: 5000, discount: 0 });
    const buyer = await ctx.createUser();
    const res = await request(ctx.app)
      .post('/api/user/purchase')
      .set(buyer.auth)
      .send({ courseId: course.id, method: 'multicaixa_express', phone: '923456789' })
      .expect(200);
    const purchaseId = String(res.body.session_url).split('/').pop()!;
    const transactionId = (await rowOf(purchaseId)).providerRef!.slice('opg:'.length);
    const body = JSON.stringify({ id: transactionId });

    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await postExpressCallback(body, '10.0.0.1')).body);
    expect(answers.map((a) => a.result)).toEqual(Array(5).fill('pending'));
    expect(opgCalls(transactionId)).toBe(1);
    expect((await rowOf(purchaseId)).reconciledAt).toBeInstanceOf(Date);

    // Past the interval OPG is asked again, and its approval completes the purchase.
    fake.decide(transactionId, 'accepted');
    await ctx.database.db
      .update(purchases)
      .set({ reconciledAt: new Date(Date.now() - 11_000) })
      .where(eq(purchases.id, purchaseId));
    const done = await postExpressCallback(body, '10.0.0.1');
    expect(done.body.result).toBe('completed');
    expect(opgCalls(transactionId)).toBe(2);
    const again = await postExpressCallback(body, '10.0.0.1');
    expect(again.body.result).toBe('already-completed');
    expect(opgCalls(transactionId)).toBe(2);
  });

  it('when one address posts more callbacks than its budget a minute, then 429 in Portuguese, and another address is still heard', async () => {
    const body = JSON.stringify({ id: 'no-such-transaction' });
    for (let i = 0; i < EXPRESS_CALLBACKS_PER_MINUTE; i++)
      expect((await postExpressCallback(body, '10.0.0.2')).status).toBe(200);
    const refused = await postExpressCallback(body, '10.0.0.2');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, message: CALLBACKS_LIMITED });
    expect((await postExpressCallback(body, '10.0.0.3')).status).toBe(200);
  });
});
