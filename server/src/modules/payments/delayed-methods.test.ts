import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { dashboardResponseSchema } from '@aprendiz/contract/educator';
import { paymentAttemptResponseSchema } from '@aprendiz/contract/payments';
import { ledgerEntries } from '../../db/schema/ledger';
import { purchases } from '../../db/schema/purchases';
import {
  createStripeTestContext,
  type StripeTestContext,
} from '../../test/fakes/payments-stripe-fake';
import { createTestContext, type TestContext } from '../../test/test-app';
import { courseOfNewEducator, enrollmentsOf } from '../../test/fixtures/enrollment-fixtures';
import { MAIL_JOBS } from '../mail/mail-jobs';
import { PAYMENT_INSTRUCTIONS_JOB } from './payment-mail';
import { ABANDONED_PURCHASE_AFTER_MS, sweepAbandonedPurchases } from './purchase-sweep';
import {
  CONFIRMATION_EXPECTED_MS,
  EXPIRY_GRACE_MS,
  reconcileAwaitingPayments,
} from './reconciliation';

// The methods whose money arrives after the buyer leaves the checkout: a boleto, Multibanco and
// MB WAY through Stripe Checkout (checkout.session.async_payment_succeeded / _failed), and MB WAY
// as the sandbox plays it (a push to the buyer's phone, confirmed by the 'provider').

const WEBHOOK_SECRET = 'whsec_test_delayed';
const keys = { secretKey: 'sk_test_delayed', webhookSecret: WEBHOOK_SECRET };
const signer = new Stripe('sk_test_signer').webhooks;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Mail goes out through the job queue's workers, which take a moment on a busy machine. */
const MAIL_WAIT = { timeout: 10_000 };

let brl: StripeTestContext;
let eur: StripeTestContext;
let sandbox: TestContext;
beforeAll(async () => {
  [brl, eur, sandbox] = await Promise.all([
    createStripeTestContext(keys, { CURRENCY: 'brl', STRIPE_BOLETO: '1' }),
    createStripeTestContext(keys, { CURRENCY: 'eur' }),
    createTestContext({ CURRENCY: 'eur' }),
  ]);
});
afterAll(async () => {
  await Promise.all([brl.close(), eur.close(), sandbox.close()]);
});
beforeEach(() => {
  brl.stripe.reset();
  eur.stripe.reset();
});

async function rowOf(ctx: TestContext, purchaseId: string) {
  const [row] = await ctx.database.db.select().from(purchases).where(eq(purchases.id, purchaseId));
  return row!;
}

async function ledgerOf(ctx: TestContext, purchaseId: string) {
  const rows = await ctx.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.purchaseId, purchaseId))
    .orderBy(asc(ledgerEntries.id));
  return rows.map((e) => [e.kind, e.amount, e.currency]);
}

async function dashboardOf(ctx: TestContext, owner: { auth: { Authorization: string } }) {
  const res = await request(ctx.app).get('/api/educator/dashboard').set(owner.auth).expect(200);
  return dashboardResponseSchema.parse(res.body).dashboardData;
}

function outboxOf(ctx: TestContext) {
  const outbox = ctx.deps.mailer;
  if (outbox.kind !== 'outbox') throw new Error('the test context keeps mail in the outbox');
  return outbox;
}

async function mailsTo(ctx: TestContext, email: string, subjectStart: string) {
  const mails = await outboxOf(ctx).list();
  return mails.filter((m) => m.to === email && m.subject.startsWith(subjectStart));
}

/** The receipt job of a purchase, once it has run: keyed by purchase, so at most one exists. */
async function receiptJobsOf(ctx: TestContext, purchaseId: string) {
  const jobs = await ctx.deps.jobs.list({ name: MAIL_JOBS.purchaseReceipt });
  return jobs.filter((job) => job.key === `purchase:${purchaseId}`);
}

/** Waits for one receipt to reach the outbox and its job to finish; answers the receipt. */
async function expectOneReceipt(ctx: TestContext, purchaseId: string, email: string) {
  await expect
    .poll(async () => (await receiptJobsOf(ctx, purchaseId)).map((job) => job.state), MAIL_WAIT)
    .toEqual(['completed']);
  const receipts = await mailsTo(ctx, email, 'Recibo da sua compra');
  expect(receipts).toHaveLength(1);
  return receipts[0]!;
}

