import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { analyticsResponseSchema, dashboardResponseSchema } from '@aprendiz/contract/educator';
import { lectureProgress } from '../../db/schema/lecture-progress';
import { purchases } from '../../db/schema/purchases';
import { createTestContext, type TestContext } from '../../test/test-app';
import { enrollDirectly, insertCourse } from '../../test/fixtures/course-fixtures';
import { courseOfNewEducator } from '../../test/fixtures/enrollment-fixtures';
import { ANALYTICS_COURSES_LIMIT } from './analytics.repository';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const today = () => new Date().toISOString().slice(0, 10);
const DAY = 24 * 60 * 60 * 1000;

type Person = Awaited<ReturnType<TestContext['createUser']>>;

/** A buyer enrolled and their completed purchase, both dated `at`, as a completion leaves them. */
async function soldAt(courseId: string, amount: string, at: Date) {
  const buyer = await ctx.createUser();
  await enrollDirectly(ctx.database.db, buyer.user.id, courseId, at);
  const [purchase] = await ctx.database.db
    .insert(purchases)
    .values({
      userId: buyer.user.id,
      courseId,
      amount,
      currency: 'aoa',
      status: 'completed',
      provider: 'sandbox',
      completedAt: at,
    })
    .returning();
  return { buyer, purchaseId: purchase!.id };
}

/** The buyer's refund through the API, waited for until the sandbox has settled it. */
async function refund(buyer: Person, purchaseId: string) {
  await request(ctx.app).post(`/api/payments/${purchaseId}/refund`).set(buyer.auth).expect(200);
  await expect
    .poll(
      async () => {
        const [row] = await ctx.database.db
          .select({ status: purchases.status })
          .from(purchases)
          .where(eq(purchases.id, purchaseId));
        return row!.status;
      },
      { timeout: 10_000 },
    )
    .toBe('refunded');
}

async function trendsAndTotalEarnings(owner: Person) {
  const trends = await request(ctx.app).get('/api/educator/analytics').set(owner.auth).expect(200);
  const dashboard = await request(ctx.app)
    .get('/api/educator/dashboard')
    .set(owner.auth)
    .expect(200);
  const { series } = analyticsResponseSchema.parse(trends.body).analytics;
  const { dashboardData } = dashboardResponseSchema.parse(dashboard.body);
  const cents = series.reduce((sum, d) => sum + Math.round(d.earnings * 100), 0);
  return {
    day: (date: Date) => series.find((d) => d.date === date.toISOString().slice(0, 10)),
    seriesSum: cents / 100,
    totalEarnings: dashboardData.totalEarnings,
    refunded: dashboardData.balance.refunded,
  };
}

