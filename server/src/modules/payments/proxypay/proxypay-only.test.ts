import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { paymentMethodsResponseSchema } from '@aprendiz/contract/payments';
import { purchases } from '../../../db/schema/purchases';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { courseOfNewEducator, enrollmentsOf } from '../../../test/fixtures/enrollment-fixtures';
import { startFakeProxyPay, type FakeProxyPay } from '../../../test/fakes/proxypay-fake';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp-capture';
import { METHOD_UNAVAILABLE } from '../vouchers';

// An Angolan school with ProxyPay and no Stripe, run as in production: no PAYMENTS_SANDBOX, so no
// card and nothing of the sandbox (whose pages enroll for free).

const PRODUCTION = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'Vq8rT3nZ6wK1pX9sL4yB7cM2hF5dJ0gA',
  CURRENCY: 'aoa',
};

let fake: FakeProxyPay;
let smtp: SmtpCapture;
let ctx: TestContext;
beforeAll(async () => {
  fake = await startFakeProxyPay();
  smtp = await startSmtpCapture();
  ctx = await createTestContext({
    ...PRODUCTION,
    SMTP_URL: smtp.url,
    PROXYPAY_API_KEY: fake.apiKey,
    PROXYPAY_ENTITY: fake.entity,
    PROXYPAY_BASE_URL: fake.baseUrl,
    PROXYPAY_POS_ID: '123',
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
  await fake.close();
});
beforeEach(() => fake.up());

async function rowsOf(userId: string) {
  return ctx.database.db.select().from(purchases).where(eq(purchases.userId, userId));
}

async function buyer(price = 7500) {
  const { course } = await courseOfNewEducator(ctx, { price, discount: 0 });
  return { course, ...(await ctx.createUser()) };
}

function purchaseIdOf(sessionUrl: unknown): string {
  expect(sessionUrl).toMatch(/^\/payment\/[0-9a-f-]{36}$/);
  return String(sessionUrl).slice('/payment/'.length);
}

describe('ProxyPay alone, in production', () => {
  it('when the app starts, then ProxyPay takes the payments and the sandbox is not there', () => {
    expect(ctx.config.env).toBe('production');
    expect(ctx.config.payments.provider).toBe('proxypay');
    expect(ctx.deps.payments.kind).toBe('proxypay');
    expect(ctx.deps.payments.vouchers?.provider).toBe('proxypay');
  });

  it('when the methods are asked for, then exactly ProxyPay’s are listed: no card', async () => {
    const res = await request(ctx.app).get('/api/payments/methods').expect(200);
    const body = paymentMethodsResponseSchema.parse(res.body);
    expect(body).toMatchObject({ currency: 'aoa', currencyLabel: 'Kz' });
    expect(body.methods).toEqual([
      { id: 'multicaixa_express', label: expect.any(String) },
      { id: 'reference', label: expect.any(String) },
    ]);
  });

  it('when there is no PROXYPAY_POS_ID, then references are the only method, and a buy with no method issues one', async () => {
    const referencesOnly = await createTestContext({
      ...PRODUCTION,
      SMTP_URL: smtp.url,
      PROXYPAY_API_KEY: fake.apiKey,
      PROXYPAY_ENTITY: fake.entity,
      PROXYPAY_BASE_URL: fake.baseUrl,
    });
    try {
      const res = await request(referencesOnly.app).get('/api/payments/methods').expect(200);
      expect(res.body.methods.map((m: { id: string }) => m.id)).toEqual(['reference']);

      // Nothing to choose: today's course page (no method sent) leads straight to the reference.
      const { course } = await courseOfNewEducator(referencesOnly, { price: 3000, discount: 0 });
      const { auth } = await referencesOnly.createUser();
      const bought = await request(referencesOnly.app)
        .post('/api/user/purchase')
        .set(auth)
        .send({ courseId: course.id })
        .expect(200);
      const purchaseId = purchaseIdOf(bought.body.session_url);
      const view = await request(referencesOnly.app)
        .get(`/api/payments/${purchaseId}`)
        .set(auth)
        .expect(200);
      expect(view.body.purchase).toMatchObject({
        status: 'awaiting_payment',
        method: 'reference',
        instructions: { kind: 'reference', entity: fake.entity, amount: 3000 },
      });
    } finally {
      await referencesOnly.close();
    }
  });

  it('when a buyer asks to pay by card, then 400 in Portuguese and nothing is written', async () => {
    const { course, user, auth } = await buyer();
    const asked = fake.recorded.length;
    const res = await request(ctx.app)
      .post('/api/user/purchase')
      .set(auth)
      .send({ courseId: course.id, method: 'card' })
      .expect(400);
    expect(res.body).toMatchObject({ success: false, message: METHOD_UNAVAILABLE });
    expect(res.body.message).toBe('Este método de pagamento não está disponível');
    expect(await rowsOf(user.id)).toHaveLength(0);
    expect(fake.recorded.length).toBe(asked);
  });

  it('when the sandbox’s calls and card page are asked for, then they are not there', async () => {
    const { course, user, auth } = await buyer();
    const bought = await request(ctx.app)
      .post('/api/user/purchase')
      .set(auth)
      .send({ courseId: course.id, method: 'reference' })
      .expect(200);
    const purchaseId = purchaseIdOf(bought.body.session_url);

    for (const action of ['complete', 'cancel', 'fail']) {
      const res = await request(ctx.app)
        .post(`/api/payments/sandbox/${purchaseId}/${action}`)
        .set(auth)
        .expect(404);
      expect(res.body.success).toBe(false);
    }
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ provider: 'proxypay', status: 'awaiting_payment' });
    expect(await enrollmentsOf(ctx.database.db, user.id, course.id)).toHaveLength(0);

    // The client's 'Modo de teste' page is never served: a link to it lands on the payment page.
    const page = await request(ctx.app).get(`/checkout/${purchaseId}`).expect(302);
    expect(page.headers.location).toBe(`/payment/${purchaseId}`);
    const view = await request(ctx.app).get(`/api/payments/${purchaseId}`).set(auth).expect(200);
    expect(view.body.purchase.sandbox).toBe(false);
  });

  it('when a buyer pays a reference at the ATM, then ProxyPay’s signed callback completes the purchase and enrolls', async () => {
    const { course, user, auth } = await buyer(7500);
    const bought = await request(ctx.app)
      .post('/api/user/purchase')
      .set(auth)
      .send({ courseId: course.id, method: 'reference' })
      .expect(200);
    const purchaseId = purchaseIdOf(bought.body.session_url);

    const view = await request(ctx.app).get(`/api/payments/${purchaseId}`).set(auth).expect(200);
    expect(view.body.purchase).toMatchObject({
      status: 'awaiting_payment',
      method: 'reference',
      amount: 7500,
      currency: 'aoa',
      currencyLabel: 'Kz',
      sandbox: false,
      instructions: { kind: 'reference', entity: fake.entity, amount: 7500 },
    });
    const referenceId: string = view.body.purchase.instructions.reference;
    expect(fake.references.get(referenceId)).toMatchObject({ amount: 7500, deleted: false });
    // The same instructions by e-mail, through SMTP as in production.
    const mail = await smtp.waitFor((m) => m.to.includes(user.email), 10_000);
    expect(mail.subject).toBe(`Aguardando pagamento: ${course.title}`);
    expect(mail.text).toContain(`Entidade: ${fake.entity}`);

    const { body, signature } = fake.payReference(referenceId);
    const callback = await request(ctx.app)
      .post('/api/webhooks/proxypay')
      .set('Content-Type', 'application/json')
      .set('X-Signature', signature)
      .send(body)
      .expect(200);
    expect(callback.body).toEqual({ success: true, result: 'completed' });

    const after = await request(ctx.app).get(`/api/payments/${purchaseId}`).set(auth).expect(200);
    expect(after.body.purchase.status).toBe('completed');
    expect(await enrollmentsOf(ctx.database.db, user.id, course.id)).toHaveLength(1);
    expect(fake.unacknowledged()).toHaveLength(0);
  });

  it('when a buyer asks to buy without a method, then the payment page chooses one among ProxyPay’s', async () => {
    const { course, user, auth } = await buyer();
    const first = await request(ctx.app)
      .post('/api/user/purchase')
      .set(auth)
      .send({ courseId: course.id })
      .expect(200);
    const purchaseId = purchaseIdOf(first.body.session_url);
    // Asking again shows the same purchase rather than opening another.
    const again = await request(ctx.app)
      .post('/api/user/purchase')
      .set(auth)
      .send({ courseId: course.id })
      .expect(200);
    expect(again.body.session_url).toBe(first.body.session_url);
    const [pending] = await rowsOf(user.id);
    expect(pending).toMatchObject({
      id: purchaseId,
      provider: 'proxypay',
      status: 'pending',
      method: null,
      checkoutUrl: null,
    });
    const view = await request(ctx.app).get(`/api/payments/${purchaseId}`).set(auth).expect(200);
    expect(view.body.purchase).toMatchObject({ status: 'pending', method: null, sandbox: false });

    const card = await request(ctx.app)
      .post(`/api/payments/${purchaseId}/method`)
      .set(auth)
      .send({ method: 'card' })
      .expect(400);
    expect(card.body.message).toBe(METHOD_UNAVAILABLE);
    expect((await rowsOf(user.id))[0]?.status).toBe('pending');

    const chosen = await request(ctx.app)
      .post(`/api/payments/${purchaseId}/method`)
      .set(auth)
      .send({ method: 'reference' })
      .expect(200);
    expect(chosen.body.session_url).toBe(`/payment/${purchaseId}`);
    expect(chosen.body.purchase).toMatchObject({
      status: 'awaiting_payment',
      method: 'reference',
      instructions: { kind: 'reference', entity: fake.entity },
    });
    const referenceId: string = chosen.body.purchase.instructions.reference;

    // The callback lost: 'Já paguei' asks ProxyPay, completes and acknowledges.
    fake.payReference(referenceId);
    const checked = await request(ctx.app)
      .post(`/api/payments/${purchaseId}/check`)
      .set(auth)
      .expect(200);
    expect(checked.body.purchase.status).toBe('completed');
    expect(await enrollmentsOf(ctx.database.db, user.id, course.id)).toHaveLength(1);
    expect(fake.unacknowledged()).toHaveLength(0);
  });
});