/**
 * A learner buys a new course of 30 with `body` (method, phone) through `app`: the context's own,
 * or the one paying through the fake Stripe.
 */
async function buy(ctx: TestContext, body: Record<string, unknown>, app = ctx.app) {
  const { owner, course } = await courseOfNewEducator(ctx, {
    title: `Curso ${randomUUID().slice(0, 6)}`,
    price: 30,
    discount: 0,
  });
  const buyer = await ctx.createUser();
  const res = await request(app)
    .post('/api/user/purchase')
    .set(buyer.auth)
    .send({ courseId: course.id, ...body });
  const [row] = await ctx.database.db
    .select()
    .from(purchases)
    .where(eq(purchases.userId, buyer.user.id));
  return { owner, course, buyer, res, purchaseId: row?.id ?? '' };
}

/** The Checkout Session the app asked Stripe (the fake) to open, as the form it sent. */
function openedCheckout(env: StripeTestContext) {
  const created = env.stripe.recorded.filter(
    (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions',
  );
  expect(created).toHaveLength(1);
  return created[0]!.form;
}

/**
 * A signed event about the session, carrying back what the app put in it when it opened the
 * checkout (metadata, client_reference_id), as Stripe does.
 */
function sessionEvent(
  type: string,
  checkout: { sessionId: string; form: Record<string, string> },
  paymentStatus: 'paid' | 'unpaid',
  created = new Date(),
) {
  const { form } = checkout;
  return {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type,
    created: Math.floor(created.getTime() / 1000),
    data: {
      object: {
        id: checkout.sessionId,
        object: 'checkout.session',
        client_reference_id: form.client_reference_id,
        metadata: {
          purchaseId: form['metadata[purchaseId]'],
          userId: form['metadata[userId]'],
          origin: form['metadata[origin]'],
        },
        payment_method_types: [form['allowed_payment_method_types[0]']],
        payment_status: paymentStatus,
        status: 'complete',
      },
    },
  };
}

function deliver(env: StripeTestContext, event: unknown) {
  const payload = JSON.stringify(event);
  return request(env.app)
    .post('/api/webhooks/stripe')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))
    .send(payload);
}

/** Buys through Stripe Checkout with `method`; answers the purchase and the session it opened. */
async function buyThroughCheckout(env: StripeTestContext, body: Record<string, unknown>) {
  const bought = await buy(env.ctx, body, env.app);
  expect(bought.res.status).toBe(200);
  const row = await rowOf(env.ctx, bought.purchaseId);
  expect(row.providerRef).toMatch(/^cs_test_/);
  expect(bought.res.body).toEqual({
    success: true,
    session_url: `https://checkout.stripe.test/c/pay/${row.providerRef}`,
  });
  return { ...bought, checkout: { sessionId: row.providerRef!, form: openedCheckout(env) } };
}

/**
 * The buyer leaves Stripe with a voucher (or a push) still to pay, at `created`: the session
 * completes unpaid, and the purchase awaits its money with its method, enrolling nobody and moving
 * no money. The same event delivered again changes nothing. Answers the awaiting row.
 */
async function leaveCheckoutUnpaid(
  env: StripeTestContext,
  bought: Awaited<ReturnType<typeof buyThroughCheckout>>,
  created = new Date(),
) {
  const event = sessionEvent('checkout.session.completed', bought.checkout, 'unpaid', created);
  const completed = await deliver(env, event);
  expect(completed.status).toBe(200);
  expect(completed.body.result).toBe('applied');
  const row = await rowOf(env.ctx, bought.purchaseId);
  expect(row).toMatchObject({
    status: 'awaiting_payment',
    method: bought.checkout.form['allowed_payment_method_types[0]'],
    provider: 'stripe',
    providerRef: bought.checkout.sessionId,
  });
  expect((await deliver(env, event)).body.result).toBe('replayed');
  expect(await rowOf(env.ctx, bought.purchaseId)).toEqual(row);
  expect(await enrollmentsOf(env.ctx.database.db, bought.buyer.user.id, bought.course.id)).toEqual(
    [],
  );
  expect(await ledgerOf(env.ctx, bought.purchaseId)).toEqual([]);
  return row;
}

