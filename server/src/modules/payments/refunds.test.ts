import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { enrolledCoursesResponseSchema } from '@aprendiz/contract/learning';
import { certificates } from '../../db/schema/certificates';
import { ledgerEntries, manualRefunds } from '../../db/schema/ledger';
import { lectureProgress } from '../../db/schema/lecture-progress';
import { purchases, type PurchaseRow } from '../../db/schema/purchases';
import { createTestContext, type TestContext } from '../../test/test-app';
import { createStripePayments } from './providers/stripe';
import {
  createStripeTestContext,
  type StripeTestContext,
} from '../../test/fakes/payments-stripe-fake';
import { enrollDirectly } from '../../test/fixtures/course-fixtures';
import { CERTIFICATE_REVOKED } from '../learning/certificates.service';
import { courseOfNewEducator, enrollmentsOf } from '../../test/fixtures/enrollment-fixtures';
import {
  REFUND_ALREADY_ASKED,
  REFUND_DESTINATION_NEEDED,
  REFUND_LIMIT_REACHED,
  REFUND_WINDOW_CLOSED,
  settleRequestedRefund,
} from './refunds';

const OPS_TOKEN = 'ops-token-for-the-refund-tests-0123';
const ops = { Authorization: `Bearer ${OPS_TOKEN}` };
const DAY = 24 * 60 * 60 * 1000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ OPS_TOKEN });
});
afterAll(() => ctx.close());

type Person = Awaited<ReturnType<TestContext['createUser']>>;

async function purchaseRow(id: string): Promise<PurchaseRow> {
  const [row] = await ctx.database.db.select().from(purchases).where(eq(purchases.id, id));
  return row!;
}

/** A paid purchase and its enrollment, as a completion leaves them (the triggers write the ledger). */
async function paidPurchase(
  context: TestContext,
  options: {
    buyer?: Person;
    price?: number;
    provider?: PurchaseRow['provider'];
    method?: PurchaseRow['method'];
    providerRef?: string;
    completedAt?: Date;
    currency?: string;
  } = {},
) {
  const { owner, course } = await courseOfNewEducator(context, {
    price: options.price ?? 20,
    discount: 0,
  });
  const buyer = options.buyer ?? (await context.createUser());
  await enrollDirectly(context.database.db, buyer.user.id, course.id);
  const [purchase] = await context.database.db
    .insert(purchases)
    .values({
      userId: buyer.user.id,
      courseId: course.id,
      amount: (options.price ?? 20).toFixed(2),
      currency: options.currency ?? 'aoa',
      provider: options.provider ?? 'sandbox',
      method: options.method ?? null,
      providerRef: options.providerRef ?? null,
      status: 'completed',
      completedAt: options.completedAt ?? new Date(),
    })
    .returning();
  return { owner, course, buyer, purchase: purchase! };
}

function askRefund(
  app: TestContext['app'],
  auth: Record<string, string>,
  purchaseId: string,
  body: object = {},
) {
  return request(app).post(`/api/payments/${purchaseId}/refund`).set(auth).send(body);
}

