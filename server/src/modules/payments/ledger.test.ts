import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { asc, eq, sql } from 'drizzle-orm';
import { dashboardResponseSchema } from '@aprendiz/contract/educator';
import { courses } from '../../db/schema/courses';
import { ledgerEntries } from '../../db/schema/ledger';
import { purchases } from '../../db/schema/purchases';
import { getEducatorTotals } from '../educator/educator.repository';
import { applyPurchaseSignal } from './lifecycle/purchase-lifecycle';
import { createTestContext, type TestContext } from '../../test/test-app';
import { enrollDirectly } from '../../test/fixtures/course-fixtures';
import { courseOfNewEducator } from '../../test/fixtures/enrollment-fixtures';
import { insertPurchaseRow } from '../../test/fixtures/purchase-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60 * 1000;

async function entriesOf(purchaseId: string) {
  return ctx.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.purchaseId, purchaseId))
    .orderBy(asc(ledgerEntries.id));
}

/** The Postgres error behind a failed Drizzle statement (the driver wraps it in `cause`). */
async function pgError(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause;
    return cause?.message ?? (err as Error).message;
  }
  throw new Error('expected the statement to fail');
}

async function buyInSandbox(courseId: string) {
  const buyer = await ctx.createUser();
  const start = await request(ctx.app)
    .post('/api/user/purchase')
    .set(buyer.auth)
    .send({ courseId })
    .expect(200);
  const purchaseId = String(start.body.session_url).split('/').pop()!;
  await request(ctx.app)
    .post(`/api/payments/sandbox/${purchaseId}/complete`)
    .set(buyer.auth)
    .expect(200);
  return { buyer, purchaseId };
}

describe('the ledger of money movements', () => {
  it('when a purchase completes, then a sale and a zero fee are written, available when the course guarantee ends', async () => {
    const { course } = await courseOfNewEducator(ctx, {
      price: 20,
      discount: 0,
      guaranteeDays: 14,
    });
    const before = Date.now();
    const { purchaseId } = await buyInSandbox(course.id);

    const [purchase] = await ctx.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, purchaseId));
    const entries = await entriesOf(purchaseId);
    expect(entries.map((e) => [e.kind, e.amount, e.courseId])).toEqual([
      ['sale', '20.00', course.id],
      ['fee', '0.00', course.id],
    ]);
    const until = purchase!.refundableUntil!.getTime();
    expect(until - purchase!.completedAt!.getTime()).toBe(14 * DAY);
    expect(until).toBeGreaterThanOrEqual(before + 14 * DAY - 1000);
    expect(entries.every((e) => e.availableAt.getTime() === until)).toBe(true);
  });

  it('when the educator changes the guarantee after a sale, then that sale keeps the window it was sold with', async () => {
    const { course } = await courseOfNewEducator(ctx, { price: 10, discount: 0 });
    const { purchaseId } = await buyInSandbox(course.id);
    await ctx.database.db
      .update(courses)
      .set({ guaranteeDays: 30 })
      .where(eq(courses.id, course.id));
    const [purchase] = await ctx.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, purchaseId));
    expect(purchase!.refundableUntil!.getTime() - purchase!.completedAt!.getTime()).toBe(7 * DAY);
  });

  it('when anyone updates or deletes a movement, then the database refuses and the row stays', async () => {
    const { course } = await courseOfNewEducator(ctx, { price: 10, discount: 0 });
    const { purchaseId } = await buyInSandbox(course.id);
    const db = ctx.database.db;

    expect(
      await pgError(() =>
        db
          .update(ledgerEntries)
          .set({ amount: '1.00' })
          .where(eq(ledgerEntries.purchaseId, purchaseId)),
      ),
    ).toMatch(/append-only/);
    expect(
      await pgError(() => db.delete(ledgerEntries).where(eq(ledgerEntries.purchaseId, purchaseId))),
    ).toMatch(/append-only/);
    expect((await entriesOf(purchaseId)).map((e) => e.amount)).toEqual(['10.00', '0.00']);
  });

  it('when a movement would take a purchase below zero, then the database refuses it', async () => {
    const { course } = await courseOfNewEducator(ctx, { price: 10, discount: 0 });
    const { purchaseId } = await buyInSandbox(course.id);
    const insert = (kind: 'sale' | 'refund', amount: string) =>
      ctx.database.db.insert(ledgerEntries).values({
        purchaseId,
        courseId: course.id,
        kind,
        amount,
        currency: 'aoa',
        availableAt: new Date(),
      });

    expect(await pgError(() => insert('refund', '-10.01'))).toMatch(/below 0/);
    // A negative sale is no sale at all.
    expect(await pgError(() => insert('sale', '-1.00'))).toMatch(/ledger_entries_sign_check/);
    expect(await entriesOf(purchaseId)).toHaveLength(2);
  });

  it('when a purchase is paid for a course its buyer already had, then the educator ledger gets nothing', async () => {
    const { course } = await courseOfNewEducator(ctx, { price: 10, discount: 0 });
    const buyer = await ctx.createUser();
    await enrollDirectly(ctx.database.db, buyer.user.id, course.id);
    const row = await insertPurchaseRow(ctx.database.db, {
      userId: buyer.user.id,
      courseId: course.id,
      amount: '10.00',
      provider: 'stripe',
      status: 'pending',
    });
    await ctx.database.db
      .update(purchases)
      .set({ status: 'refund_pending' })
      .where(eq(purchases.id, row.id));
    expect(await entriesOf(row.id)).toEqual([]);
  });
});

