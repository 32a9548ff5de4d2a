import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import {
  chooseMethodResponseSchema,
  paymentAttemptResponseSchema,
  paymentMethodsResponseSchema,
} from '@aprendiz/contract/payments';
import { currencyLabel } from '@aprendiz/contract/rules/currency';
import { courses } from '../../db/schema/courses';
import { purchases } from '../../db/schema/purchases';
import { createTestContext, type TestContext } from '../../test/test-app';
import { enrollDirectly } from '../../test/fixtures/course-fixtures';
import { courseOfNewEducator, enrollmentsOf } from '../../test/fixtures/enrollment-fixtures';
import type { VoucherState } from './providers/payment-provider';
import {
  CHECK_INTERVAL_MS,
  checkPaymentAttempt,
  findAttemptsToReconcile,
} from './payment-attempts';
import { METHOD_SWITCHES_LIMITED, PUSHES_LIMITED } from './payment-attempts.routes';
import { PAYMENT_INSTRUCTIONS_JOB } from './payment-mail';
import {
  CONFIRMATION_EXPECTED_MS,
  EXPIRY_GRACE_MS,
  reconcileAwaitingPayments,
} from './reconciliation';
import { crc16Ccitt } from './pix-code';

let aoa: TestContext;
let brl: TestContext;
let eur: TestContext;
beforeAll(async () => {
  [aoa, brl, eur] = await Promise.all([
    createTestContext(),
    createTestContext({ CURRENCY: 'brl' }),
    createTestContext({ CURRENCY: 'eur' }),
  ]);
});
afterAll(async () => {
  await Promise.all([aoa.close(), brl.close(), eur.close()]);
});

const MINUTE = 60_000;

async function rowOf(ctx: TestContext, purchaseId: string) {
  const [row] = await ctx.database.db.select().from(purchases).where(eq(purchases.id, purchaseId));
  return row!;
}

