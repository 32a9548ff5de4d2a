import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { paymentMethodsResponseSchema } from '@aprendiz/contract/payments';
import { purchases } from '../../../db/schema/purchases';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { enrollDirectly } from '../../../test/fixtures/course-fixtures';
import { courseOfNewEducator, enrollmentsOf } from '../../../test/fixtures/enrollment-fixtures';
import { startFakeProxyPay, type FakeProxyPay } from '../../../test/fakes/proxypay-fake';
import { loadConfig } from '../../../config';
import {
  CONFIRMATION_EXPECTED_MS,
  EXPIRY_GRACE_MS,
  reconcileAwaitingPayments,
} from '../reconciliation';
import {
  EXPRESS_STILL_PENDING,
  INVALID_ANGOLAN_PHONE,
  referenceEndDate,
} from '../providers/proxypay-gateway';

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
  });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});
beforeEach(() => fake.up());

const MINUTE = 60_000;

async function rowOf(purchaseId: string) {
  const [row] = await ctx.database.db.select().from(purchases).where(eq(purchases.id, purchaseId));
  return row!;
}

async function buy(body: Record<string, unknown>, price = 5000) {
  const { course } = await courseOfNewEducator(ctx, { price, discount: 0 });
  const buyer = await ctx.createUser();
  const res = await request(ctx.app)
    .post('/api/user/purchase')
    .set(buyer.auth)
    .send({ courseId: course.id, ...body });
  const purchaseId = String(res.body.session_url ?? '')
    .split('/')
    .pop()!;
  return { course, buyer, res, purchaseId };
}

function referenceOf(row: { providerRef: string | null }): string {
  expect(row.providerRef).toMatch(/^ref:\d+$/);
  return row.providerRef!.slice(4);
}

function transactionOf(row: { providerRef: string | null }): string {
  expect(row.providerRef).toMatch(/^opg:/);
  return row.providerRef!.slice(4);
}

function postReferenceCallback(body: string, signature: string | undefined) {
  const req = request(ctx.app)
    .post('/api/webhooks/proxypay')
    .set('Content-Type', 'application/json');
  if (signature !== undefined) req.set('X-Signature', signature);
  return req.send(body);
}

function postExpressCallback(body: string) {
  return request(ctx.app)
    .post('/api/webhooks/proxypay/express')
    .set('Content-Type', 'application/json')
    .send(body);
}

/** Moves an attempt's clock back, as if it were issued `ms` earlier. */
async function age(purchaseId: string, ms: number) {
  const row = await rowOf(purchaseId);
  await ctx.database.db
    .update(purchases)
    .set({
      createdAt: new Date(row.createdAt.getTime() - ms),
      expiresAt: new Date(row.expiresAt!.getTime() - ms),
    })
    .where(eq(purchases.id, purchaseId));
}