/** The money arrived: one completion, one enrollment, one receipt, one sale in the ledger. */
async function expectPaidOnce(
  env: StripeTestContext,
  bought: Awaited<ReturnType<typeof buyThroughCheckout>>,
  currency: string,
) {
  const { ctx } = env;
  const row = await rowOf(ctx, bought.purchaseId);
  expect(row.status).toBe('completed');
  expect(row.completedAt).toBeInstanceOf(Date);
  expect(await enrollmentsOf(ctx.database.db, bought.buyer.user.id, bought.course.id)).toHaveLength(
    1,
  );
  const receipt = await expectOneReceipt(ctx, bought.purchaseId, bought.buyer.user.email);
  expect(receipt.subject).toBe(`Recibo da sua compra: ${bought.course.title}`);
  expect(receipt.text).toContain(`Referência: ${bought.purchaseId}`);
  expect(await ledgerOf(ctx, bought.purchaseId)).toEqual([
    ['sale', '30.00', currency],
    ['fee', '0.00', currency],
  ]);
  const dashboard = await dashboardOf(ctx, bought.owner);
  expect(dashboard.totalEarnings).toBe(30);
  expect(dashboard.balance).toEqual({
    gross: 30,
    platformFee: 0,
    available: 0,
    pending: 30,
    refunded: 0,
  });
  return receipt;
}