describe('the educator balance', () => {
  it('when one sale is past its guarantee, one inside it and one voucher awaits payment, then available, pending and awaiting are apart', async () => {
    const { owner, course } = await courseOfNewEducator(ctx, { price: 30, discount: 0 });
    const db = ctx.database.db;
    const old = await ctx.createUser();
    const recent = await ctx.createUser();
    const waiting = await ctx.createUser();
    // Completed 8 days ago: the 7-day guarantee is over.
    await db.insert(purchases).values({
      userId: old.user.id,
      courseId: course.id,
      amount: '30.00',
      currency: 'aoa',
      provider: 'sandbox',
      status: 'completed',
      completedAt: new Date(Date.now() - 8 * DAY),
    });
    await db.insert(purchases).values({
      userId: recent.user.id,
      courseId: course.id,
      amount: '25.50',
      currency: 'aoa',
      provider: 'sandbox',
      status: 'completed',
      completedAt: new Date(),
    });
    await db.insert(purchases).values({
      userId: waiting.user.id,
      courseId: course.id,
      amount: '30.00',
      currency: 'aoa',
      provider: 'sandbox',
      status: 'awaiting_payment',
      method: 'pix',
      expiresAt: new Date(Date.now() + DAY),
    });

    const res = await request(ctx.app).get('/api/educator/dashboard').set(owner.auth).expect(200);
    const { dashboardData } = dashboardResponseSchema.parse(res.body);
    expect(dashboardData.balance).toEqual({
      gross: 55.5,
      platformFee: 0,
      available: 30,
      pending: 25.5,
      refunded: 0,
    });
    expect(dashboardData.totalEarnings).toBe(55.5);
    expect(dashboardData.awaitingPayment).toEqual({ count: 1, amount: 30 });

    const list = await request(ctx.app).get('/api/educator/courses').set(owner.auth).expect(200);
    expect(list.body.courses[0].earnings).toBe(55.5);
  });

  it('when guarantees end earlier today, later today, tomorrow and yesterday, then only those past the moment asked are available, refunds included', async () => {
    const { owner, course } = await courseOfNewEducator(ctx, { price: 10, discount: 0 });
    const db = ctx.database.db;
    const now = new Date('2031-03-14T12:00:00.000Z');
    const HOUR = 60 * 60 * 1000;
    const sale = async (amount: string, endsIn: number) => {
      const buyer = await ctx.createUser();
      const [row] = await db
        .insert(purchases)
        .values({
          userId: buyer.user.id,
          courseId: course.id,
          amount,
          currency: 'aoa',
          provider: 'sandbox',
          status: 'completed',
          completedAt: new Date(now.getTime() + endsIn - 7 * DAY),
          refundableUntil: new Date(now.getTime() + endsIn),
        })
        .returning({ id: purchases.id });
      return row!.id;
    };
    await sale('1.00', -DAY); // yesterday: available
    await sale('2.00', -3 * HOUR); // earlier today: available
    await sale('4.00', 3 * HOUR); // later today: pending
    await sale('8.00', DAY); // tomorrow: pending
    const refunded = await sale('16.00', 11 * HOUR + 59 * 60 * 1000); // 23:59 today: pending
    await db.update(purchases).set({ status: 'refunded' }).where(eq(purchases.id, refunded));

    const at = async (moment: Date) => (await getEducatorTotals(db, owner.user.id, moment)).balance;
    expect(await at(now)).toEqual({
      gross: '31.00',
      platformFee: '0.00',
      available: '3.00',
      pending: '12.00',
      refunded: '16.00',
    });
    // Just before and after a guarantee ends within today, and past midnight.
    expect((await at(new Date(now.getTime() + 3 * HOUR - 1))).available).toBe('3.00');
    expect((await at(new Date(now.getTime() + 3 * HOUR))).available).toBe('7.00');
    expect(await at(new Date(now.getTime() + 2 * DAY))).toMatchObject({
      available: '15.00',
      pending: '0.00',
      refunded: '16.00',
    });
    // The running sums agree with the movements themselves at every moment asked.
    for (const moment of [now, new Date(now.getTime() + 13 * HOUR), new Date(0)]) {
      const [raw] = await db
        .select({
          available: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.availableAt} <= ${moment.toISOString()}), 0)::numeric(14, 2)::text`,
          pending: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.availableAt} > ${moment.toISOString()}), 0)::numeric(14, 2)::text`,
        })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.courseId, course.id));
      expect(await at(moment)).toMatchObject(raw!);
    }
  });

  it('when the price changes after a sale, then My Courses shows what the buyer paid, as the dashboard does', async () => {
    const { owner, course } = await courseOfNewEducator(ctx, { price: 12, discount: 0 });
    await buyInSandbox(course.id);
    await ctx.database.db.update(courses).set({ price: '14.00' }).where(eq(courses.id, course.id));

    const list = await request(ctx.app).get('/api/educator/courses').set(owner.auth).expect(200);
    const dashboard = await request(ctx.app).get('/api/educator/dashboard').set(owner.auth);
    expect(list.body.courses[0].earnings).toBe(12);
    expect(dashboard.body.dashboardData.totalEarnings).toBe(12);
    const [sum] = await ctx.database.db
      .select({ total: sql<string>`sum(${ledgerEntries.amount})::text` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.courseId, course.id));
    expect(sum!.total).toBe('12.00');
  });
});

