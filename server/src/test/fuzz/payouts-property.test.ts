import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import request from 'supertest';
import { eq, inArray, sql } from 'drizzle-orm';
import { dashboardResponseSchema } from '@aprendiz/contract/educator';
import { balanceResponseSchema } from '@aprendiz/contract/payouts';
import { marketMonth } from '@aprendiz/contract/rules/payouts';
import { ledgerEntries } from '../../db/schema/ledger';
import { payoutEntries, payouts } from '../../db/schema/payouts';
import { purchases } from '../../db/schema/purchases';
import { createTestContext, type TestContext } from '../test-app';
import { insertCourse } from '../fixtures/course-fixtures';
import { PIX_PROFILE } from '../fixtures/payout-fixtures';

const OPS_TOKEN = 'ops-token-for-the-payout-property-012345';
const ops = { Authorization: `Bearer ${OPS_TOKEN}` };
const DAY = 24 * 60 * 60 * 1000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ CURRENCY: 'brl', OPS_TOKEN });
});
afterAll(() => ctx.close());

const stepArb = fc.oneof(
  fc.record({
    kind: fc.constant('sale' as const),
    priceCents: fc.integer({ min: 100, max: 40_000 }),
    couponPercent: fc.constantFrom(0, 0, 10, 50),
    daysAgo: fc.integer({ min: 0, max: 40 }),
    method: fc.constantFrom('card', 'pix', 'boleto' as const),
  }),
  fc.record({ kind: fc.constant('refund' as const), sale: fc.nat() }),
  fc.record({ kind: fc.constant('chargeback' as const), sale: fc.nat() }),
  fc.record({ kind: fc.constant('withdraw' as const), share: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('approve' as const) }),
  fc.record({ kind: fc.constant('paid' as const) }),
  fc.record({ kind: fc.constant('failed' as const) }),
);

describe('educator money (property)', () => {
  it('after any sequence of sales, coupons, refunds, withdrawals, payments and failures: available + pending + in withdrawal + paid out − debit = the ledger, the balance equals the statement and the dashboard, and the payouts ledger reconciles', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 10 }), async (steps) => {
        const db = ctx.database.db;
        const owner = await ctx.createUser({ role: 'educator' });
        const course = await insertCourse(db, owner.user.id, { guaranteeDays: 7 });
        await request(ctx.app)
          .put('/api/educator/payout-profile')
          .set(owner.auth)
          .send(PIX_PROFILE);
        const sales: { id: string; buyerAuth: Record<string, string> }[] = [];
        let open: string | null = null;

        for (const step of steps) {
          switch (step.kind) {
            case 'sale': {
              const buyer = await ctx.createUser();
              const net =
                step.priceCents - Math.round((step.priceCents * step.couponPercent) / 100);
              const [row] = await db
                .insert(purchases)
                .values({
                  userId: buyer.user.id,
                  courseId: course.id,
                  amount: (net / 100).toFixed(2),
                  listAmount: step.couponPercent ? (step.priceCents / 100).toFixed(2) : null,
                  currency: 'brl',
                  provider: 'sandbox',
                  method: step.method,
                  status: 'completed',
                  completedAt: new Date(Date.now() - step.daysAgo * DAY),
                })
                .returning();
              sales.push({ id: row!.id, buyerAuth: buyer.auth });
              break;
            }
            case 'refund':
              if (sales.length > 0) {
                const sale = sales[step.sale % sales.length]!;
                await request(ctx.app)
                  .post(`/api/payments/${sale.id}/refund`)
                  .set(sale.buyerAuth)
                  .send({});
              }
              break;
            case 'chargeback':
              // Money taken back after the guarantee (a dispute): the ledger's refund all the same.
              if (sales.length > 0) {
                await db
                  .update(purchases)
                  .set({ status: 'refunded', refundedAt: new Date() })
                  .where(
                    sql`${purchases.id} = ${sales[step.sale % sales.length]!.id} and ${purchases.status} = 'completed'`,
                  );
              }
              break;
            case 'withdraw': {
              const before = balanceResponseSchema.parse(
                (await request(ctx.app).get('/api/educator/balance').set(owner.auth)).body,
              ).balance;
              const amount = Math.round(before.available * step.share) / 100;
              const res = await request(ctx.app)
                .post('/api/educator/payouts')
                .set(owner.auth)
                .send({ amount: Math.max(amount, 0.01) });
              const expected =
                open !== null
                  ? 409
                  : amount < before.minimum
                    ? 400
                    : amount > before.available
                      ? 400
                      : 201;
              expect(res.status).toBe(expected);
              if (res.status === 201) open = res.body.payout._id as string;
              break;
            }
            case 'approve':
              if (open) await request(ctx.app).post(`/api/ops/payouts/${open}/approve`).set(ops);
              break;
            case 'paid':
            case 'failed':
              if (open) {
                const res = await request(ctx.app)
                  .post(`/api/ops/payouts/${open}/${step.kind}`)
                  .set(ops)
                  .send(
                    step.kind === 'paid' ? { reference: 'REF' } : { reason: 'Conta encerrada' },
                  );
                if (res.status === 200) open = null;
              }
              break;
          }

          const balance = balanceResponseSchema.parse(
            (await request(ctx.app).get('/api/educator/balance').set(owner.auth)).body,
          ).balance;
          const cents = (n: number) => Math.round(n * 100);
          const pending = balance.pending.reduce((s, p) => s + cents(p.amount), 0);
          const [ledger] = await db
            .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
            .from(ledgerEntries)
            .where(eq(ledgerEntries.courseId, course.id));
          const ledgerCents = cents(Number(ledger!.total));
          expect(balance.available).toBeGreaterThanOrEqual(0);
          expect(balance.debit).toBeGreaterThanOrEqual(0);
          expect(
            cents(balance.available) +
              pending +
              cents(balance.inWithdrawal) +
              cents(balance.paidOut) -
              cents(balance.debit),
          ).toBe(ledgerCents);

          // The payouts' own ledger: every reserve is paid, failed or still on its way.
          const mine = await db.select().from(payouts).where(eq(payouts.educatorId, owner.user.id));
          const entries = await db
            .select({
              kind: payoutEntries.kind,
              total: sql<string>`sum(${payoutEntries.amount})::text`,
            })
            .from(payoutEntries)
            .where(inArray(payoutEntries.educatorId, [owner.user.id]))
            .groupBy(payoutEntries.kind);
          const byKind = (k: string) =>
            cents(Number(entries.find((e) => e.kind === k)?.total ?? 0));
          const onTheWay = mine
            .filter((p) => p.status === 'requested' || p.status === 'approved')
            .reduce((s, p) => s + cents(Number(p.amount)), 0);
          expect(byKind('reserve')).toBe(byKind('paid') + byKind('failed') + onTheWay);
          expect(byKind('paid')).toBe(cents(balance.paidOut));

          // The statement of this month closes at what the balance holds.
          const statement = await request(ctx.app)
            .get(`/api/educator/statements/${marketMonth(new Date(), 'brl')}`)
            .set(owner.auth);
          expect(cents(statement.body.statement.closing)).toBe(
            cents(balance.available) + pending - cents(balance.debit),
          );

          // The dashboard's earnings are the same ledger.
          const dashboard = dashboardResponseSchema.parse(
            (await request(ctx.app).get('/api/educator/dashboard').set(owner.auth)).body,
          ).dashboardData;
          expect(cents(dashboard.totalEarnings)).toBe(ledgerCents);
        }
      }),
      { numRuns: 12 },
    );
  }, 300_000);
});