describe('POST /api/payments/:purchaseId/refund (sandbox)', () => {
  it('when the buyer asks inside the guarantee, then the enrollment ends with progress kept, the certificate is revoked, the ledger and dashboard move, the refund settles and both get a mail', async () => {
    const { owner, course, buyer, purchase } = await paidPurchase(ctx, { price: 20 });
    const db = ctx.database.db;
    await db
      .insert(lectureProgress)
      .values({ userId: buyer.user.id, courseId: course.id, lectureId: 'lec-1' });
    await db.insert(certificates).values({
      id: 'AAAAAAAAAAAAAAAAAAAAAA',
      userId: buyer.user.id,
      courseId: course.id,
      learnerName: buyer.user.name,
      courseTitle: course.title,
      educatorName: owner.user.name,
      hours: '1.0',
      completedAt: new Date(),
    });
    const offered = enrolledCoursesResponseSchema.parse(
      (await request(ctx.app).get('/api/user/enrolled-courses').set(buyer.auth)).body,
    );
    expect(offered.enrolledCourses[0]!.refund).toEqual({
      purchaseId: purchase.id,
      eligible: true,
      reason: null,
      deadline: purchase.refundableUntil!.toISOString(),
      days: 7,
      amount: 20,
      currency: 'aoa',
      provider: 'sandbox',
      method: null,
      needsDestination: false,
    });

    const res = await askRefund(ctx.app, buyer.auth, purchase.id, {
      reason: 'Não era o que eu esperava',
    });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      purchase: { _id: purchase.id, status: 'refund_pending', amount: 20, courseId: course.id },
    });
    const after = await purchaseRow(purchase.id);
    expect(after.refundReason).toBe('Não era o que eu esperava');
    expect(after.refundRequestedAt).not.toBeNull();
    expect(await enrollmentsOf(db, buyer.user.id, course.id)).toHaveLength(0);
    const progress = await db
      .select()
      .from(lectureProgress)
      .where(
        and(eq(lectureProgress.userId, buyer.user.id), eq(lectureProgress.courseId, course.id)),
      );
    expect(progress).toHaveLength(1);
    const verify = await request(ctx.app).get('/api/certificate/AAAAAAAAAAAAAAAAAAAAAA');
    expect(verify.body.certificate.revokedAt).toEqual(expect.any(String));
    const ledger = await db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.purchaseId, purchase.id));
    expect(ledger).toEqual(
      expect.arrayContaining([
        { kind: 'sale', amount: '20.00' },
        { kind: 'refund', amount: '-20.00' },
      ]),
    );
    const dashboard = await request(ctx.app).get('/api/educator/dashboard').set(owner.auth);
    expect(dashboard.body.dashboardData).toMatchObject({
      totalEarnings: 0,
      balance: { available: 0, pending: 0, refunded: 20 },
      // Only payments made twice count there: this refund is the balance's.
      refunds: { count: 0, amount: 0 },
    });

    // The queue settles it (the sandbox simulates the provider) and sends both mails.
    await expect
      .poll(async () => (await purchaseRow(purchase.id)).status, { timeout: 10_000 })
      .toBe('refunded');
    const outbox = ctx.deps.mailer;
    if (outbox.kind !== 'outbox') throw new Error('the test context keeps mail in the outbox');
    await expect
      .poll(
        async () =>
          (await outbox.list())
            .filter((m) => m.to === buyer.user.email || m.to === owner.user.email)
            .map((m) => m.subject)
            .sort(),
        { timeout: 10_000 },
      )
      .toEqual([`Reembolso de ${course.title}`, `Reembolso pedido: ${course.title}`]);
    const educatorMail = (await outbox.list()).find((m) => m.to === owner.user.email);
    expect(educatorMail!.text).toMatch(/Motivo informado: Não era o que eu esperava/);

    // A revoked certificate's PDF is no longer handed out, even by its direct address.
    const pdf = await request(ctx.app).get('/api/certificate/AAAAAAAAAAAAAAAAAAAAAA/pdf');
    expect(pdf.status).toBe(410);
    expect(pdf.body).toEqual({ success: false, message: CERTIFICATE_REVOKED });
    // Bought again and completed again: the same certificate is reinstated, not the revoked one kept.
    await enrollDirectly(db, buyer.user.id, course.id);
    await db.insert(lectureProgress).values([
      { userId: buyer.user.id, courseId: course.id, lectureId: 'lec-2' },
      { userId: buyer.user.id, courseId: course.id, lectureId: 'lec-3' },
    ]);
    const again = await request(ctx.app).post(`/api/user/certificate/${course.id}`).set(buyer.auth);
    expect(again.body).toEqual({ success: true, certificateId: 'AAAAAAAAAAAAAAAAAAAAAA' });
    const reinstated = await request(ctx.app).get('/api/certificate/AAAAAAAAAAAAAAAAAAAAAA');
    expect(reinstated.body.certificate.revokedAt).toBeNull();
  });

  it("when a buyer who rated and reviewed is refunded, then their stars and review no longer count; another learner's stay", async () => {
    const { course, buyer, purchase } = await paidPurchase(ctx, { price: 20 });
    const keeper = await ctx.createUser();
    await enrollDirectly(ctx.database.db, keeper.user.id, course.id);
    const rate = (person: Person, rating: number, review: string) =>
      request(ctx.app)
        .post('/api/user/add-rating')
        .set(person.auth)
        .send({ courseId: course.id, rating, review })
        .expect(200);
    await rate(buyer, 1, 'Não gostei nada, quero o dinheiro de volta.');
    await rate(keeper, 5, 'Excelente, recomendo.');
    const shown = async () => {
      const detail = await request(ctx.app).get(`/api/course/${course.id}`).expect(200);
      const reviews = await request(ctx.app).get(`/api/course/${course.id}/reviews`).expect(200);
      return {
        ratingCount: detail.body.courseData.ratingCount,
        averageRating: detail.body.courseData.averageRating,
        reviews: reviews.body.reviews.map((entry: { review: string }) => entry.review),
      };
    };
    expect(await shown()).toMatchObject({ ratingCount: 2, averageRating: 3 });

    expect((await askRefund(ctx.app, buyer.auth, purchase.id)).status).toBe(200);

    expect(await shown()).toEqual({
      ratingCount: 1,
      averageRating: 5,
      reviews: ['Excelente, recomendo.'],
    });
  });

  it('when the guarantee has ended, then 409 with a clear message, My Courses says the same in place of the button and nothing changes', async () => {
    const { buyer, purchase, course } = await paidPurchase(ctx, {
      completedAt: new Date(Date.now() - 8 * DAY),
    });
    const list = enrolledCoursesResponseSchema.parse(
      (await request(ctx.app).get('/api/user/enrolled-courses').set(buyer.auth)).body,
    );
    expect(list.enrolledCourses[0]!.refund).toMatchObject({
      eligible: false,
      reason: REFUND_WINDOW_CLOSED,
    });

    const res = await askRefund(ctx.app, buyer.auth, purchase.id);

    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: REFUND_WINDOW_CLOSED });
    expect((await purchaseRow(purchase.id)).status).toBe('completed');
    expect(await enrollmentsOf(ctx.database.db, buyer.user.id, course.id)).toHaveLength(1);
  });

  it('when asked twice, then the second is 409 and the ledger holds one refund; someone else asking gets 404', async () => {
    const { buyer, purchase } = await paidPurchase(ctx);
    const stranger = await ctx.createUser();
    expect((await askRefund(ctx.app, stranger.auth, purchase.id)).status).toBe(404);
    const [first, second] = await Promise.all([
      askRefund(ctx.app, buyer.auth, purchase.id),
      askRefund(ctx.app, buyer.auth, purchase.id),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first.body.message, second.body.message]).toContain(REFUND_ALREADY_ASKED);
    const refunds = await ctx.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.purchaseId, purchase.id), eq(ledgerEntries.kind, 'refund')));
    expect(refunds).toHaveLength(1);
  });

  it('when the purchase is not paid, or the id is not a purchase, then 409 or 404 and nothing changes', async () => {
    const { course } = await courseOfNewEducator(ctx, { price: 10, discount: 0 });
    const buyer = await ctx.createUser();
    const [pending] = await ctx.database.db
      .insert(purchases)
      .values({
        userId: buyer.user.id,
        courseId: course.id,
        amount: '10.00',
        currency: 'aoa',
        provider: 'sandbox',
      })
      .returning();
    expect((await askRefund(ctx.app, buyer.auth, pending!.id)).status).toBe(409);
    expect((await askRefund(ctx.app, buyer.auth, 'not-a-uuid')).status).toBe(404);
    expect((await purchaseRow(pending!.id)).status).toBe('pending');
    const tooLong = await askRefund(ctx.app, buyer.auth, pending!.id, { reason: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
  });

  it('when a learner already had 3 refunds in 90 days, then the 4th is refused and they are told to contact support', async () => {
    const buyer = await ctx.createUser();
    for (let i = 0; i < 3; i++) {
      const { purchase } = await paidPurchase(ctx, { buyer });
      expect((await askRefund(ctx.app, buyer.auth, purchase.id)).status).toBe(200);
    }
    const { purchase } = await paidPurchase(ctx, { buyer });

    const res = await askRefund(ctx.app, buyer.auth, purchase.id);

    expect(res.status).toBe(403);
    expect(res.body.message).toBe(REFUND_LIMIT_REACHED);
    expect(res.body.message).toMatch(/suporte/);
    expect((await purchaseRow(purchase.id)).status).toBe('completed');
  });
});