describe('the platform fee', () => {
  let feeCtx: TestContext;
  beforeAll(async () => {
    feeCtx = await createTestContext({ PLATFORM_FEE_PERCENT: '9.9' });
  });
  afterAll(() => feeCtx.close());

  it('when a R$ 20 sale completes at a 9.9 % fee, then the ledger holds gross 20, fee 1.98 and net 18.02, and the dashboard shows all three; a refund takes the net back', async () => {
    const { owner, course } = await courseOfNewEducator(feeCtx, { price: 20, discount: 0 });
    const buyer = await feeCtx.createUser();
    const start = await request(feeCtx.app)
      .post('/api/user/purchase')
      .set(buyer.auth)
      .send({ courseId: course.id })
      .expect(200);
    const purchaseId = String(start.body.session_url).split('/').pop()!;
    await request(feeCtx.app)
      .post(`/api/payments/sandbox/${purchaseId}/complete`)
      .set(buyer.auth)
      .expect(200);

    const db = feeCtx.database.db;
    const [purchase] = await db.select().from(purchases).where(eq(purchases.id, purchaseId));
    expect(purchase).toMatchObject({ amount: '20.00', platformFee: '1.98' });
    const entries = await db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.purchaseId, purchaseId))
      .orderBy(asc(ledgerEntries.id));
    expect(entries).toEqual([
      { kind: 'sale', amount: '20.00' },
      { kind: 'fee', amount: '-1.98' },
    ]);

    const dashboard = async () => {
      const res = await request(feeCtx.app)
        .get('/api/educator/dashboard')
        .set(owner.auth)
        .expect(200);
      return dashboardResponseSchema.parse(res.body).dashboardData;
    };
    const sold = await dashboard();
    expect(sold.balance).toEqual({
      gross: 20,
      platformFee: 1.98,
      available: 0,
      pending: 18.02,
      refunded: 0,
    });
    expect(sold.totalEarnings).toBe(18.02);

    await applyPurchaseSignal(db, purchaseId, { type: 'refund_requested', reason: null });
    const refunded = await dashboard();
    expect(refunded.balance).toMatchObject({ gross: 20, platformFee: 1.98, refunded: 18.02 });
    expect(refunded.totalEarnings).toBe(0);
  });
});