async function buy(ctx: TestContext, body: Record<string, unknown>, price = 19.99) {
  const { course } = await courseOfNewEducator(ctx, { price, discount: 15 });
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

function expectNear(date: Date | null, expected: number) {
  expect(date).not.toBeNull();
  expect(Math.abs(date!.getTime() - expected)).toBeLessThan(10_000);
}

describe('GET /api/payments/methods', () => {
  it('when each deployment currency is asked, then the sandbox offers every method of it, labelled as pages label prices', async () => {
    const expected = {
      aoa: ['card', 'multicaixa_express', 'reference'],
      brl: ['card', 'pix', 'boleto'],
      eur: ['card', 'mb_way', 'multibanco'],
    };
    for (const [ctx, currency] of [
      [aoa, 'aoa'],
      [brl, 'brl'],
      [eur, 'eur'],
    ] as const) {
      const res = await request(ctx.app).get('/api/payments/methods').expect(200);
      const body = paymentMethodsResponseSchema.parse(res.body);
      expect(body.currency).toBe(currency);
      expect(body.currencyLabel).toBe(currencyLabel(currency));
      expect(body.methods.map((m) => m.id)).toEqual(expected[currency]);
    }
  });
});

describe('a Pix purchase (brl)', () => {
  it('when a learner pays with Pix, then a 30-minute voucher with a valid BR Code and QR, mailed, then completion enrolls', async () => {
    const { course, buyer, res, purchaseId } = await buy(brl, { method: 'pix' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, session_url: `/payment/${purchaseId}` });

    const row = await rowOf(brl, purchaseId);
    expect(row).toMatchObject({ status: 'awaiting_payment', method: 'pix', amount: '16.99' });
    expect(row.currency).toBe('brl');
    expectNear(row.expiresAt, row.createdAt.getTime() + 30 * MINUTE);
    const instructions = row.instructions;
    expect(instructions?.kind).toBe('pix');
    if (instructions?.kind !== 'pix') throw new Error('not a pix voucher');
    // EMV layout: format 01, the BCB's GUI, BRL (986), the amount, Brazil, then a CRC that checks.
    expect(instructions.code).toMatch(/^000201/);
    expect(instructions.code).toContain('0014br.gov.bcb.pix');
    expect(instructions.code).toContain('5303986');
    expect(instructions.code).toContain('540516.99');
    expect(instructions.code).toContain('5802BR');
    expect(instructions.code.slice(-4)).toBe(crc16Ccitt(instructions.code.slice(0, -4)));
    expect(instructions.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const view = await request(brl.app).get(`/api/payments/${purchaseId}`).set(buyer.auth);
    const attempt = paymentAttemptResponseSchema.parse(view.body).purchase;
    expect(attempt).toMatchObject({
      status: 'awaiting_payment',
      method: 'pix',
      amount: 16.99,
      currency: 'brl',
      currencyLabel: 'R$',
    });
    const mails = await brl.deps.jobs.list({ name: PAYMENT_INSTRUCTIONS_JOB });
    expect(mails.some((job) => job.key?.startsWith(`pay:${purchaseId}:`))).toBe(true);

    await request(brl.app)
      .post(`/api/payments/sandbox/${purchaseId}/complete`)
      .set(buyer.auth)
      .expect(200);
    expect((await rowOf(brl, purchaseId)).status).toBe('completed');
    expect(await enrollmentsOf(brl.database.db, buyer.user.id, course.id)).toHaveLength(1);
  });

  it('when the price changes after the voucher is issued, then the attempt keeps its amount', async () => {
    const { course, buyer, purchaseId } = await buy(brl, { method: 'pix' });
    await brl.database.db.update(courses).set({ price: '99.00' }).where(eq(courses.id, course.id));
    const view = await request(brl.app).get(`/api/payments/${purchaseId}`).set(buyer.auth);
    expect(view.body.purchase.amount).toBe(16.99);
    expect((await rowOf(brl, purchaseId)).amount).toBe('16.99');
  });
});

describe('a Multibanco purchase (eur)', () => {
  it('when a learner pays by Multibanco, then an entity, a 9-digit reference and the amount, valid 3 days', async () => {
    const { res, purchaseId } = await buy(eur, { method: 'multibanco' });
    expect(res.status).toBe(200);
    const row = await rowOf(eur, purchaseId);
    expect(row).toMatchObject({
      status: 'awaiting_payment',
      method: 'multibanco',
      currency: 'eur',
    });
    expect(row.instructions).toMatchObject({ kind: 'reference', amount: 16.99 });
    if (row.instructions?.kind !== 'reference') throw new Error('not a reference');
    expect(row.instructions.entity).toMatch(/^\d{5}$/);
    expect(row.instructions.reference).toMatch(/^\d{9}$/);
    expectNear(row.expiresAt, row.createdAt.getTime() + 3 * 24 * 60 * MINUTE);
  });

  it('when MB WAY is chosen without a phone, then 400 in Portuguese and nothing is written', async () => {
    const { res, buyer } = await buy(eur, { method: 'mb_way' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/celular/);
    const rows = await eur.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.userId, buyer.user.id));
    expect(rows).toHaveLength(0);
  });

  it('when a method the currency does not take is asked, then 400 and nothing is written', async () => {
    const { res, buyer } = await buy(eur, { method: 'pix' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Este método de pagamento não está disponível');
    const unknown = await buy(eur, { method: 'bitcoin' });
    expect(unknown.res.status).toBe(400);
    const rows = await eur.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.userId, buyer.user.id));
    expect(rows).toHaveLength(0);
  });
});

describe('Multicaixa Express (aoa): expiry, another method, late payment', () => {
  it('when the 90 s push runs out unpaid, then a read leaves it awaiting and the explicit check expires it; another method is a new voucher that completes', async () => {
    const { course, buyer, res, purchaseId } = await buy(aoa, {
      method: 'multicaixa_express',
      phone: '923 456 789',
    });
    expect(res.status).toBe(200);
    const row = await rowOf(aoa, purchaseId);
    expect(row.instructions).toEqual({ kind: 'push', phone: '923456789' });
    expectNear(row.expiresAt, row.createdAt.getTime() + 90_000);

    await aoa.database.db
      .update(purchases)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(purchases.id, purchaseId));
    const lapsed = await rowOf(aoa, purchaseId);
    const read = await request(aoa.app).get(`/api/payments/${purchaseId}`).set(buyer.auth);
    expect(read.status).toBe(200);
    expect(read.body.purchase).toMatchObject({ status: 'awaiting_payment' });
    expect(await rowOf(aoa, purchaseId)).toEqual(lapsed);
    const expired = await request(aoa.app)
      .post(`/api/payments/${purchaseId}/check`)
      .set(buyer.auth);
    expect(expired.body.purchase).toMatchObject({ status: 'expired', instructions: null });
    expect((await rowOf(aoa, purchaseId)).status).toBe('expired');

    const again = await request(aoa.app)
      .post(`/api/payments/${purchaseId}/method`)
      .set(buyer.auth)
      .send({ method: 'reference' });
    expect(again.status).toBe(200);
    const chosen = chooseMethodResponseSchema.parse(again.body);
    expect(chosen.session_url).toBe(`/payment/${purchaseId}`);
    expect(chosen.purchase).toMatchObject({ status: 'awaiting_payment', method: 'reference' });
    const renewed = await rowOf(aoa, purchaseId);
    expect(renewed.instructions?.kind).toBe('reference');
    expectNear(renewed.expiresAt, Date.now() + 3 * 24 * 60 * MINUTE);

    await request(aoa.app)
      .post(`/api/payments/sandbox/${purchaseId}/complete`)
      .set(buyer.auth)
      .expect(200);
    expect(await enrollmentsOf(aoa.database.db, buyer.user.id, course.id)).toHaveLength(1);
  });

  it("when the sandbox's push times out, then it expires at once; another learner's is not found and a paid one is refused", async () => {
    const { buyer, purchaseId } = await buy(aoa, {
      method: 'multicaixa_express',
      phone: '923 456 780',
    });
    const stranger = await aoa.createUser();
    await request(aoa.app)
      .post(`/api/payments/sandbox/${purchaseId}/time-out`)
      .set(stranger.auth)
      .expect(404);
    expect((await rowOf(aoa, purchaseId)).status).toBe('awaiting_payment');

    const timedOut = await request(aoa.app)
      .post(`/api/payments/sandbox/${purchaseId}/time-out`)
      .set(buyer.auth);
    expect(timedOut.status).toBe(200);
    expect(timedOut.body.purchase).toMatchObject({ status: 'expired', instructions: null });
    const row = await rowOf(aoa, purchaseId);
    expect(row.status).toBe('expired');
    expect(row.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now());

    const paid = await buy(aoa, { method: 'reference' });
    await request(aoa.app)
      .post(`/api/payments/sandbox/${paid.purchaseId}/complete`)
      .set(paid.buyer.auth)
      .expect(200);
    await request(aoa.app)
      .post(`/api/payments/sandbox/${paid.purchaseId}/time-out`)
      .set(paid.buyer.auth)
      .expect(409);
    expect((await rowOf(aoa, paid.purchaseId)).status).toBe('completed');
  });

  it('when a payment arrives after the voucher expired, then it still enrolls', async () => {
    const { course, buyer, purchaseId } = await buy(aoa, { method: 'reference' });
    await aoa.database.db
      .update(purchases)
      .set({ status: 'expired' })
      .where(eq(purchases.id, purchaseId));
    await request(aoa.app)
      .post(`/api/payments/sandbox/${purchaseId}/complete`)
      .set(buyer.auth)
      .expect(200);
    expect((await rowOf(aoa, purchaseId)).status).toBe('completed');
    expect(await enrollmentsOf(aoa.database.db, buyer.user.id, course.id)).toHaveLength(1);
  });

  it('when a late payment arrives for a course the learner already has, then it is refunded, not counted', async () => {
    const { course, buyer, purchaseId } = await buy(aoa, { method: 'reference' });
    await aoa.database.db
      .update(purchases)
      .set({ status: 'expired' })
      .where(eq(purchases.id, purchaseId));
    await enrollDirectly(aoa.database.db, buyer.user.id, course.id);
    const res = await request(aoa.app)
      .post(`/api/payments/sandbox/${purchaseId}/complete`)
      .set(buyer.auth);
    expect(res.status).toBe(409);
    expect((await rowOf(aoa, purchaseId)).status).toBe('refunded');
  });

  it('when the provider refuses the push, then the attempt fails and the learner may choose again', async () => {
    const { buyer, purchaseId } = await buy(aoa, {
      method: 'multicaixa_express',
      phone: '923456781',
    });
    await request(aoa.app)
      .post(`/api/payments/sandbox/${purchaseId}/fail`)
      .set(buyer.auth)
      .expect(200);
    expect((await rowOf(aoa, purchaseId)).status).toBe('failed');
    const again = await request(aoa.app)
      .post(`/api/payments/${purchaseId}/method`)
      .set(buyer.auth)
      .send({ method: 'multicaixa_express', phone: '923456781' });
    expect(again.status).toBe(200);
    expect((await rowOf(aoa, purchaseId)).status).toBe('awaiting_payment');
  });
});

