import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import request from 'supertest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { PurchaseStatus } from '@aprendiz/contract/payments';
import { dashboardResponseSchema } from '@aprendiz/contract/educator';
import { ledgerEntries } from '../../db/schema/ledger';
import { purchases } from '../../db/schema/purchases';
import {
  applyPurchaseSignal,
  isAllowedTransition,
  openPurchase,
  platformFeeOf,
  type PurchaseSignal,
} from '../../modules/payments/lifecycle/purchase-lifecycle';
import { createTestContext, type TestContext } from '../test-app';
import { insertCourse } from '../fixtures/course-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const FEE_PERCENT = 9.9;
const PURCHASES = 3;

/** An amount in cents a purchase or a new attempt is priced at, with its fee at FEE_PERCENT. */
const priceArb = fc.integer({ min: 1, max: 200_000 });

/** One signal to one of the run's purchases: every kind, repeated and in any order. */
const stepArb = fc.record({
  purchase: fc.integer({ min: 0, max: PURCHASES - 1 }),
  signal: fc.oneof(
    fc.constant<PurchaseSignal>({ type: 'paid', paidRef: null }),
    fc.constant<PurchaseSignal>({ type: 'paid_for_owned', paidRef: null }),
    fc.constant<PurchaseSignal>({
      type: 'awaiting_money',
      method: 'boleto',
      expiresAt: new Date(Date.now() + 86_400_000),
    }),
    fc.constant<PurchaseSignal>({ type: 'abandoned' }),
    fc.constant<PurchaseSignal>({ type: 'refused' }),
    fc.constant<PurchaseSignal>({ type: 'not_issued' }),
    fc.constant<PurchaseSignal>({ type: 'lapsed' }),
    fc
      .record({ voucher: fc.boolean(), cents: priceArb })
      .map(({ voucher, cents }): PurchaseSignal => {
        const amount = (cents / 100).toFixed(2);
        return {
          type: 'new_attempt',
          voucher,
          attempt: {
            amount,
            platformFee: platformFeeOf(amount, 'brl', FEE_PERCENT),
            listAmount: null,
            couponId: null,
            currency: 'brl',
            method: voucher ? 'pix' : 'card',
            provider: 'sandbox',
            expiresAt: null,
          },
        };
      }),
    fc.constant<PurchaseSignal>({ type: 'refund_requested', reason: null }),
    fc.constant<PurchaseSignal>({ type: 'refund_settled' }),
  ),
  /** The same signal delivered twice in a row, as providers do. */
  twice: fc.boolean(),
});

const runArb = fc.record({
  prices: fc.array(priceArb, { minLength: PURCHASES, maxLength: PURCHASES }),
  steps: fc.array(stepArb, { minLength: 1, maxLength: 16 }),
});

const cents = (amount: string) => Math.round(Number(amount) * 100);

describe('the purchase lifecycle (property)', () => {
  it('after any sequence of signals (pay, fail, expire, late money, refunds, duplicates, out of order), every status change is in the table and the ledger equals the dashboard', async () => {
    await fc.assert(
      fc.asyncProperty(runArb, async ({ prices, steps }) => {
        const db = ctx.database.db;
        const owner = await ctx.createUser({ role: 'educator' });
        const course = await insertCourse(db, owner.user.id, { guaranteeDays: 7 });
        const ids: string[] = [];
        for (const price of prices) {
          const buyer = await ctx.createUser();
          const amount = (price / 100).toFixed(2);
          const opened = await openPurchase(db, {
            userId: buyer.user.id,
            courseId: course.id,
            amount,
            platformFee: platformFeeOf(amount, 'brl', FEE_PERCENT),
            currency: 'brl',
            provider: 'sandbox',
          });
          ids.push(opened!.id);
        }
        // The model: what each sale paid, its fee, and whether its net went back.
        const model = new Map<string, { gross: number; fee: number; refunded: boolean }>();

        for (const step of steps) {
          const id = ids[step.purchase]!;
          for (let delivery = 0; delivery < (step.twice ? 2 : 1); delivery++) {
            const [before] = await db.select().from(purchases).where(eq(purchases.id, id));
            const after = await applyPurchaseSignal(db, id, step.signal);
            const status: PurchaseStatus = after?.status ?? before!.status;
            expect(
              isAllowedTransition(before!.status, status),
              `${before!.status} → ${status}`,
            ).toBe(true);
            if (before!.status !== 'completed' && status === 'completed')
              model.set(id, {
                gross: cents(after!.amount),
                fee: cents(after!.platformFee),
                refunded: false,
              });
            if (before!.status === 'completed' && status === 'refund_pending')
              model.get(id)!.refunded = true;
          }
        }

        const sales = [...model.values()];
        const sum = (pick: (s: (typeof sales)[number]) => number) =>
          sales.reduce((total, s) => total + pick(s), 0);
        const gross = sum((s) => s.gross);
        const fees = sum((s) => s.fee);
        const refunded = sum((s) => (s.refunded ? s.gross - s.fee : 0));

        const dashboard = dashboardResponseSchema.parse(
          (await request(ctx.app).get('/api/educator/dashboard').set(owner.auth)).body,
        ).dashboardData;
        const [ledger] = await db
          .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
          .from(ledgerEntries)
          .where(inArray(ledgerEntries.purchaseId, ids));
        const shown = {
          gross: Math.round(dashboard.balance.gross * 100),
          fees: Math.round(dashboard.balance.platformFee * 100),
          refunded: Math.round(dashboard.balance.refunded * 100),
          net: Math.round(dashboard.totalEarnings * 100),
          balance: Math.round((dashboard.balance.available + dashboard.balance.pending) * 100),
        };
        expect(shown).toEqual({
          gross,
          fees,
          refunded,
          net: gross - fees - refunded,
          balance: gross - fees - refunded,
        });
        expect(cents(ledger!.total)).toBe(gross - fees - refunded);
      }),
      { numRuns: 15 },
    );
  }, 300_000);
});