describe('a boleto through Stripe (brl, STRIPE_BOLETO=1)', () => {
  it('when a learner pays by boleto, then Checkout opens for boleto only, the unpaid completion waits, and async_payment_succeeded enrolls them once, with a receipt and the sale in the ledger', async () => {
    const bought = await buyThroughCheckout(brl, { method: 'boleto' });
    expect(await rowOf(brl.ctx, bought.purchaseId)).toMatchObject({
      status: 'pending',
      method: 'boleto',
      provider: 'stripe',
      currency: 'brl',
      amount: '30.00',
    });
    expect(bought.checkout.form).toMatchObject({
      'allowed_payment_method_types[0]': 'boleto',
      'payment_method_options[boleto][expires_after_days]': '3',
      'line_items[0][price_data][currency]': 'brl',
      'line_items[0][price_data][unit_amount]': '3000',
      client_reference_id: bought.purchaseId,
      'metadata[purchaseId]': bought.purchaseId,
    });
    expect(bought.checkout.form['allowed_payment_method_types[1]']).toBeUndefined();

    await leaveCheckoutUnpaid(brl, bought);
    const waiting = await dashboardOf(brl.ctx, bought.owner);
    expect(waiting.totalEarnings).toBe(0);
    expect(waiting.awaitingPayment).toEqual({ count: 1, amount: 30 });

    const paid = sessionEvent('checkout.session.async_payment_succeeded', bought.checkout, 'paid');
    const applied = await deliver(brl, paid);
    expect(applied.status).toBe(200);
    expect(applied.body.result).toBe('applied');
    // The same event delivered again, and Stripe's word repeated in another event, change nothing.
    expect((await deliver(brl, paid)).body.result).toBe('replayed');
    const repeated = sessionEvent(
      'checkout.session.async_payment_succeeded',
      bought.checkout,
      'paid',
    );
    expect((await deliver(brl, repeated)).body.result).toBe('ignored');

    const receipt = await expectPaidOnce(brl, bought, 'brl');
    expect(receipt.text).toContain('Valor pago: R$ 30,00');
    expect((await dashboardOf(brl.ctx, bought.owner)).awaitingPayment).toEqual({
      count: 0,
      amount: 0,
    });
    // The repeated word is not taken for a second payment: nothing is refunded.
    expect(brl.stripe.recorded.filter((r) => r.path.startsWith('/v1/refunds'))).toEqual([]);
  });

  it('when the boleto is not paid in time, then async_payment_failed fails the purchase, nobody is enrolled, and buying again opens a new checkout', async () => {
    const bought = await buyThroughCheckout(brl, { method: 'boleto' });
    await leaveCheckoutUnpaid(brl, bought);

    const failed = await deliver(
      brl,
      sessionEvent('checkout.session.async_payment_failed', bought.checkout, 'unpaid'),
    );
    expect(failed.status).toBe(200);
    expect(failed.body.result).toBe('applied');
    expect((await rowOf(brl.ctx, bought.purchaseId)).status).toBe('failed');
    expect(
      await enrollmentsOf(brl.ctx.database.db, bought.buyer.user.id, bought.course.id),
    ).toEqual([]);
    expect(await ledgerOf(brl.ctx, bought.purchaseId)).toEqual([]);
    expect(await receiptJobsOf(brl.ctx, bought.purchaseId)).toEqual([]);

    brl.stripe.reset();
    const again = await request(brl.app)
      .post('/api/user/purchase')
      .set(bought.buyer.auth)
      .send({ courseId: bought.course.id, method: 'boleto' });
    expect(again.status).toBe(200);
    const rows = await brl.ctx.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.userId, bought.buyer.user.id));
    const open = rows.find((r) => r.id !== bought.purchaseId);
    expect(open).toMatchObject({ status: 'pending', method: 'boleto' });
    expect(open!.providerRef).not.toBe(bought.checkout.sessionId);
    expect(again.body.session_url).toBe(`https://checkout.stripe.test/c/pay/${open!.providerRef}`);
  });

  it('when the boleto is paid on its third day, after the 25-hour sweep, then the sweep left the awaiting boleto alone and the payment enrolls', async () => {
    const bought = await buyThroughCheckout(brl, { method: 'boleto' });
    const awaiting = await leaveCheckoutUnpaid(brl, bought);
    // The sweep gives up checkouts left pending; a boleto awaiting its money is still payable.
    const later = new Date(Date.now() + ABANDONED_PURCHASE_AFTER_MS + MINUTE);
    await sweepAbandonedPurchases(brl.ctx.deps, later);
    expect(await rowOf(brl.ctx, bought.purchaseId)).toEqual(awaiting);

    const applied = await deliver(
      brl,
      sessionEvent('checkout.session.async_payment_succeeded', bought.checkout, 'paid'),
    );
    expect(applied.body.result).toBe('applied');
    await expectPaidOnce(brl, bought, 'brl');
  });
});

describe('MB WAY and Multibanco through Stripe (eur)', () => {
  it('when a learner pays with MB WAY, then Checkout opens for MB WAY only in euros, and the approval (async_payment_succeeded) enrolls them once, with a receipt and the sale in the ledger', async () => {
    const bought = await buyThroughCheckout(eur, { method: 'mb_way', phone: '912 345 678' });
    expect(await rowOf(eur.ctx, bought.purchaseId)).toMatchObject({
      status: 'pending',
      method: 'mb_way',
      provider: 'stripe',
      currency: 'eur',
    });
    expect(bought.checkout.form).toMatchObject({
      'allowed_payment_method_types[0]': 'mb_way',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '3000',
    });
    expect(bought.checkout.form['allowed_payment_method_types[1]']).toBeUndefined();

    await leaveCheckoutUnpaid(eur, bought);
    const paid = sessionEvent('checkout.session.async_payment_succeeded', bought.checkout, 'paid');
    expect((await deliver(eur, paid)).body.result).toBe('applied');
    expect((await deliver(eur, paid)).body.result).toBe('replayed');

    const receipt = await expectPaidOnce(eur, bought, 'eur');
    expect(receipt.text).toContain('Valor pago: 30,00 €');
  });

  it('when the MB WAY push is declined in the app, then async_payment_failed fails the purchase and nobody is enrolled', async () => {
    const bought = await buyThroughCheckout(eur, { method: 'mb_way', phone: '912345678' });
    await leaveCheckoutUnpaid(eur, bought);
    const failed = await deliver(
      eur,
      sessionEvent('checkout.session.async_payment_failed', bought.checkout, 'unpaid'),
    );
    expect(failed.body.result).toBe('applied');
    expect((await rowOf(eur.ctx, bought.purchaseId)).status).toBe('failed');
    expect(
      await enrollmentsOf(eur.ctx.database.db, bought.buyer.user.id, bought.course.id),
    ).toEqual([]);
    expect(await ledgerOf(eur.ctx, bought.purchaseId)).toEqual([]);
  });

  it('when a learner pays by Multibanco, then the reference is paid later and async_payment_succeeded enrolls them once, with a receipt and the sale in the ledger', async () => {
    const bought = await buyThroughCheckout(eur, { method: 'multibanco' });
    expect((await rowOf(eur.ctx, bought.purchaseId)).method).toBe('multibanco');
    expect(bought.checkout.form).toMatchObject({
      'allowed_payment_method_types[0]': 'multibanco',
      'line_items[0][price_data][currency]': 'eur',
    });

    await leaveCheckoutUnpaid(eur, bought);
    const paid = sessionEvent('checkout.session.async_payment_succeeded', bought.checkout, 'paid');
    expect((await deliver(eur, paid)).body.result).toBe('applied');
    expect((await deliver(eur, paid)).body.result).toBe('replayed');

    await expectPaidOnce(eur, bought, 'eur');
  });
});