describe('GET /api/educator/analytics', () => {
  it("when the owner asks, then today's enrollments and earnings, and per course its completion rate and drop-off lecture", async () => {
    const db = ctx.database.db;
    const owner = await ctx.createUser({ role: 'educator' });
    const other = await ctx.createUser({ role: 'educator' });
    // Three lectures: lec-1, lec-2, lec-3.
    const course = await insertCourse(db, owner.user.id, { title: 'Com alunos' });
    const empty = await insertCourse(db, owner.user.id, { title: 'Sem alunos', content: [] });
    const foreign = await insertCourse(db, other.user.id, { title: 'Alheio' });
    const learners = await Promise.all([1, 2, 3, 4].map(() => ctx.createUser()));
    for (const { user } of learners) await enrollDirectly(db, user.id, course.id);
    await enrollDirectly(db, learners[0]!.user.id, foreign.id);
    await db.insert(purchases).values(
      learners.slice(0, 2).map(({ user }) => ({
        userId: user.id,
        courseId: course.id,
        amount: '16.99',
        currency: 'usd',
        status: 'completed' as const,
        provider: 'sandbox' as const,
        completedAt: new Date(),
      })),
    );
    // One learner finishes; two stop after lec-1; one never starts.
    const complete = (index: number, lectureIds: string[]) =>
      db.insert(lectureProgress).values(
        lectureIds.map((lectureId) => ({
          userId: learners[index]!.user.id,
          courseId: course.id,
          lectureId,
        })),
      );
    await complete(0, ['lec-1', 'lec-2', 'lec-3']);
    await complete(1, ['lec-1']);
    await complete(2, ['lec-1']);

    const res = await request(ctx.app).get('/api/educator/analytics?days=30').set(owner.auth);

    expect(res.status).toBe(200);
    const { analytics } = analyticsResponseSchema.parse(res.body);
    expect(analytics.series).toHaveLength(30);
    expect(analytics.series.at(-1)).toEqual({ date: today(), enrollments: 4, earnings: 33.98 });
    expect(analytics.series.slice(0, -1).every((d) => d.enrollments === 0)).toBe(true);
    // Most learners first.
    expect(analytics.courses).toEqual([
      {
        courseId: course.id,
        courseTitle: 'Com alunos',
        completionRate: 25,
        dropOffLecture: { lectureId: 'lec-2', lectureTitle: 'Instalação', learners: 2 },
      },
      { courseId: empty.id, courseTitle: 'Sem alunos', completionRate: 0, dropOffLecture: null },
    ]);

    const ninety = await request(ctx.app).get('/api/educator/analytics?days=90').set(owner.auth);
    expect(analyticsResponseSchema.parse(ninety.body).analytics.series).toHaveLength(90);
    const byDefault = await request(ctx.app).get('/api/educator/analytics').set(owner.auth);
    expect(analyticsResponseSchema.parse(byDefault.body).analytics.series).toHaveLength(30);
  });

  it("when a sale is refunded on a later day, then the series sums to the dashboard's Total Earnings: the sale's day loses its amount and enrollment, the refund's day is unchanged", async () => {
    const { owner, course } = await courseOfNewEducator(ctx, { price: 20, discount: 0 });
    const threeDaysAgo = new Date(Date.now() - 3 * DAY);
    const twoDaysAgo = new Date(Date.now() - 2 * DAY);
    const given = await soldAt(course.id, '20.00', threeDaysAgo);
    await soldAt(course.id, '15.00', twoDaysAgo);
    const before = await trendsAndTotalEarnings(owner);
    expect(before.day(threeDaysAgo)).toMatchObject({ enrollments: 1, earnings: 20 });
    expect([before.seriesSum, before.totalEarnings]).toEqual([35, 35]);

    // Asked today, then settled by the queue: refund_pending, then refunded.
    await refund(given.buyer, given.purchaseId);

    const after = await trendsAndTotalEarnings(owner);
    expect(after.seriesSum).toBe(15);
    expect(after.totalEarnings).toBe(15);
    expect(after.refunded).toBe(20);
    expect(after.day(threeDaysAgo)).toMatchObject({ enrollments: 0, earnings: 0 });
    expect(after.day(twoDaysAgo)).toMatchObject({ enrollments: 1, earnings: 15 });
    expect(after.day(new Date())).toMatchObject({ enrollments: 0, earnings: 0 });
  });

  it("when a sale is refunded on the day it was made, then that day keeps only the day's other sale and the series sums to Total Earnings", async () => {
    const { owner, course } = await courseOfNewEducator(ctx, { price: 20, discount: 0 });
    const now = new Date();
    const given = await soldAt(course.id, '20.00', now);
    await soldAt(course.id, '12.50', now);

    await refund(given.buyer, given.purchaseId);

    const after = await trendsAndTotalEarnings(owner);
    expect(after.day(now)).toMatchObject({ enrollments: 1, earnings: 12.5 });
    expect([after.seriesSum, after.totalEarnings, after.refunded]).toEqual([12.5, 12.5, 20]);
  });

  it('when the learner who finished is refunded, then completion and drop-off describe the learners enrolled now, and their progress counts again if they buy again', async () => {
    const db = ctx.database.db;
    const owner = await ctx.createUser({ role: 'educator' });
    const course = await insertCourse(db, owner.user.id, { title: 'Reembolsado' });
    const first = await soldAt(course.id, '20.00', new Date());
    await db.insert(lectureProgress).values(
      ['lec-1', 'lec-2', 'lec-3'].map((lectureId) => ({
        userId: first.buyer.user.id,
        courseId: course.id,
        lectureId,
      })),
    );
    const second = await ctx.createUser();
    await enrollDirectly(db, second.user.id, course.id);
    const describe = async () => {
      const res = await request(ctx.app).get('/api/educator/analytics').set(owner.auth).expect(200);
      return analyticsResponseSchema
        .parse(res.body)
        .analytics.courses.find((entry) => entry.courseId === course.id);
    };
    expect(await describe()).toMatchObject({ completionRate: 50 });

    await refund(first.buyer, first.purchaseId);

    // Only the learner who watched nothing is left: nobody finished, and they stop at the start.
    expect(await describe()).toMatchObject({
      completionRate: 0,
      dropOffLecture: { lectureId: 'lec-1', learners: 1 },
    });

    await enrollDirectly(db, first.buyer.user.id, course.id);
    expect(await describe()).toMatchObject({
      completionRate: 50,
      dropOffLecture: { lectureId: 'lec-1', learners: 1 },
    });
  });

  it(`when an educator has more than ${ANALYTICS_COURSES_LIMIT} courses, then the ${ANALYTICS_COURSES_LIMIT} with the most learners are described`, async () => {
    const { user, auth } = await ctx.createUser({ role: 'educator' });
    for (let i = 0; i <= ANALYTICS_COURSES_LIMIT; i++) {
      await insertCourse(ctx.database.db, user.id, { title: `Curso ${i}`, studentCount: i });
    }

    const res = await request(ctx.app).get('/api/educator/analytics').set(auth);

    const { analytics } = analyticsResponseSchema.parse(res.body);
    expect(analytics.courses).toHaveLength(ANALYTICS_COURSES_LIMIT);
    expect(analytics.courses[0]!.courseTitle).toBe(`Curso ${ANALYTICS_COURSES_LIMIT}`);
    expect(analytics.courses.map((c) => c.courseTitle)).not.toContain('Curso 0');
  });

  it('when another educator asks, then only their own figures', async () => {
    const owner = await ctx.createUser({ role: 'educator' });
    const other = await ctx.createUser({ role: 'educator' });
    const { user } = await ctx.createUser();
    const course = await insertCourse(ctx.database.db, owner.user.id);
    await enrollDirectly(ctx.database.db, user.id, course.id);

    const res = await request(ctx.app).get('/api/educator/analytics').set(other.auth);

    expect(res.status).toBe(200);
    const { analytics } = analyticsResponseSchema.parse(res.body);
    expect(analytics.courses).toEqual([]);
    expect(analytics.series.every((d) => d.enrollments === 0 && d.earnings === 0)).toBe(true);
  });

  it('when anonymous or a student asks, then 401 and 403', async () => {
    const student = await ctx.createUser();
    expect((await request(ctx.app).get('/api/educator/analytics')).status).toBe(401);
    expect((await request(ctx.app).get('/api/educator/analytics').set(student.auth)).status).toBe(
      403,
    );
  });

  it('when the period is not 30 or 90, then 400 in Portuguese', async () => {
    const { auth } = await ctx.createUser({ role: 'educator' });
    for (const query of ['days=7', 'days=abc', 'days=30&days=90', 'days=']) {
      const res = await request(ctx.app).get(`/api/educator/analytics?${query}`).set(auth);
      expect(res.status, query).toBe(400);
      expect(res.body).toEqual({ success: false, message: 'O período deve ser 30 ou 90 dias' });
    }
  });
});