describe('ProxyPay configuration', () => {
  it('when PROXYPAY_API_KEY is set, then the entity is required, kwanzas only, and the sandbox URL is the default', () => {
    const base = { NODE_ENV: 'test' as const, AUTH_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig({ ...base, PROXYPAY_API_KEY: 'k' })).toThrow(/PROXYPAY_ENTITY/);
    expect(() =>
      loadConfig({ ...base, PROXYPAY_API_KEY: 'k', PROXYPAY_ENTITY: '10111', CURRENCY: 'brl' }),
    ).toThrow(/CURRENCY=aoa/);
    expect(() => loadConfig({ ...base, PROXYPAY_ENTITY: '10111' })).toThrow(/PROXYPAY_API_KEY/);
    const config = loadConfig({ ...base, PROXYPAY_API_KEY: 'k', PROXYPAY_ENTITY: '10111' });
    expect(config.payments).toEqual({
      provider: 'proxypay',
      proxypay: {
        apiKey: 'k',
        entity: '10111',
        baseUrl: 'https://api.sandbox.proxypay.co.ao',
        posId: null,
      },
    });
    const production = loadConfig({
      ...base,
      NODE_ENV: 'production',
      AUTH_SECRET: 'a-production-secret-long-enough-0123456789',
      SMTP_URL: 'smtp://mail.test',
      PROXYPAY_API_KEY: 'k',
      PROXYPAY_ENTITY: '10111',
    });
    expect(production.payments).toMatchObject({
      provider: 'proxypay',
      proxypay: { baseUrl: 'https://api.proxypay.co.ao' },
    });
  });

  it('when Stripe and ProxyPay are both configured (kwanzas), then Stripe keeps the card and ProxyPay the rest', async () => {
    const both = await createTestContext({
      CURRENCY: 'aoa',
      STRIPE_SECRET_KEY: 'sk_test_unused',
      STRIPE_WEBHOOK_SECRET: 'whsec_unused',
      PROXYPAY_API_KEY: fake.apiKey,
      PROXYPAY_ENTITY: fake.entity,
      PROXYPAY_BASE_URL: fake.baseUrl,
    });
    try {
      const res = await request(both.app).get('/api/payments/methods').expect(200);
      // No PROXYPAY_POS_ID here: references only.
      expect(res.body.methods.map((m: { id: string }) => m.id)).toEqual(['card', 'reference']);
      expect(both.deps.payments.kind).toBe('stripe');
      expect(both.deps.payments.vouchers?.provider).toBe('proxypay');
      const { course } = await courseOfNewEducator(both, { price: 2500, discount: 0 });
      const buyer = await both.createUser();
      const bought = await request(both.app)
        .post('/api/user/purchase')
        .set(buyer.auth)
        .send({ courseId: course.id, method: 'reference' })
        .expect(200);
      expect(bought.body.session_url).toMatch(/^\/payment\/[0-9a-f-]+$/);
      const [row] = await both.database.db
        .select()
        .from(purchases)
        .where(eq(purchases.userId, buyer.user.id));
      expect(row).toMatchObject({ provider: 'proxypay', status: 'awaiting_payment' });
    } finally {
      await both.close();
    }
  });

  it('when ProxyPay is not configured, then its callback routes do not exist', async () => {
    const sandbox = await createTestContext();
    try {
      await request(sandbox.app).post('/api/webhooks/proxypay').send({}).expect(404);
      await request(sandbox.app).post('/api/webhooks/proxypay/express').send({}).expect(404);
      // The sandbox keeps its own card page: /checkout is left to the client, not redirected.
      const page = await request(sandbox.app).get('/checkout/00000000-0000-4000-8000-000000000000');
      expect(page.status).not.toBe(302);
    } finally {
      await sandbox.close();
    }
  });

  it('when ProxyPay alone is configured, then it offers Multicaixa Express and references and no card', async () => {
    const res = await request(ctx.app).get('/api/payments/methods').expect(200);
    const body = paymentMethodsResponseSchema.parse(res.body);
    expect(body.currencyLabel).toBe('Kz');
    expect(body.methods.map((m) => m.id)).toEqual(['multicaixa_express', 'reference']);
  });
});

