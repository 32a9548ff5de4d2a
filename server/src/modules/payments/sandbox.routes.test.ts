import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { purchases } from '../../db/schema/purchases';
import { createTestContext, type TestContext } from '../../test/test-app';
import { courseOfNewEducator } from '../../test/fixtures/enrollment-fixtures';

// The sandbox's stand-ins for the provider's word, one table of action → function → message.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function buy(body: Record<string, unknown>) {
  const { course } = await courseOfNewEducator(ctx, { price: 30, discount: 0 });
  const buyer = await ctx.createUser();
  const res = await request(ctx.app)
    .post('/api/user/purchase')
    .set(buyer.auth)
    .send({ courseId: course.id, ...body })
    .expect(200);
  const [row] = await ctx.database.db
    .select()
    .from(purchases)
    .where(eq(purchases.userId, buyer.user.id));
  expect(res.body.session_url).toBeTruthy();
  return { buyer, purchaseId: row!.id };
}

function act(action: string, purchase: { purchaseId: string; buyer: { auth: object } }) {
  return request(ctx.app)
    .post(`/api/payments/sandbox/${purchase.purchaseId}/${action}`)
    .set(purchase.buyer.auth as Record<string, string>);
}

async function statusOf(purchaseId: string) {
  const [row] = await ctx.database.db.select().from(purchases).where(eq(purchases.id, purchaseId));
  return row!.status;
}

describe('POST /api/payments/sandbox/:purchaseId/<action>', () => {
  it('when each stand-in is called on a purchase it applies to, then it answers its own message and the purchase moves as the provider would have moved it', async () => {
    const declined = await buy({ method: 'multicaixa_express', phone: '923 456 781' });
    const fail = await act('fail', declined).expect(200);
    expect(fail.body).toMatchObject({ success: true, message: 'Pagamento recusado' });
    expect(await statusOf(declined.purchaseId)).toBe('failed');

    const lapsed = await buy({ method: 'multicaixa_express', phone: '923 456 782' });
    const timeOut = await act('time-out', lapsed).expect(200);
    expect(timeOut.body).toMatchObject({ success: true, message: 'Pagamento expirado' });
    expect(await statusOf(lapsed.purchaseId)).toBe('expired');

    const voucher = await buy({ method: 'reference' });
    const paid = await act('complete', voucher).expect(200);
    expect(paid.body).toMatchObject({ message: 'Pagamento concluído. Bons estudos!' });
    expect(await statusOf(voucher.purchaseId)).toBe('completed');

    const card = await buy({});
    const cancelled = await act('cancel', card).expect(200);
    expect(cancelled.body).toMatchObject({ success: true, message: 'Pagamento cancelado' });
    expect(await statusOf(card.purchaseId)).toBe('failed');

    const cardPaid = await buy({});
    await act('complete', cardPaid).expect(200);
    expect(await statusOf(cardPaid.purchaseId)).toBe('completed');
  });

  it('when an action is not one of the table, or the purchase is someone else’s, then 404 and nothing moves', async () => {
    const purchase = await buy({ method: 'reference' });
    expect((await act('refund', purchase)).status).toBe(404);
    const stranger = await ctx.createUser();
    const res = await act('complete', { purchaseId: purchase.purchaseId, buyer: stranger });
    expect(res.status).toBe(404);
    expect(await statusOf(purchase.purchaseId)).toBe('awaiting_payment');
  });
});