describe('a Stripe Checkout left unpaid awaits its money', () => {
  // A Wednesday noon: three days on is a Saturday, so the boleto's business day is Monday's.
  const WEDNESDAY = new Date('2026-11-25T12:00:00Z');

  it("when a learner leaves Checkout with a boleto, a Multibanco reference or an MB WAY push to pay, then the purchase awaits with the method's expiry: 3 days and a business day, 3 days, 5 minutes", async () => {
    const boleto = await buyThroughCheckout(brl, { method: 'boleto' });
    const multibanco = await buyThroughCheckout(eur, { method: 'multibanco' });
    eur.stripe.reset();
    const mbWay = await buyThroughCheckout(eur, { method: 'mb_way', phone: '912345678' });

    expect((await leaveCheckoutUnpaid(brl, boleto, WEDNESDAY)).expiresAt).toEqual(
      new Date('2026-11-30T12:00:00Z'),
    );
    expect((await leaveCheckoutUnpaid(eur, multibanco, WEDNESDAY)).expiresAt).toEqual(
      new Date(WEDNESDAY.getTime() + 3 * DAY),
    );
    expect((await leaveCheckoutUnpaid(eur, mbWay, WEDNESDAY)).expiresAt).toEqual(
      new Date(WEDNESDAY.getTime() + 5 * MINUTE),
    );

    // Stripe's word repeated in another event, or a late one after the money, changes nothing.
    const again = sessionEvent('checkout.session.completed', boleto.checkout, 'unpaid');
    expect((await deliver(brl, again)).body.result).toBe('ignored');
    expect((await rowOf(brl.ctx, boleto.purchaseId)).expiresAt).toEqual(
      new Date('2026-11-30T12:00:00Z'),
    );
    const view = await request(brl.app)
      .get(`/api/payments/${boleto.purchaseId}`)
      .set(boleto.buyer.auth);
    expect(paymentAttemptResponseSchema.parse(view.body).purchase).toMatchObject({
      status: 'awaiting_payment',
      method: 'boleto',
      expiresAt: '2026-11-30T12:00:00.000Z',
    });
  });

  it('when a learner who left Checkout awaiting clicks Comprar again, then they are sent to the awaiting payment, not to a second checkout', async () => {
    const bought = await buyThroughCheckout(brl, { method: 'boleto' });
    await leaveCheckoutUnpaid(brl, bought);
    brl.stripe.reset();
    const again = await request(brl.app)
      .post('/api/user/purchase')
      .set(bought.buyer.auth)
      .send({ courseId: bought.course.id, method: 'boleto' });
    expect(again.status).toBe(200);
    expect(again.body.session_url).toBe(`/payment/${bought.purchaseId}`);
    expect(brl.stripe.recorded).toEqual([]);
  });
});