describe('a ProxyPay reference', () => {
  it('when a learner pays the reference, then the signed callback is read back, completes, enrolls and acknowledges', async () => {
    const { course, buyer, res, purchaseId } = await buy({ method: 'reference' });
    expect(res.status).toBe(200);
    expect(res.body.session_url).toBe(`/payment/${purchaseId}`);
    const row = await rowOf(purchaseId);
    expect(row).toMatchObject({
      status: 'awaiting_payment',
      provider: 'proxypay',
      amount: '5000.00',
    });
    const referenceId = referenceOf(row);
    expect(row.instructions).toEqual({
      kind: 'reference',
      entity: fake.entity,
      reference: referenceId,
      amount: 5000,
    });
    // The reference ProxyPay holds: our amount, payable at least until our expiry (Luanda's day).
    expect(fake.references.get(referenceId)).toMatchObject({
      amount: 5000,
      endDatetime: referenceEndDate(row.expiresAt!),
      customFields: { purchase_id: purchaseId },
    });
    const put = fake.recorded.find(
      (r) => r.method === 'PUT' && r.path === `/references/${referenceId}`,
    );
    expect(put?.headers.authorization).toBe(`Token ${fake.apiKey}`);
    expect(put?.headers.accept).toBe('application/vnd.proxypay.v2+json');

    const view = await request(ctx.app).get(`/api/payments/${purchaseId}`).set(buyer.auth);
    expect(view.body.purchase.instructions).toMatchObject({
      kind: 'reference',
      reference: referenceId,
    });

    const { body, signature } = fake.payReference(referenceId);
    const callback = await postReferenceCallback(body, signature).expect(200);
    expect(callback.body).toEqual({ success: true, result: 'completed' });
    expect((await rowOf(purchaseId)).status).toBe('completed');
    expect(await enrollmentsOf(ctx.database.db, buyer.user.id, course.id)).toHaveLength(1);
    expect(fake.unacknowledged()).toHaveLength(0);

    // ProxyPay delivering it again changes nothing.
    const replay = await postReferenceCallback(body, signature).expect(200);
    expect(replay.body.result).toBe('unpaid');
    expect(await enrollmentsOf(ctx.database.db, buyer.user.id, course.id)).toHaveLength(1);
  });

  it('when the callback arrives 10 times at once beside a reconciliation run, then one completion, one enrollment', async () => {
    const { course, buyer, purchaseId } = await buy({ method: 'reference' });
    const { body, signature } = fake.payReference(referenceOf(await rowOf(purchaseId)));
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => postReferenceCallback(body, signature)),
      reconcileAwaitingPayments(ctx.deps),
    ]);
    const answers = results.slice(0, 10) as request.Response[];
    expect(answers.every((res) => res.status === 200)).toBe(true);
    expect(answers.filter((res) => res.body.result === 'completed').length).toBeLessThanOrEqual(1);
    expect((await rowOf(purchaseId)).status).toBe('completed');
    expect(await enrollmentsOf(ctx.database.db, buyer.user.id, course.id)).toHaveLength(1);
    expect(fake.unacknowledged()).toHaveLength(0);
  });

  it('when a callback is forged (no signature, a wrong one, another key), then 400 and nothing changes', async () => {
    const { buyer, course, purchaseId } = await buy({ method: 'reference' });
    const referenceId = referenceOf(await rowOf(purchaseId));
    const forged = JSON.stringify({ id: 1, reference_id: Number(referenceId), amount: '5000.00' });
    const before = fake.recorded.length;
    expect((await postReferenceCallback(forged, undefined)).status).toBe(400);
    expect((await postReferenceCallback(forged, 'a'.repeat(64))).status).toBe(400);
    const res = await postReferenceCallback(forged, fake.sign(`${forged} `));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Assinatura do ProxyPay inválida');
    // Not even ProxyPay is asked on a forged word.
    expect(fake.recorded.length).toBe(before);
    expect((await rowOf(purchaseId)).status).toBe('awaiting_payment');
    expect(await enrollmentsOf(ctx.database.db, buyer.user.id, course.id)).toHaveLength(0);
  });

  it('when a correctly signed callback names a reference nobody paid, then nothing is completed', async () => {
    const { purchaseId } = await buy({ method: 'reference' });
    const referenceId = referenceOf(await rowOf(purchaseId));
    const body = JSON.stringify({ id: 99, reference_id: Number(referenceId), amount: '5000.00' });
    const res = await postReferenceCallback(body, fake.sign(body)).expect(200);
    expect(res.body.result).toBe('unpaid');
    expect((await rowOf(purchaseId)).status).toBe('awaiting_payment');
  });

  it('when the callback is lost, then "Já paguei" asks ProxyPay, completes and acknowledges', async () => {
    const { course, buyer, purchaseId } = await buy({ method: 'reference' });
    const referenceId = referenceOf(await rowOf(purchaseId));
    fake.payReference(referenceId);
    const res = await request(ctx.app)
      .post(`/api/payments/${purchaseId}/check`)
      .set(buyer.auth)
      .expect(200);
    expect(res.body.purchase.status).toBe('completed');
    expect(await enrollmentsOf(ctx.database.db, buyer.user.id, course.id)).toHaveLength(1);
    expect(fake.unacknowledged()).toHaveLength(0);
  });

  it('when the callback is lost, then reconciliation lists the unacknowledged payment, completes and acknowledges it', async () => {
    const { course, buyer, purchaseId } = await buy({ method: 'reference' });
    const referenceId = referenceOf(await rowOf(purchaseId));
    fake.payReference(referenceId);
    const summary = await reconcileAwaitingPayments(ctx.deps);
    expect(summary.paid).toBeGreaterThanOrEqual(1);
    expect((await rowOf(purchaseId)).status).toBe('completed');
    expect(await enrollmentsOf(ctx.database.db, buyer.user.id, course.id)).toHaveLength(1);
    expect(fake.unacknowledged()).toHaveLength(0);
  });

  it('when the acknowledgement fails, then the next run completes nothing twice and acknowledges', async () => {
    const { course, buyer, purchaseId } = await buy({ method: 'reference' });
    const referenceId = referenceOf(await rowOf(purchaseId));
    const { body, signature } = fake.payReference(referenceId);
    // The read-back answers; the acknowledgement that follows the completion does not.
    fake.down(503, (method, path) => method === 'DELETE' && path.startsWith('/payments/'));
    const res = await postReferenceCallback(body, signature);
    expect(res.status).toBe(503);
    expect(fake.unacknowledged()).toHaveLength(1);
    fake.up();
    await reconcileAwaitingPayments(ctx.deps);
    expect(fake.unacknowledged()).toHaveLength(0);
    expect((await rowOf(purchaseId)).status).toBe('completed');
    expect(await enrollmentsOf(ctx.database.db, buyer.user.id, course.id)).toHaveLength(1);
  });

  it('when 3 days pass unpaid, then reconciliation expires it only after ProxyPay says unpaid, past the grace', async () => {
    const { buyer, purchaseId } = await buy({ method: 'reference' });
    await age(purchaseId, 3 * 24 * 60 * MINUTE + MINUTE);
    // Within the grace: ProxyPay is asked, says unpaid, and the voucher waits.
    await reconcileAwaitingPayments(ctx.deps);
    expect((await rowOf(purchaseId)).status).toBe('awaiting_payment');

    // ProxyPay down past the grace: nothing expires on silence.
    await age(purchaseId, EXPIRY_GRACE_MS);
    fake.down();
    const down = await reconcileAwaitingPayments(ctx.deps);
    expect(down.errors).toBeGreaterThan(0);
    expect((await rowOf(purchaseId)).status).toBe('awaiting_payment');

    fake.up();
    await reconcileAwaitingPayments(ctx.deps);
    const row = await rowOf(purchaseId);
    expect(row.status).toBe('expired');
    const view = await request(ctx.app).get(`/api/payments/${purchaseId}`).set(buyer.auth);
    expect(view.body.purchase).toMatchObject({ status: 'expired', instructions: null });
  });

  it('when a reference is paid after it expired, then the payment still enrolls', async () => {
    const { course, buyer, purchaseId } = await buy({ method: 'reference' });
    const referenceId = referenceOf(await rowOf(purchaseId));
    await ctx.database.db
      .update(purchases)
      .set({ status: 'expired' })
      .where(eq(purchases.id, purchaseId));
    const { body, signature } = fake.payReference(referenceId);
    const res = await postReferenceCallback(body, signature).expect(200);
    expect(res.body.result).toBe('completed');
    expect((await rowOf(purchaseId)).status).toBe('completed');
    expect(await enrollmentsOf(ctx.database.db, buyer.user.id, course.id)).toHaveLength(1);
  });

  it('when a late payment is for a course the learner already has, then the refund is recorded and no second enrollment', async () => {
    const { course, buyer, purchaseId } = await buy({ method: 'reference' });
    const referenceId = referenceOf(await rowOf(purchaseId));
    await ctx.database.db
      .update(purchases)
      .set({ status: 'expired' })
      .where(eq(purchases.id, purchaseId));
    await enrollDirectly(ctx.database.db, buyer.user.id, course.id);
    const { body, signature } = fake.payReference(referenceId);
    const res = await postReferenceCallback(body, signature).expect(200);
    expect(res.body.result).toBe('already-enrolled');
    expect((await rowOf(purchaseId)).status).toBe('refund_pending');
    expect(await enrollmentsOf(ctx.database.db, buyer.user.id, course.id)).toHaveLength(1);
    expect(fake.unacknowledged()).toHaveLength(0);
  });

  it('when another method is chosen, then the reference is deleted at ProxyPay first', async () => {
    const { buyer, purchaseId } = await buy({ method: 'reference' });
    const referenceId = referenceOf(await rowOf(purchaseId));
    const res = await request(ctx.app)
      .post(`/api/payments/${purchaseId}/method`)
      .set(buyer.auth)
      .send({ method: 'reference' });
    expect(res.status).toBe(200);
    expect(fake.references.get(referenceId)?.deleted).toBe(true);
    const fresh = referenceOf(await rowOf(purchaseId));
    expect(fresh).not.toBe(referenceId);
    expect(fake.references.get(fresh)?.deleted).toBe(false);
  });

  it('when ProxyPay cannot issue the new reference of a switch, then 503, the purchase fails with no payable reference, and choosing again issues one', async () => {
    const { buyer, purchaseId } = await buy({ method: 'reference' });
    const old = referenceOf(await rowOf(purchaseId));
    // Only the new reference's creation fails: the old one is still asked about and deleted.
    fake.down(500, (method, path) => method === 'PUT' && path.startsWith('/references/'));
    const switchTo = () =>
      request(ctx.app)
        .post(`/api/payments/${purchaseId}/method`)
        .set(buyer.auth)
        .send({ method: 'reference' });
    try {
      const res = await switchTo();
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('Não foi possível iniciar o pagamento. Tente novamente.');
    } finally {
      fake.up();
    }
    expect(fake.references.get(old)?.deleted).toBe(true);
    expect(await rowOf(purchaseId)).toMatchObject({
      status: 'failed',
      instructions: null,
      providerRef: null,
      switchingUntil: null,
    });

    const again = await switchTo();
    expect(again.status).toBe(200);
    const row = await rowOf(purchaseId);
    expect(row).toMatchObject({ status: 'awaiting_payment', switchingUntil: null });
    expect(fake.references.get(referenceOf(row))?.deleted).toBe(false);
  });

  it('when ProxyPay is down, then buying answers 503 in Portuguese and the attempt is given up, leaving nothing payable', async () => {
    fake.down();
    const { buyer, res } = await buy({ method: 'reference' });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('Não foi possível iniciar o pagamento. Tente novamente.');
    const rows = await ctx.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.userId, buyer.user.id));
    expect(rows).toEqual([
      expect.objectContaining({
        status: 'failed',
        instructions: null,
        providerRef: null,
        switchingUntil: null,
      }),
    ]);
  });

  it('when ProxyPay is down, then "Já paguei" and a callback answer 503 in Portuguese and change nothing', async () => {
    const { buyer, purchaseId } = await buy({ method: 'reference' });
    const referenceId = referenceOf(await rowOf(purchaseId));
    const { body, signature } = fake.payReference(referenceId);
    fake.down();
    const check = await request(ctx.app).post(`/api/payments/${purchaseId}/check`).set(buyer.auth);
    expect(check.status).toBe(503);
    expect(check.body.message).toBe('Não foi possível confirmar o pagamento agora. Tente de novo.');
    const callback = await postReferenceCallback(body, signature);
    expect(callback.status).toBe(503);
    expect(callback.body.message).toMatch(/ProxyPay não respondeu/);
    expect((await rowOf(purchaseId)).status).toBe('awaiting_payment');
    fake.up();
    await postReferenceCallback(body, signature).expect(200);
    expect((await rowOf(purchaseId)).status).toBe('completed');
  });
});

