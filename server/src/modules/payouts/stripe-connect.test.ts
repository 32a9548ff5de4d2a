import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { withNifCheckDigit } from '@aprendiz/contract/rules/tax-ids';
import { payoutEntries, payoutProfiles, payouts } from '../../db/schema/payouts';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertCourse } from '../../test/fixtures/course-fixtures';
import { insertSale } from '../../test/fixtures/payout-fixtures';
import {
  startFakeStripeConnect,
  type FakeStripeConnect,
} from '../../test/fakes/stripe-connect-fake';
import { STRIPE_UNREACHABLE } from './stripe-connect.service';
import {
  createStripeConnect,
  provideStripeConnect,
  transferIdempotencyKey,
} from './stripe-connect';

const OPS_TOKEN = 'ops-token-for-the-connect-tests-0123456789';
const ops = { Authorization: `Bearer ${OPS_TOKEN}` };
const CONNECT_SECRET = 'whsec_connect_test_secret';
const signer = new Stripe('sk_test_signer');

let ctx: TestContext;
let stripe: FakeStripeConnect;
beforeAll(async () => {
  ctx = await createTestContext({
    CURRENCY: 'eur',
    OPS_TOKEN,
    STRIPE_SECRET_KEY: 'sk_test_connect',
    STRIPE_WEBHOOK_SECRET: 'whsec_payments',
    STRIPE_CONNECT: '1',
    STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
    // Three tries in all, so the queue's backoff (1 s, doubling, in tests) is over in seconds.
    STRIPE_TRANSFER_ATTEMPTS: '3',
  });
  stripe = await startFakeStripeConnect();
  provideStripeConnect(
    ctx.config,
    createStripeConnect({
      secretKey: 'sk_test_connect',
      webhookSecret: CONNECT_SECRET,
      api: stripe.api,
    }),
  );
});
afterAll(async () => {
  await stripe.close();
  await ctx.close();
});

function connectEvent(type: string, object: object) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    data: { object },
  });
  return request(ctx.app)
    .post('/api/webhooks/stripe-connect')
    .set('Content-Type', 'application/json')
    .set(
      'Stripe-Signature',
      signer.webhooks.generateTestHeaderString({ payload, secret: CONNECT_SECRET }),
    )
    .send(payload);
}

/** An educator in euros on Stripe, with a € 100 sale past every hold. */
async function educatorOnStripe() {
  const owner = await ctx.createUser({ role: 'educator' });
  const course = await insertCourse(ctx.database.db, owner.user.id, { guaranteeDays: 7 });
  const buyer = await ctx.createUser();
  await insertSale(ctx.database.db, {
    buyerId: buyer.user.id,
    courseId: course.id,
    amount: '100.00',
    currency: 'eur',
    daysAgo: 30,
  });
  const saved = await request(ctx.app)
    .put('/api/educator/payout-profile')
    .set(owner.auth)
    .send({
      rail: 'stripe_connect',
      holderName: 'Rita Educadora',
      taxId: withNifCheckDigit('12345678'),
    });
  expect(saved.status).toBe(200);
  return owner;
}

/** Starts the educator's Stripe onboarding: answers their payout profile, with its account id. */
async function startOnboarding(owner: Awaited<ReturnType<typeof educatorOnStripe>>) {
  await request(ctx.app).post('/api/educator/payout-profile/stripe-onboarding').set(owner.auth);
  const [row] = await ctx.database.db
    .select()
    .from(payoutProfiles)
    .where(eq(payoutProfiles.educatorId, owner.user.id));
  return row!;
}

/** An educator whose Express account Stripe says takes transfers, with € 100 available. */
async function educatorReadyOnStripe() {
  const owner = await educatorOnStripe();
  const row = await startOnboarding(owner);
  await connectEvent('account.updated', {
    id: row.stripeAccountId,
    object: 'account',
    details_submitted: true,
    capabilities: { transfers: 'active' },
    requirements: {},
  }).expect(200);
  return owner;
}