describe('reconciliation asks Stripe about the purchases awaiting a delayed method', () => {
  /** Reconciliation's own run, `afterMs` from now. */
  function reconcileLater(env: StripeTestContext, afterMs: number) {
    return reconcileAwaitingPayments(env.deps, new Date(Date.now() + afterMs));
  }

  function retrievals(env: StripeTestContext, sessionId: string) {
    return env.stripe.recorded.filter(
      (r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`,
    );
  }

  it('when Stripe says the session was paid (its webhook lost, or racing), then the purchase completes once', async () => {
    const bought = await buyThroughCheckout(brl, { method: 'boleto' });
    await leaveCheckoutUnpaid(brl, bought);
    brl.stripe.setSession(bought.checkout.sessionId, { payment_status: 'paid' });

    const [summary, webhook] = await Promise.all([
      reconcileLater(brl, CONFIRMATION_EXPECTED_MS + MINUTE),
      deliver(
        brl,
        sessionEvent('checkout.session.async_payment_succeeded', bought.checkout, 'paid'),
      ),
    ]);
    expect(retrievals(brl, bought.checkout.sessionId)).toHaveLength(1);
    expect(summary.errors).toBe(0);
    expect(webhook.status).toBe(200);
    expect(['applied', 'ignored']).toContain(webhook.body.result);
    await expectPaidOnce(brl, bought, 'brl');

    // A completed purchase is not asked about again.
    brl.stripe.reset();
    await reconcileLater(brl, CONFIRMATION_EXPECTED_MS + MINUTE);
    expect(retrievals(brl, bought.checkout.sessionId)).toEqual([]);
  });

  it('when Stripe says unpaid, then the purchase is left awaiting until its expiry and grace have passed, and expires after', async () => {
    const bought = await buyThroughCheckout(eur, { method: 'mb_way', phone: '912345678' });
    const row = await leaveCheckoutUnpaid(eur, bought);
    const expiry = row.expiresAt!.getTime() - Date.now();

    await reconcileLater(eur, CONFIRMATION_EXPECTED_MS + 1000);
    await reconcileLater(eur, expiry + EXPIRY_GRACE_MS - MINUTE);
    expect(retrievals(eur, bought.checkout.sessionId)).toHaveLength(2);
    // Unchanged but for when it was last asked about.
    expect(await rowOf(eur.ctx, bought.purchaseId)).toEqual({
      ...row,
      reconciledAt: expect.any(Date),
    });

    await reconcileLater(eur, expiry + EXPIRY_GRACE_MS + MINUTE);
    expect(retrievals(eur, bought.checkout.sessionId)).toHaveLength(3);
    expect((await rowOf(eur.ctx, bought.purchaseId)).status).toBe('expired');
    expect(
      await enrollmentsOf(eur.ctx.database.db, bought.buyer.user.id, bought.course.id),
    ).toEqual([]);
    expect(await ledgerOf(eur.ctx, bought.purchaseId)).toEqual([]);
    expect((await dashboardOf(eur.ctx, bought.owner)).awaitingPayment).toEqual({
      count: 0,
      amount: 0,
    });
  });

  it('when Stripe cannot answer about one purchase, then the next is still reconciled', async () => {
    // The first expires first, so it is asked about first.
    const first = await buyThroughCheckout(brl, { method: 'boleto' });
    await leaveCheckoutUnpaid(brl, first, new Date(Date.now() - 60 * MINUTE));
    brl.stripe.reset();
    const second = await buyThroughCheckout(brl, { method: 'boleto' });
    await leaveCheckoutUnpaid(brl, second);
    brl.stripe.setSession(second.checkout.sessionId, { payment_status: 'paid' });
    brl.stripe.failWith(
      400,
      { error: { type: 'invalid_request_error', message: 'No such checkout.session' } },
      `/v1/checkout/sessions/${first.checkout.sessionId}`,
    );

    const summary = await reconcileLater(brl, 6 * DAY);
    expect(summary.errors).toBeGreaterThanOrEqual(1);
    expect(retrievals(brl, first.checkout.sessionId)).toHaveLength(1);
    expect(retrievals(brl, second.checkout.sessionId)).toHaveLength(1);
    expect((await rowOf(brl.ctx, first.purchaseId)).status).toBe('awaiting_payment');
    await expectPaidOnce(brl, second, 'brl');
  });
});

describe('MB WAY in the sandbox (eur)', () => {
  it('when a learner pays with MB WAY, then a 5-minute push awaits on their phone number, its instructions are mailed, and its approval enrolls them once, with a receipt and the sale in the ledger', async () => {
    const { owner, course, buyer, res, purchaseId } = await buy(sandbox, {
      method: 'mb_way',
      phone: '912 345 678',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, session_url: `/payment/${purchaseId}` });
    const row = await rowOf(sandbox, purchaseId);
    expect(row).toMatchObject({
      status: 'awaiting_payment',
      method: 'mb_way',
      provider: 'sandbox',
      currency: 'eur',
      amount: '30.00',
      instructions: { kind: 'push', phone: '912345678' },
    });
    expect(
      Math.abs(row.expiresAt!.getTime() - (row.createdAt.getTime() + 5 * MINUTE)),
    ).toBeLessThan(10_000);

    const view = await request(sandbox.app).get(`/api/payments/${purchaseId}`).set(buyer.auth);
    expect(paymentAttemptResponseSchema.parse(view.body).purchase).toMatchObject({
      status: 'awaiting_payment',
      method: 'mb_way',
      amount: 30,
      currencyLabel: '€',
      instructions: { kind: 'push', phone: '912345678' },
    });
    await expect
      .poll(
        async () => (await mailsTo(sandbox, buyer.user.email, 'Aguardando pagamento')).length,
        MAIL_WAIT,
      )
      .toBe(1);
    const [instructions] = await mailsTo(sandbox, buyer.user.email, 'Aguardando pagamento');
    expect(instructions!.subject).toBe(`Aguardando pagamento: ${course.title}`);
    expect(instructions!.text).toContain('Aprove o pagamento no app do seu celular (912345678).');
    expect(instructions!.text).toContain(`http://app.test/payment/${purchaseId}`);
    const instructionJobs = await sandbox.deps.jobs.list({ name: PAYMENT_INSTRUCTIONS_JOB });
    expect(instructionJobs.filter((job) => job.key?.startsWith(`pay:${purchaseId}:`))).toHaveLength(
      1,
    );

    const waiting = await dashboardOf(sandbox, owner);
    expect(waiting.awaitingPayment).toEqual({ count: 1, amount: 30 });
    expect(waiting.totalEarnings).toBe(0);
    expect(await ledgerOf(sandbox, purchaseId)).toEqual([]);

    const approved = await request(sandbox.app)
      .post(`/api/payments/sandbox/${purchaseId}/complete`)
      .set(buyer.auth);
    expect(approved.status).toBe(200);
    expect(approved.body.purchase).toMatchObject({ status: 'completed', method: 'mb_way' });
    // The provider confirming twice changes nothing.
    await request(sandbox.app)
      .post(`/api/payments/sandbox/${purchaseId}/complete`)
      .set(buyer.auth)
      .expect(200);

    expect((await rowOf(sandbox, purchaseId)).status).toBe('completed');
    expect(await enrollmentsOf(sandbox.database.db, buyer.user.id, course.id)).toHaveLength(1);
    const receipt = await expectOneReceipt(sandbox, purchaseId, buyer.user.email);
    expect(receipt.subject).toBe(`Recibo da sua compra: ${course.title}`);
    expect(receipt.text).toContain('Valor pago: 30,00 €');
    expect(await ledgerOf(sandbox, purchaseId)).toEqual([
      ['sale', '30.00', 'eur'],
      ['fee', '0.00', 'eur'],
    ]);
    const paid = await dashboardOf(sandbox, owner);
    expect(paid.awaitingPayment).toEqual({ count: 0, amount: 0 });
    expect(paid.totalEarnings).toBe(30);
    expect(paid.balance).toEqual({
      gross: 30,
      platformFee: 0,
      available: 0,
      pending: 30,
      refunded: 0,
    });
  });
});
