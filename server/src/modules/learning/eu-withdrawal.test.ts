import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { enrollments } from '../../db/schema/enrollments';
import { purchases, type PurchaseRow } from '../../db/schema/purchases';
import { createTestContext, type TestContext } from '../../test/test-app';
import { LOCKED_URLS } from '../../test/fixtures/course-fixtures';
import { courseOfNewEducator } from '../../test/fixtures/enrollment-fixtures';
import { REFUND_WAIVED } from '../payments/refunds';

// The EU right of withdrawal, waived at checkout, ends at the first access to the content. A
// YouTube lecture's address plays anywhere, so handing every address out is that access.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ CURRENCY: 'eur' });
});
afterAll(() => ctx.close());

type Person = Awaited<ReturnType<TestContext['createUser']>>;

async function bought(euWaiver: boolean) {
  const { course } = await courseOfNewEducator(ctx, { price: 30, discount: 0 });
  const buyer = await ctx.createUser();
  const start = await request(ctx.app)
    .post('/api/user/purchase')
    .set(buyer.auth)
    .send({ courseId: course.id, euWaiver })
    .expect(200);
  const purchaseId = String(start.body.session_url).split('/').pop()!;
  await request(ctx.app)
    .post(`/api/payments/sandbox/${purchaseId}/complete`)
    .set(buyer.auth)
    .expect(200);
  const [purchase] = await ctx.database.db
    .select()
    .from(purchases)
    .where(eq(purchases.id, purchaseId));
  return { course, buyer, purchase: purchase! };
}

async function servedAt(buyer: Person, courseId: string) {
  const [row] = await ctx.database.db
    .select({ at: enrollments.lecturesServedAt })
    .from(enrollments)
    .where(and(eq(enrollments.userId, buyer.user.id), eq(enrollments.courseId, courseId)));
  return row!.at;
}

async function refundOffered(buyer: Person) {
  const list = await request(ctx.app).get('/api/user/enrolled-courses').set(buyer.auth).expect(200);
  // The refund is always described for a paid course; offered means the button shows.
  const refund = list.body.enrolledCourses[0].refund as { eligible: boolean } | null;
  return refund?.eligible ? refund : null;
}

function askRefund(buyer: Person, purchase: PurchaseRow) {
  return request(ctx.app).post(`/api/payments/${purchase.id}/refund`).set(buyer.auth).send({});
}

describe('lecture addresses and the EU right of withdrawal (CURRENCY=eur)', () => {
  it('when a buyer who waived opens the player, then its answer holds every address and no refund, and the refund is refused as if a lecture had played', async () => {
    const { course, buyer, purchase } = await bought(true);
    expect(await refundOffered(buyer)).not.toBeNull();
    expect(await servedAt(buyer, course.id)).toBeNull();

    const player = await request(ctx.app)
      .get(`/api/user/enrolled-courses/${course.id}`)
      .set(buyer.auth)
      .expect(200);

    const urls = player.body.enrolledCourse.courseContent.flatMap(
      (chapter: { chapterContent: { lectureUrl: string }[] }) =>
        chapter.chapterContent.map((lecture) => lecture.lectureUrl),
    );
    expect(urls).toEqual(expect.arrayContaining(LOCKED_URLS));
    expect(player.body.enrolledCourse.refund).toMatchObject({
      eligible: false,
      reason: REFUND_WAIVED,
    });
    const first = await servedAt(buyer, course.id);
    expect(first).not.toBeNull();
    // My Enrollments, cached per learner, follows at once.
    expect(await refundOffered(buyer)).toBeNull();
    const refund = await askRefund(buyer, purchase);
    expect([refund.status, refund.body.message]).toEqual([409, REFUND_WAIVED]);
    expect(
      (await ctx.database.db.select().from(purchases).where(eq(purchases.id, purchase.id)))[0]!
        .status,
    ).toBe('completed');

    // Only the first time counts: opening again does not move it.
    await request(ctx.app).get(`/api/user/enrolled-courses/${course.id}`).set(buyer.auth);
    expect(await servedAt(buyer, course.id)).toEqual(first);
  });

  it('when a buyer who waived opens the course page signed in, which also hands every address out, then the refund is refused too', async () => {
    const { course, buyer, purchase } = await bought(true);

    const page = await request(ctx.app).get(`/api/course/${course.id}`).set(buyer.auth).expect(200);

    expect(JSON.stringify(page.body.courseData.courseContent)).toContain(LOCKED_URLS[0]);
    expect(await servedAt(buyer, course.id)).not.toBeNull();
    const refund = await askRefund(buyer, purchase);
    expect([refund.status, refund.body.message]).toEqual([409, REFUND_WAIVED]);
  });

  it('when a buyer who did not waive opens the player, then the guarantee still stands and the refund goes through', async () => {
    const { course, buyer, purchase } = await bought(false);

    await request(ctx.app)
      .get(`/api/user/enrolled-courses/${course.id}`)
      .set(buyer.auth)
      .expect(200);

    expect(await refundOffered(buyer)).not.toBeNull();
    const refund = await askRefund(buyer, purchase);
    expect(refund.status).toBe(200);
  });

  it('when the educator views their own course, then nothing is marked (they hold no enrollment)', async () => {
    const { owner, course } = await courseOfNewEducator(ctx, { price: 30, discount: 0 });
    await request(ctx.app).get(`/api/course/${course.id}`).set(owner.auth).expect(200);
    expect(
      await ctx.database.db.select().from(enrollments).where(eq(enrollments.courseId, course.id)),
    ).toEqual([]);
  });
});