describe('refunds the provider cannot make (boleto)', () => {
  it('when a boleto buyer asks without a Pix key, or with one that is no Pix key, then 400; with one, a manual refund is listed for the operator, who marks it paid', async () => {
    const { buyer, purchase, course } = await paidPurchase(ctx, {
      provider: 'stripe',
      method: 'boleto',
      providerRef: 'cs_test_boleto',
      price: 35,
      currency: 'brl',
    });
    const list = enrolledCoursesResponseSchema.parse(
      (await request(ctx.app).get('/api/user/enrolled-courses').set(buyer.auth)).body,
    );
    expect(list.enrolledCourses[0]!.refund?.needsDestination).toBe(true);

    const without = await askRefund(ctx.app, buyer.auth, purchase.id);
    expect(without.status).toBe(400);
    expect(without.body.message).toBe(REFUND_DESTINATION_NEEDED);
    expect((await purchaseRow(purchase.id)).status).toBe('completed');
    const notAKey = await askRefund(ctx.app, buyer.auth, purchase.id, {
      destination: 'PT50 0002 0123 1234 5678 9015 4',
    });
    expect(notAKey.status).toBe(400);
    expect(notAKey.body.message).toMatch(/^Informe uma chave Pix válida/);
    expect((await purchaseRow(purchase.id)).status).toBe('completed');

    const res = await askRefund(ctx.app, buyer.auth, purchase.id, {
      destination: 'aluno@example.test',
    });
    expect(res.status).toBe(200);
    const [manual] = await ctx.database.db
      .select()
      .from(manualRefunds)
      .where(eq(manualRefunds.purchaseId, purchase.id));
    expect(manual).toMatchObject({
      destination: 'aluno@example.test',
      amount: '35.00',
      paidAt: null,
    });

    expect((await request(ctx.app).get('/api/ops/refunds')).status).toBe(401);
    const listed = await request(ctx.app).get('/api/ops/refunds').set(ops).expect(200);
    expect(listed.body.refunds).toContainEqual(
      expect.objectContaining({
        purchaseId: purchase.id,
        destination: 'aluno@example.test',
        amount: 35,
        method: 'boleto',
        buyerEmail: buyer.user.email,
        courseTitle: course.title,
      }),
    );
    // No provider call is queued: it stays refund_pending until the operator pays it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await purchaseRow(purchase.id)).status).toBe('refund_pending');

    await request(ctx.app).post(`/api/ops/refunds/${purchase.id}/paid`).set(ops).expect(200);
    expect((await purchaseRow(purchase.id)).status).toBe('refunded');
    const again = await request(ctx.app).post(`/api/ops/refunds/${purchase.id}/paid`).set(ops);
    expect(again.status).toBe(404);
    const unpaid = await request(ctx.app).get('/api/ops/refunds').set(ops);
    expect(unpaid.body.refunds.map((r: { purchaseId: string }) => r.purchaseId)).not.toContain(
      purchase.id,
    );
  });
});