/** A ready educator asks to withdraw `amount`: answers the new payout's id. */
async function withdraw(
  owner: Awaited<ReturnType<typeof educatorOnStripe>>,
  amount: number,
): Promise<string> {
  const asked = await request(ctx.app)
    .post('/api/educator/payouts')
    .set(owner.auth)
    .send({ amount });
  expect(asked.status).toBe(201);
  return asked.body.payout._id as string;
}

async function payoutRow(payoutId: string) {
  const [row] = await ctx.database.db.select().from(payouts).where(eq(payouts.id, payoutId));
  return row!;
}

async function entryKinds(payoutId: string) {
  const rows = await ctx.database.db
    .select({ kind: payoutEntries.kind })
    .from(payoutEntries)
    .where(eq(payoutEntries.payoutId, payoutId));
  return rows.map((row) => row.kind).sort();
}

const transfersOf = (payoutId: string) =>
  stripe.recorded.filter(
    (r) => r.path === '/v1/transfers' && r.form['metadata[payout_id]'] === payoutId,
  );

describe('Stripe Connect Express (euros)', () => {
  it('when an educator opens the onboarding, then an Express account is made once and each call answers a link', async () => {
    const owner = await educatorOnStripe();
    const first = await request(ctx.app)
      .post('/api/educator/payout-profile/stripe-onboarding')
      .set(owner.auth);
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/e\/acct_test_\d+$/);
    const again = await request(ctx.app)
      .post('/api/educator/payout-profile/stripe-onboarding')
      .set(owner.auth);
    expect(again.body.url).toBe(first.body.url);
    expect(stripe.recorded.filter((r) => r.path === '/v1/accounts')).toHaveLength(1);
    const [row] = await ctx.database.db
      .select()
      .from(payoutProfiles)
      .where(eq(payoutProfiles.educatorId, owner.user.id));
    expect(row).toMatchObject({ stripeStatus: 'pending' });
    expect(row.stripeAccountId).toMatch(/^acct_test_/);
  });

  it('when account.updated says transfers are active, then the educator may withdraw; the transfer carries the payout as idempotency key and its webhook marks it paid', async () => {
    const owner = await educatorOnStripe();
    const row = await startOnboarding(owner);
    const early = await request(ctx.app)
      .post('/api/educator/payouts')
      .set(owner.auth)
      .send({ amount: 50 });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/Conclua seu cadastro na Stripe/);

    const updated = await connectEvent('account.updated', {
      id: row.stripeAccountId,
      object: 'account',
      details_submitted: true,
      capabilities: { transfers: 'active' },
      requirements: { disabled_reason: null },
    });
    expect(updated.status).toBe(200);
    const profile = await request(ctx.app).get('/api/educator/payout-profile').set(owner.auth);
    expect(profile.body.profile.stripeStatus).toBe('active');

    const payoutId = await withdraw(owner, 50);
    const approved = await request(ctx.app).post(`/api/ops/payouts/${payoutId}/approve`).set(ops);
    expect(approved.status).toBe(200);
    const transfer = stripe.recorded.find(
      (r) => r.path === '/v1/transfers' && r.form['metadata[payout_id]'] === payoutId,
    );
    expect(transfer).toMatchObject({
      idempotencyKey: transferIdempotencyKey(payoutId),
      form: expect.objectContaining({
        amount: '5000',
        currency: 'eur',
        destination: row.stripeAccountId,
      }),
    });

    const created = await connectEvent('transfer.created', {
      id: 'tr_test_webhook',
      object: 'transfer',
      metadata: { payout_id: payoutId },
    });
    expect(created.body.result).toBe('paid');
    const balance = await request(ctx.app).get('/api/educator/balance').set(owner.auth);
    expect(balance.body.balance).toMatchObject({ available: 50, paidOut: 50 });
    // A redelivered event changes nothing.
    expect(
      (
        await connectEvent('transfer.created', {
          id: 'tr_test_webhook',
          object: 'transfer',
          metadata: { payout_id: payoutId },
        })
      ).body.result,
    ).toBe('nothing to do');
  });

  it('when Stripe refuses the transfer, then the payout fails with its reason and the money is available again', async () => {
    const owner = await educatorReadyOnStripe();
    const payoutId = await withdraw(owner, 100);
    stripe.refuseTransfers('Saldo insuficiente na plataforma');
    try {
      const approved = await request(ctx.app).post(`/api/ops/payouts/${payoutId}/approve`).set(ops);
      expect(approved.status).toBe(200);
      expect(approved.body.payout.status).toBe('failed');
      expect(approved.body.payout.failureReason).toContain('Saldo insuficiente');
    } finally {
      stripe.succeed();
    }
    const balance = await request(ctx.app).get('/api/educator/balance').set(owner.auth);
    expect(balance.body.balance).toMatchObject({ available: 100, paidOut: 0, inWithdrawal: 0 });
  });

  it('when Stripe answers 500 to the transfer and then 200, then the job queue tries again with the same idempotency key: one transfer, one reserve and one paid entry', async () => {
    const owner = await educatorReadyOnStripe();
    const payoutId = await withdraw(owner, 100);
    stripe.breakTransfers(1);
    const approved = await request(ctx.app).post(`/api/ops/payouts/${payoutId}/approve`).set(ops);
    expect(approved.status).toBe(200);
    expect(approved.body.payout.status).toBe('approved');

    await expect
      .poll(async () => (await payoutRow(payoutId)).stripeTransferId, { timeout: 30_000 })
      .toMatch(/^tr_test_/);
    const tries = transfersOf(payoutId);
    expect(tries).toHaveLength(2);
    expect(new Set(tries.map((t) => t.idempotencyKey))).toEqual(
      new Set([transferIdempotencyKey(payoutId)]),
    );
    const { stripeTransferId } = await payoutRow(payoutId);
    const created = await connectEvent('transfer.created', {
      id: stripeTransferId,
      object: 'transfer',
      metadata: { payout_id: payoutId },
    });
    expect(created.body.result).toBe('paid');
    expect(await entryKinds(payoutId)).toEqual(['paid', 'reserve']);
    const balance = await request(ctx.app).get('/api/educator/balance').set(owner.auth);
    expect(balance.body.balance).toMatchObject({ available: 0, paidOut: 100 });
  }, 60_000);

  it('when Stripe answers 500 to every try, then after the allowed tries the payout fails and its money is available again', async () => {
    const owner = await educatorReadyOnStripe();
    const payoutId = await withdraw(owner, 100);
    stripe.breakTransfers('always');
    try {
      const approved = await request(ctx.app).post(`/api/ops/payouts/${payoutId}/approve`).set(ops);
      expect(approved.body.payout.status).toBe('approved');
      await expect
        .poll(async () => (await payoutRow(payoutId)).status, { timeout: 45_000 })
        .toBe('failed');
    } finally {
      stripe.succeed();
    }
    expect(await payoutRow(payoutId)).toMatchObject({
      failureReason: STRIPE_UNREACHABLE,
      stripeTransferId: null,
    });
    const tries = transfersOf(payoutId);
    expect(tries).toHaveLength(3);
    expect(tries.every((t) => t.idempotencyKey === transferIdempotencyKey(payoutId))).toBe(true);
    expect(await entryKinds(payoutId)).toEqual(['failed', 'reserve']);
    const balance = await request(ctx.app).get('/api/educator/balance').set(owner.auth);
    expect(balance.body.balance).toMatchObject({ available: 100, paidOut: 0, inWithdrawal: 0 });
  }, 60_000);

  it('when an event is not signed with the Connect secret, then 400 and nothing changes', async () => {
    const payload = JSON.stringify({ id: 'evt_x', type: 'account.updated', data: { object: {} } });
    const res = await request(ctx.app)
      .post('/api/webhooks/stripe-connect')
      .set('Content-Type', 'application/json')
      .set(
        'Stripe-Signature',
        signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' }),
      )
      .send(payload);
    expect(res.status).toBe(400);
  });
});