describe('one live voucher per learner and course', () => {
  it('when 30 buys of one course race, then one voucher, and every answer points at it', async () => {
    const { course } = await courseOfNewEducator(aoa, { price: 50, discount: 0 });
    const buyer = await aoa.createUser();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        request(aoa.app)
          .post('/api/user/purchase')
          .set(buyer.auth)
          .send({ courseId: course.id, method: 'reference' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    const rows = await aoa.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.userId, buyer.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('awaiting_payment');
    expect(new Set(answers.map((a) => a.body.session_url))).toEqual(
      new Set([`/payment/${rows[0]!.id}`]),
    );
  });

  it('when the learner buys again with another method while a voucher waits, then the same voucher is shown', async () => {
    const { course, buyer, purchaseId } = await buy(aoa, { method: 'reference' });
    const again = await request(aoa.app)
      .post('/api/user/purchase')
      .set(buyer.auth)
      .send({ courseId: course.id, method: 'multicaixa_express', phone: '923456789' });
    expect(again.body.session_url).toBe(`/payment/${purchaseId}`);
    expect((await rowOf(aoa, purchaseId)).method).toBe('reference');
  });

  it('when someone else asks for, checks or switches a voucher, then 404', async () => {
    const { purchaseId } = await buy(aoa, { method: 'reference' });
    const stranger = await aoa.createUser();
    await request(aoa.app).get(`/api/payments/${purchaseId}`).set(stranger.auth).expect(404);
    await request(aoa.app).post(`/api/payments/${purchaseId}/check`).set(stranger.auth).expect(404);
    await request(aoa.app)
      .post(`/api/payments/${purchaseId}/method`)
      .set(stranger.auth)
      .send({ method: 'reference' })
      .expect(404);
    expect((await rowOf(aoa, purchaseId)).status).toBe('awaiting_payment');
  });
});

describe('course deletion and vouchers', () => {
  it('when the educator deletes a course with a voucher awaiting payment, then 409 and nothing is deleted; once it expired, the course goes', async () => {
    const { course, purchaseId } = await buy(aoa, { method: 'reference' });
    const educator = await aoa.createUser({ role: 'educator' });
    // Signed in as the course's educator: the course is handed to an educator we hold a token for.
    await aoa.database.db
      .update(courses)
      .set({ educatorId: educator.user.id })
      .where(eq(courses.id, course.id));
    const refused = await request(aoa.app)
      .delete(`/api/educator/course/${course.id}`)
      .set(educator.auth);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/aguardando confirmação/);
    expect((await rowOf(aoa, purchaseId)).status).toBe('awaiting_payment');

    await aoa.database.db
      .update(purchases)
      .set({ status: 'expired' })
      .where(eq(purchases.id, purchaseId));
    await request(aoa.app)
      .delete(`/api/educator/course/${course.id}`)
      .set(educator.auth)
      .expect(200);
    const left = await aoa.database.db.select().from(courses).where(eq(courses.id, course.id));
    expect(left).toHaveLength(0);
  });
});

describe('reconciliation', () => {
  function withProvider(ctx: TestContext, answers: Record<string, VoucherState | Error>) {
    const vouchers = ctx.deps.payments.vouchers!;
    return {
      ...ctx.deps,
      payments: {
        ...ctx.deps.payments,
        vouchers: {
          ...vouchers,
          status: async ({ purchaseId }: { purchaseId: string }) => {
            const answer = answers[purchaseId] ?? 'unpaid';
            if (answer instanceof Error) throw answer;
            return answer;
          },
        },
      },
    } as typeof ctx.deps;
  }

  it('when the provider says paid (a lost callback), unpaid past expiry and grace, or cannot answer, then complete, expire, or wait', async () => {
    const paid = await buy(aoa, { method: 'reference' });
    const unpaidLate = await buy(aoa, { method: 'reference' });
    const unpaidInGrace = await buy(aoa, { method: 'reference' });
    const unreachable = await buy(aoa, { method: 'reference' });
    const now = new Date();
    const setExpiry = (purchaseId: string, expiresAt: Date) =>
      aoa.database.db.update(purchases).set({ expiresAt }).where(eq(purchases.id, purchaseId));
    await setExpiry(unpaidLate.purchaseId, new Date(now.getTime() - EXPIRY_GRACE_MS - MINUTE));
    await setExpiry(unpaidInGrace.purchaseId, new Date(now.getTime() - MINUTE));
    await setExpiry(unreachable.purchaseId, new Date(now.getTime() - EXPIRY_GRACE_MS - MINUTE));
    // Issued long enough ago that its confirmation was expected.
    await aoa.database.db
      .update(purchases)
      .set({ createdAt: new Date(now.getTime() - CONFIRMATION_EXPECTED_MS - MINUTE) })
      .where(eq(purchases.id, paid.purchaseId));

    const summary = await reconcileAwaitingPayments(
      withProvider(aoa, {
        [paid.purchaseId]: 'paid',
        [unreachable.purchaseId]: new Error('provider down'),
      }),
      now,
    );
    expect(summary.errors).toBe(1);
    expect((await rowOf(aoa, paid.purchaseId)).status).toBe('completed');
    expect(await enrollmentsOf(aoa.database.db, paid.buyer.user.id, paid.course.id)).toHaveLength(
      1,
    );
    expect((await rowOf(aoa, unpaidLate.purchaseId)).status).toBe('expired');
    expect((await rowOf(aoa, unpaidInGrace.purchaseId)).status).toBe('awaiting_payment');
    expect((await rowOf(aoa, unreachable.purchaseId)).status).toBe('awaiting_payment');
  });

  it('when more attempts await than a run asks about, then each run asks the longest unasked, so every one is asked in turn', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () => buy(eur, { method: 'multibanco' })),
    );
    const ids = attempts.map((attempt) => attempt.purchaseId);
    // The runs happen as of five days ago, when only these five (issued ten days ago) were due:
    // the other attempts of this file were issued today.
    const now = Date.now() - 5 * 24 * 60 * MINUTE;
    // Deadlines in the order created, so "soonest deadline" alone would pick the same two each run.
    for (const [index, id] of ids.entries()) {
      await eur.database.db
        .update(purchases)
        .set({
          createdAt: new Date(now - 5 * 24 * 60 * MINUTE),
          expiresAt: new Date(now + (index + 1) * 60 * MINUTE),
        })
        .where(eq(purchases.id, id));
    }
    const run = async (minutes: number) =>
      (
        await findAttemptsToReconcile(
          eur.database.db,
          new Date(now + minutes * MINUTE),
          CONFIRMATION_EXPECTED_MS,
          2,
        )
      ).map((row) => row.id);

    const asked = [await run(1), await run(2), await run(3)];
    expect(asked.map((batch) => batch.length)).toEqual([2, 2, 2]);
    expect(new Set(asked.flat())).toEqual(new Set(ids));
    // Soonest deadline first among the never asked; the fifth is joined by the first asked.
    expect(asked[0]).toEqual([ids[0], ids[1]]);
    expect(asked[1]).toEqual([ids[2], ids[3]]);
    expect(asked[2]).toEqual([ids[0], ids[4]]);
  });

  it("when 'Já paguei' is pressed and the provider has the money, then the purchase completes at once", async () => {
    const { buyer, course, purchaseId } = await buy(aoa, { method: 'reference' });
    const deps = withProvider(aoa, { [purchaseId]: 'paid' });
    const attempt = await checkPaymentAttempt(deps, buyer.user, purchaseId);
    expect(attempt.status).toBe('completed');
    expect(await enrollmentsOf(aoa.database.db, buyer.user.id, course.id)).toHaveLength(1);
  });
});