describe('Multicaixa Express through ProxyPay', () => {
  it('when the learner approves the push, then the callback is read back and completes once', async () => {
    const { course, buyer, res, purchaseId } = await buy({
      method: 'multicaixa_express',
      phone: '+244 923 456 789',
    });
    expect(res.status).toBe(200);
    const row = await rowOf(purchaseId);
    expect(row.instructions).toEqual({ kind: 'push', phone: '923456789' });
    const transactionId = transactionOf(row);
    expect(fake.transactions.get(transactionId)).toMatchObject({
      pos_id: 123,
      mobile: '923456789',
      amount: '5000.00',
      callback_url: 'http://app.test/api/webhooks/proxypay/express',
      status: null,
    });
    const post = fake.recorded.find(
      (r) => r.method === 'POST' && r.path === '/opg/v1/transactions',
    );
    expect(post?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);

    // Before the buyer answers, a callback (early or forged) completes nothing.
    const early = await postExpressCallback(
      JSON.stringify({ id: transactionId, status: 'accepted' }),
    );
    expect(early.body.result).toBe('pending');
    expect((await rowOf(purchaseId)).status).toBe('awaiting_payment');
    // That ask is answered from the database for 10 s; OPG's own callback comes after.
    await ctx.database.db
      .update(purchases)
      .set({ reconciledAt: null })
      .where(eq(purchases.id, purchaseId));

    const { body } = fake.decide(transactionId, 'accepted');
    const done = await postExpressCallback(body).expect(200);
    expect(done.body.result).toBe('completed');
    const again = await postExpressCallback(body).expect(200);
    expect(again.body.result).toBe('already-completed');
    expect((await rowOf(purchaseId)).status).toBe('completed');
    expect(await enrollmentsOf(ctx.database.db, buyer.user.id, course.id)).toHaveLength(1);
  });

  it('when the push is rejected or times out, then the attempt fails and another method may follow', async () => {
    const { buyer, purchaseId } = await buy({ method: 'multicaixa_express', phone: '923000111' });
    const transactionId = transactionOf(await rowOf(purchaseId));

    // While the app still waits, switching is refused: an approval would pay a voucher gone.
    const early = await request(ctx.app)
      .post(`/api/payments/${purchaseId}/method`)
      .set(buyer.auth)
      .send({ method: 'reference' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(EXPRESS_STILL_PENDING);

    const { body } = fake.decide(transactionId, 'rejected');
    const res = await postExpressCallback(body).expect(200);
    expect(res.body.result).toBe('failed');
    expect((await rowOf(purchaseId)).status).toBe('failed');

    const next = await request(ctx.app)
      .post(`/api/payments/${purchaseId}/method`)
      .set(buyer.auth)
      .send({ method: 'reference' });
    expect(next.status).toBe(200);
    expect((await rowOf(purchaseId)).status).toBe('awaiting_payment');
  });

  it('when the countdown runs out, then reading never settles the push; the explicit check follows what OPG says, never its silence', async () => {
    const { buyer, purchaseId } = await buy({ method: 'multicaixa_express', phone: '923000444' });
    const transactionId = transactionOf(await rowOf(purchaseId));
    await age(purchaseId, 91_000);
    const read = () => request(ctx.app).get(`/api/payments/${purchaseId}`).set(buyer.auth);
    const check = async () => {
      // Each ask waits CHECK_INTERVAL_MS after the last; here the last ask is made long ago.
      await ctx.database.db
        .update(purchases)
        .set({ reconciledAt: null })
        .where(eq(purchases.id, purchaseId));
      return request(ctx.app).post(`/api/payments/${purchaseId}/check`).set(buyer.auth);
    };

    // Still open at OPG: the voucher waits (reconciliation expires it past the grace).
    expect((await check()).body.purchase.status).toBe('awaiting_payment');

    // OPG refused it, but a read only reads: the row is as it was.
    fake.decide(transactionId, 'rejected');
    const before = await rowOf(purchaseId);
    expect((await read()).body.purchase.status).toBe('awaiting_payment');
    expect(await rowOf(purchaseId)).toEqual(before);

    // ProxyPay down: the check says so in Portuguese, the read still answers, nothing changes.
    fake.down();
    const down = await check();
    expect(down.status).toBe(503);
    expect(down.body).toEqual({
      success: false,
      message: 'Não foi possível confirmar o pagamento agora. Tente de novo.',
    });
    expect((await read()).status).toBe(200);
    expect((await rowOf(purchaseId)).status).toBe('awaiting_payment');
    fake.up();

    expect((await check()).body.purchase.status).toBe('failed');
    expect((await rowOf(purchaseId)).status).toBe('failed');
  });

  it('when the callback is lost, then "Já paguei" asks OPG and completes', async () => {
    const { course, buyer, purchaseId } = await buy({
      method: 'multicaixa_express',
      phone: '923000222',
    });
    fake.decide(transactionOf(await rowOf(purchaseId)), 'accepted');
    const res = await request(ctx.app).post(`/api/payments/${purchaseId}/check`).set(buyer.auth);
    expect(res.status).toBe(200);
    expect(res.body.purchase.status).toBe('completed');
    expect(await enrollmentsOf(ctx.database.db, buyer.user.id, course.id)).toHaveLength(1);
  });

  it('when the push goes unanswered past its 90 s, then reconciliation expires it once OPG says it is still unpaid', async () => {
    const { purchaseId } = await buy({ method: 'multicaixa_express', phone: '923000333' });
    await age(purchaseId, CONFIRMATION_EXPECTED_MS + EXPIRY_GRACE_MS + MINUTE);
    await reconcileAwaitingPayments(ctx.deps);
    expect((await rowOf(purchaseId)).status).toBe('expired');
  });

  it('when a callback names a transaction no purchase has, then it is ignored without asking ProxyPay', async () => {
    const before = fake.recorded.length;
    const res = await postExpressCallback(JSON.stringify({ id: 'forged-id', status: 'accepted' }));
    expect(res.status).toBe(200);
    expect(res.body.result).toBe('unknown');
    expect(fake.recorded.length).toBe(before);
    expect((await postExpressCallback('not json')).status).toBe(400);
    expect((await postExpressCallback('{"status":"accepted"}')).status).toBe(400);
  });

  it('when the phone is not an Angolan mobile, then 400 in Portuguese and nothing is written', async () => {
    const { buyer, res } = await buy({ method: 'multicaixa_express', phone: '+351912345678' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID_ANGOLAN_PHONE);
    const rows = await ctx.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.userId, buyer.user.id));
    expect(rows).toHaveLength(0);
  });
});
