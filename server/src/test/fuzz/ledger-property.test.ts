import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import request from 'supertest';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  analyticsResponseSchema,
  dashboardResponseSchema,
  educatorCoursesResponseSchema,
} from '@aprendiz/contract/educator';
import { ledgerEntries } from '../../db/schema/ledger';
import { purchases } from '../../db/schema/purchases';
import { createTestContext, type TestContext } from '../test-app';
import { enrollDirectly, insertCourse } from '../fixtures/course-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60 * 1000;

/** A sale: which course, its price in cents, a coupon's cut in %, and how many days ago it completed. */
const saleArb = fc.record({
  kind: fc.constant('sale' as const),
  course: fc.integer({ min: 0, max: 1 }),
  priceCents: fc.integer({ min: 1, max: 500_000 }),
  couponPercent: fc.constantFrom(0, 0, 10, 50, 99),
  daysAgo: fc.integer({ min: 0, max: 40 }),
});
/** A refund asked of the n-th sale so far (modulo the sales there are). */
const refundArb = fc.record({ kind: fc.constant('refund' as const), sale: fc.nat() });
const runArb = fc.record({
  guarantee: fc.tuple(fc.integer({ min: 7, max: 30 }), fc.integer({ min: 7, max: 30 })),
  steps: fc.array(fc.oneof(saleArb, saleArb, refundArb), { minLength: 1, maxLength: 8 }),
});

interface ModelSale {
  purchaseId: string;
  course: number;
  buyerAuth: Record<string, string>;
  netCents: number;
  /** The UTC day it completed, YYYY-MM-DD. */
  day: string;
  availableAt: number;
  refunded: boolean;
}

describe('the ledger and the educator figures (property)', () => {
  it("after any sequence of sales, coupon sales and refunds, the dashboard, My Courses and the trends' daily earnings equal the ledger sums and a model of them, never below 0", async () => {
    await fc.assert(
      fc.asyncProperty(runArb, async ({ guarantee, steps }) => {
        const db = ctx.database.db;
        const owner = await ctx.createUser({ role: 'educator' });
        const courseRows = await Promise.all(
          guarantee.map((days) => insertCourse(db, owner.user.id, { guaranteeDays: days })),
        );
        const sales: ModelSale[] = [];
        for (const step of steps) {
          if (step.kind === 'sale') {
            const course = courseRows[step.course]!;
            const buyer = await ctx.createUser();
            await enrollDirectly(db, buyer.user.id, course.id);
            const netCents =
              step.priceCents - Math.round((step.priceCents * step.couponPercent) / 100);
            const completedAt = new Date(Date.now() - step.daysAgo * DAY);
            const [row] = await db
              .insert(purchases)
              .values({
                userId: buyer.user.id,
                courseId: course.id,
                amount: (netCents / 100).toFixed(2),
                listAmount: step.couponPercent ? (step.priceCents / 100).toFixed(2) : null,
                currency: 'aoa',
                provider: 'sandbox',
                status: 'completed',
                completedAt,
              })
              .returning();
            sales.push({
              purchaseId: row!.id,
              course: step.course,
              buyerAuth: buyer.auth,
              netCents,
              day: completedAt.toISOString().slice(0, 10),
              availableAt: completedAt.getTime() + guarantee[step.course]! * DAY,
              refunded: false,
            });
          } else if (sales.length > 0) {
            const sale = sales[step.sale % sales.length]!;
            const res = await request(ctx.app)
              .post(`/api/payments/${sale.purchaseId}/refund`)
              .set(sale.buyerAuth)
              .send({});
            const inWindow = Date.now() < sale.availableAt;
            if (!sale.refunded && inWindow) {
              expect(res.status).toBe(200);
              sale.refunded = true;
            } else {
              expect(res.status).toBe(409);
            }
          }
        }

        const now = Date.now();
        const live = sales.filter((s) => !s.refunded);
        const cents = (list: ModelSale[]) => list.reduce((sum, s) => sum + s.netCents, 0);
        const expected = {
          gross: cents(sales) / 100,
          platformFee: 0,
          available: cents(live.filter((s) => s.availableAt <= now)) / 100,
          pending: cents(live.filter((s) => s.availableAt > now)) / 100,
          refunded: cents(sales.filter((s) => s.refunded)) / 100,
        };
        const dashboard = dashboardResponseSchema.parse(
          (await request(ctx.app).get('/api/educator/dashboard').set(owner.auth)).body,
        ).dashboardData;
        expect(dashboard.balance).toEqual(expected);
        expect(Math.round(dashboard.totalEarnings * 100)).toBe(cents(live));

        const [ledger] = await db
          .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
          .from(ledgerEntries)
          .where(
            inArray(
              ledgerEntries.courseId,
              courseRows.map((c) => c.id),
            ),
          );
        expect(Math.round(Number(ledger!.total) * 100)).toBe(cents(live));

        const mine = educatorCoursesResponseSchema.parse(
          (await request(ctx.app).get('/api/educator/courses').set(owner.auth)).body,
        ).courses;
        courseRows.forEach((course, index) => {
          const earned = mine.find((c) => c._id === course.id)!.earnings;
          expect(earned).toBeGreaterThanOrEqual(0);
          expect(Math.round(earned * 100)).toBe(cents(live.filter((s) => s.course === index)));
        });

        // The trends count each sale on the day it completed until it is refunded, so over a period
        // holding every sale they sum to Total Earnings.
        const { series } = analyticsResponseSchema.parse(
          (await request(ctx.app).get('/api/educator/analytics?days=90').set(owner.auth)).body,
        ).analytics;
        for (const { date, earnings } of series) {
          expect(Math.round(earnings * 100), date).toBe(cents(live.filter((s) => s.day === date)));
        }
        expect(series.reduce((sum, d) => sum + Math.round(d.earnings * 100), 0)).toBe(
          Math.round(dashboard.totalEarnings * 100),
        );

        // Every purchase's movements sum to what it netted, or 0 once refunded.
        for (const sale of sales) {
          const [row] = await db
            .select({ total: sql<string>`sum(${ledgerEntries.amount})::text` })
            .from(ledgerEntries)
            .where(eq(ledgerEntries.purchaseId, sale.purchaseId));
          expect(Math.round(Number(row!.total) * 100)).toBe(sale.refunded ? 0 : sale.netCents);
        }
      }),
      { numRuns: 15 },
    );
  }, 300_000);
});