describe('budgets on the provider calls a buyer can trigger', () => {
  it("when 'Já paguei' is pressed again within 10 s, then the database answers without asking the provider; after 10 s the provider is asked again", async () => {
    const { buyer, purchaseId } = await buy(aoa, { method: 'reference' });
    const status = vi.spyOn(aoa.deps.payments.vouchers!, 'status');
    try {
      const check = () =>
        request(aoa.app).post(`/api/payments/${purchaseId}/check`).set(buyer.auth);
      const first = await check();
      const second = await check();
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.body.purchase).toMatchObject({ _id: purchaseId, status: 'awaiting_payment' });
      expect(status).toHaveBeenCalledTimes(1);
      const asked = (await rowOf(aoa, purchaseId)).reconciledAt!;

      await aoa.database.db
        .update(purchases)
        .set({ reconciledAt: new Date(asked.getTime() - CHECK_INTERVAL_MS - 1) })
        .where(eq(purchases.id, purchaseId));
      await check().expect(200);
      expect(status).toHaveBeenCalledTimes(2);
      expect((await rowOf(aoa, purchaseId)).reconciledAt!.getTime()).toBeGreaterThan(
        asked.getTime() - 1,
      );
    } finally {
      status.mockRestore();
    }
  });

  it('when one account switches method past its budget, then 429 in Portuguese and the attempt is left as it was', async () => {
    const { buyer, purchaseId } = await buy(aoa, { method: 'reference' });
    const switchTo = (method: string) =>
      request(aoa.app).post(`/api/payments/${purchaseId}/method`).set(buyer.auth).send({ method });
    for (let i = 0; i < aoa.deps.config.methodSwitchesPerHour; i++)
      await switchTo('reference').expect(200);
    const before = await rowOf(aoa, purchaseId);

    const refused = await switchTo('card');

    expect([refused.status, refused.body]).toEqual([
      429,
      { success: false, message: METHOD_SWITCHES_LIMITED },
    ]);
    expect(await rowOf(aoa, purchaseId)).toEqual(before);
    // Another account's budget is its own.
    const other = await buy(aoa, { method: 'reference' });
    await request(aoa.app)
      .post(`/api/payments/${other.purchaseId}/method`)
      .set(other.buyer.auth)
      .send({ method: 'reference' })
      .expect(200);
  });
});