describe('Stripe refunds through the job queue', () => {
  let stripeCtx: StripeTestContext;
  beforeAll(async () => {
    stripeCtx = await createStripeTestContext({
      secretKey: 'sk_test_fake',
      webhookSecret: 'whsec_refund_tests',
    });
  });
  afterAll(() => stripeCtx.close());

  it('when Stripe is down, then the refund stays pending and a retry refunds once; later runs change nothing', async () => {
    const { ctx: sctx, app, stripe } = stripeCtx;
    // What the queue's worker on an instance with Stripe configured runs.
    const stripeDeps = {
      ...sctx.deps,
      payments: createStripePayments({
        secretKey: 'sk_test_fake',
        webhookSecret: 'whsec_refund_tests',
        publicUrl: sctx.config.publicUrl,
        api: stripe.api,
      }),
    };
    const { buyer, purchase } = await paidPurchase(sctx, {
      provider: 'stripe',
      method: 'card',
      providerRef: 'cs_test_card',
    });
    expect((await askRefund(app, buyer.auth, purchase.id)).status).toBe(200);

    stripe.failWith(
      500,
      { error: { type: 'api_error', message: 'Stripe is down' } },
      '/v1/refunds',
    );
    await expect(settleRequestedRefund(stripeDeps, purchase.id)).rejects.toThrow();
    const [held] = await sctx.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, purchase.id));
    expect(held!.status).toBe('refund_pending');

    stripe.succeed();
    await settleRequestedRefund(stripeDeps, purchase.id);
    await settleRequestedRefund(stripeDeps, purchase.id);
    const [done] = await sctx.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, purchase.id));
    expect(done!.status).toBe('refunded');

    const refundCalls = stripe.recorded.filter(
      (r) => r.method === 'POST' && r.path === '/v1/refunds',
    );
    // Every attempt carries the same idempotency key, so Stripe refunds this purchase once.
    expect(refundCalls.length).toBeGreaterThanOrEqual(2);
    expect(new Set(refundCalls.map((r) => r.headers['idempotency-key']))).toEqual(
      new Set([`refund-${purchase.id}`]),
    );
    expect(refundCalls.at(-1)!.form).toMatchObject({
      payment_intent: 'pi_for_cs_test_card',
      reason: 'requested_by_customer',
    });
    const calls = refundCalls.length;
    await settleRequestedRefund(stripeDeps, purchase.id);
    expect(stripe.recorded.filter((r) => r.path === '/v1/refunds')).toHaveLength(calls);
  });
});
