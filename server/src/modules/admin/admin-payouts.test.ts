import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/staff';
import { payouts } from '../../db/schema/payouts';
import { notifications } from '../../db/schema/notifications';
import { createStaff } from '../../test/fixtures/staff-fixtures';
import { askedPayout } from '../../test/fixtures/payout-fixtures';
import { createTestContext, type TestContext } from '../../test/test-app';

/** The console's 'Repasses': the payouts issue's operator actions, for admins, each audited. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ CURRENCY: 'brl' });
});
afterAll(() => ctx.close());

async function statusOf(payoutId: string) {
  const [row] = await ctx.database.db.select().from(payouts).where(eq(payouts.id, payoutId));
  return row!.status;
}

async function auditOf(targetId: string) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, targetId))
    .orderBy(auditLog.id);
}

describe('payouts in the console', () => {
  it('when an admin approves, exports and marks a withdrawal paid, then each step is audited, the CSV has the full key, and the educator is told', async () => {
    const admin = await createStaff(ctx, 'admin');
    const { educator, payoutId } = await askedPayout(ctx);

    const overview = await request(ctx.app).get('/api/admin/overview').set(admin.auth);
    expect(overview.body.overview.payoutsOpen).toBeGreaterThanOrEqual(1);
    const listed = await request(ctx.app)
      .get('/api/admin/payouts?status=requested')
      .set(admin.auth);
    expect(listed.status).toBe(200);
    expect(listed.body.payouts).toContainEqual(
      expect.objectContaining({
        _id: payoutId,
        status: 'requested',
        amount: 150,
        educatorId: educator.user.id,
        educatorEmail: educator.user.email,
      }),
    );
    // Listed masked: the full key leaves only through the audited export.
    expect(JSON.stringify(listed.body)).not.toContain('52998224725');

    const approved = await request(ctx.app)
      .post(`/api/admin/payouts/${payoutId}/approve`)
      .set(admin.auth);
    expect(approved.status).toBe(200);
    expect(approved.body.payout.status).toBe('approved');

    const csv = await request(ctx.app)
      .get('/api/admin/payouts/export.csv?rail=pix')
      .set(admin.auth);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text.split('\r\n').find((line) => line.includes(payoutId))).toContain('52998224725');

    const paid = await request(ctx.app)
      .post(`/api/admin/payouts/${payoutId}/paid`)
      .set(admin.auth)
      .send({ reference: 'E2026112812345' });
    expect(paid.status).toBe(200);
    expect(await statusOf(payoutId)).toBe('paid');

    expect(
      (await auditOf(payoutId)).map((row) => ({
        action: row.action,
        actorId: row.actorId,
        before: row.before,
        after: row.after,
      })),
    ).toEqual([
      {
        action: 'payout.approve',
        actorId: admin.user.id,
        before: { status: 'requested' },
        after: { status: 'approved' },
      },
      {
        action: 'payout.paid',
        actorId: admin.user.id,
        before: { status: 'approved' },
        after: { status: 'paid', reference: 'E2026112812345' },
      },
    ]);
    const exported = await auditOf('pix');
    expect(exported.at(-1)).toMatchObject({ action: 'payout.export', actorId: admin.user.id });
    const bell = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.subjectId, payoutId));
    expect(bell.map((n) => n.kind)).toEqual(['payout_paid']);
  });

  it('when an admin marks an approved withdrawal failed with a reason, then the money is back in the balance and the move is audited', async () => {
    const admin = await createStaff(ctx, 'admin');
    const { educator, payoutId } = await askedPayout(ctx);
    await request(ctx.app).post(`/api/admin/payouts/${payoutId}/approve`).set(admin.auth);
    const failed = await request(ctx.app)
      .post(`/api/admin/payouts/${payoutId}/failed`)
      .set(admin.auth)
      .send({ reason: 'Chave Pix não existe' });
    expect(failed.status).toBe(200);
    expect(failed.body.payout).toMatchObject({
      status: 'failed',
      failureReason: 'Chave Pix não existe',
    });
    const balance = await request(ctx.app).get('/api/educator/balance').set(educator.auth);
    expect(balance.body.balance).toMatchObject({ available: 150, inWithdrawal: 0 });
    expect((await auditOf(payoutId)).map((row) => row.action)).toEqual([
      'payout.approve',
      'payout.failed',
    ]);
  });

  it('when a move is refused (paid before approval, an empty reference, an unknown id), then a Portuguese 4xx, nothing moves and no audit row is written', async () => {
    const admin = await createStaff(ctx, 'admin');
    const { payoutId } = await askedPayout(ctx);
    const early = await request(ctx.app)
      .post(`/api/admin/payouts/${payoutId}/paid`)
      .set(admin.auth)
      .send({ reference: 'E1' });
    expect(early.status).toBe(409);
    const empty = await request(ctx.app)
      .post(`/api/admin/payouts/${payoutId}/paid`)
      .set(admin.auth)
      .send({ reference: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Informe a referência do banco');
    const unknown = await request(ctx.app)
      .post('/api/admin/payouts/not-a-payout/approve')
      .set(admin.auth);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Saque não encontrado');
    const badRail = await request(ctx.app)
      .get('/api/admin/payouts/export.csv?rail=cheque')
      .set(admin.auth);
    expect(badRail.status).toBe(400);
    expect(await statusOf(payoutId)).toBe('requested');
    expect(await auditOf(payoutId)).toEqual([]);
  });
});