describe('live pushes (Multicaixa Express, MB WAY)', () => {
  async function purchasesOf(ctx: TestContext, userId: string) {
    return ctx.database.db.select().from(purchases).where(eq(purchases.userId, userId));
  }

  it('when a number was sent its budget of pushes within 10 minutes, then the next push to it is 429 in Portuguese, from any account, and nothing is written', async () => {
    const perPhone = aoa.deps.config.pushPaymentsPerPhone;
    for (let i = 0; i < perPhone; i++)
      expect(
        (await buy(aoa, { method: 'multicaixa_express', phone: '+244 931 000 001' })).res.status,
      ).toBe(200);

    const refused = await buy(aoa, { method: 'multicaixa_express', phone: '931000001' });

    expect([refused.res.status, refused.res.body]).toEqual([
      429,
      { success: false, message: PUSHES_LIMITED },
    ]);
    expect(await purchasesOf(aoa, refused.buyer.user.id)).toEqual([]);
    // Another number, or a reference, is not held back.
    expect((await buy(aoa, { method: 'multicaixa_express', phone: '931000002' })).res.status).toBe(
      200,
    );
    expect((await buy(aoa, { method: 'reference', phone: '931000001' })).res.status).toBe(200);
  });

  it('when one account asks for pushes past its budget, whatever the numbers, then 429 and the attempt is left as it was', async () => {
    const { buyer, purchaseId } = await buy(aoa, {
      method: 'multicaixa_express',
      phone: '932000000',
    });
    const perAccount = aoa.deps.config.pushPaymentsPerPhone * 2;
    const switchTo = (phone: string) =>
      request(aoa.app)
        .post(`/api/payments/${purchaseId}/method`)
        .set(buyer.auth)
        .send({ method: 'multicaixa_express', phone });
    for (let i = 1; i < perAccount; i++) await switchTo(`93200000${i}`).expect(200);
    const before = await rowOf(aoa, purchaseId);

    const refused = await switchTo('932000009');

    expect([refused.status, refused.body.message]).toEqual([429, PUSHES_LIMITED]);
    expect(await rowOf(aoa, purchaseId)).toEqual(before);
  });

  it("when a push goes to a number of another country than the method's, then 400 naming the phone's rule and nothing is written", async () => {
    const mbWay = await buy(eur, { method: 'mb_way', phone: '+244 923 456 789' });
    expect([mbWay.res.status, mbWay.res.body.message]).toEqual([
      400,
      'O MB WAY só funciona com celular português: 9 dígitos começando por 91, 92, 93 ou 96',
    ]);
    expect(await purchasesOf(eur, mbWay.buyer.user.id)).toEqual([]);
    const express = await buy(aoa, { method: 'multicaixa_express', phone: '+351 912 345 678' });
    expect([express.res.status, express.res.body.message]).toEqual([
      400,
      'O Multicaixa Express só funciona com celular angolano: 9 dígitos começando por 9',
    ]);
    expect(await purchasesOf(aoa, express.buyer.user.id)).toEqual([]);
    expect((await buy(eur, { method: 'mb_way', phone: '+351 961 234 567' })).res.status).toBe(200);
  });
});
