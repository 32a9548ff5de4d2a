import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema/staff';
import { purchases } from '../../db/schema/purchases';
import { questions } from '../../db/schema/questions';
import { users } from '../../db/schema/users';
import { createStaff } from '../../test/fixtures/staff-fixtures';
import {
  owedManualRefund,
  paidLearner,
  reportedQuestion,
} from '../../test/fixtures/admin-fixtures';
import { createTestContext, type TestContext } from '../../test/test-app';
import { ALREADY_SUSPENDED, NOT_ON_YOURSELF, RECEIPT_ONLY_FOR_PAID } from './admin.service';
import { insertPurchaseRow } from '../../test/fixtures/purchase-fixtures';

const OPS_TOKEN = 'ops-token-long-enough-for-the-config-check';
const PASSWORD = 'correto-cavalo-bateria';
const BOSS = 'chefe@exemplo.com.br';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    AUTH_RATE_LIMIT_MAX: '10000',
    // Sign-ups and sign-ins through the API: the lowest scrypt cost the config allows.
    PASSWORD_HASH_COST: '12',
    OPS_TOKEN,
    ADMIN_EMAILS: ` ${BOSS.toUpperCase()} , outra@exemplo.com.br`,
  });
});
afterAll(() => ctx.close());

async function auditOf(targetId: string) {
  return ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
}

async function signUp(name: string, email = `pessoa-${randomUUID().slice(0, 8)}@exemplo.com.br`) {
  const res = await request(ctx.app)
    .post('/api/auth/sign-up')
    .send({ name, email, password: PASSWORD });
  expect(res.status).toBe(201);
  return {
    email,
    id: res.body.user._id as string,
    auth: { Authorization: `Bearer ${res.body.token as string}` },
  };
}

describe('people', () => {
  it('when support searches by e-mail, then the learner comes up, and their page shows the enrollment and the purchase with status, method and provider id', async () => {
    const support = await createStaff(ctx, 'support');
    const { buyer, course, purchase } = await paidLearner(ctx);
    const found = await request(ctx.app)
      .get(`/api/admin/users?q=${encodeURIComponent(buyer.user.email.toUpperCase())}`)
      .set(support.auth);
    expect(found.status).toBe(200);
    expect(found.body.users).toEqual([
      expect.objectContaining({ _id: buyer.user.id, email: buyer.user.email, suspended: false }),
    ]);
    // A wildcard typed into the search is a character, not "everyone".
    const wildcard = await request(ctx.app).get('/api/admin/users?q=%25%25').set(support.auth);
    expect(wildcard.body.users).toEqual([]);

    const page = await request(ctx.app).get(`/api/admin/users/${buyer.user.id}`).set(support.auth);
    expect(page.status).toBe(200);
    expect(page.body.person.enrollments).toEqual([
      expect.objectContaining({ courseId: course.id, courseTitle: course.title }),
    ]);
    expect(page.body.person.purchases).toEqual([
      expect.objectContaining({
        _id: purchase.id,
        status: 'completed',
        method: 'card',
        provider: 'stripe',
        providerRef: purchase.providerRef,
        amount: 49.9,
        currency: 'brl',
      }),
    ]);
    const unknown = await request(ctx.app).get('/api/admin/users/usr_nobody').set(support.auth);
    expect(unknown.status).toBe(404);
  });

  it('when an admin suspends a learner, then their session ends at once, sign-in says why, and one audit row records who, what, before, after and from where; reinstating lets them sign in again', async () => {
    const admin = await createStaff(ctx, 'admin');
    const learner = await signUp('Léo Spam');
    expect((await request(ctx.app).get('/api/user/data').set(learner.auth)).status).toBe(200);

    const res = await request(ctx.app)
      .post(`/api/admin/users/${learner.id}/suspend`)
      .set(admin.auth)
      .send({ reason: 'Spam repetido nas perguntas' });
    expect(res.status).toBe(200);
    expect(res.body.user.suspended).toBe(true);

    expect((await request(ctx.app).get('/api/user/data').set(learner.auth)).status).toBe(401);
    const signIn = await request(ctx.app)
      .post('/api/auth/sign-in')
      .send({ email: learner.email, password: PASSWORD });
    expect(signIn.status).toBe(403);
    expect(signIn.body.message).toContain('Spam repetido nas perguntas');
    expect(signIn.body.token).toBeUndefined();
    // A wrong password learns nothing about the suspension.
    const wrong = await request(ctx.app)
      .post('/api/auth/sign-in')
      .send({ email: learner.email, password: 'outra-senha-qualquer' });
    expect(wrong.status).toBe(401);

    const [row] = await auditOf(learner.id);
    expect(row).toMatchObject({
      actorId: admin.user.id,
      action: 'user.suspend',
      targetType: 'user',
      before: { suspended: false },
      after: { suspended: true, reason: 'Spam repetido nas perguntas' },
      address: expect.stringMatching(/127\.0\.0\.1|::1/),
    });

    const twice = await request(ctx.app)
      .post(`/api/admin/users/${learner.id}/suspend`)
      .set(admin.auth)
      .send({ reason: 'De novo' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(ALREADY_SUSPENDED);
    expect(await auditOf(learner.id)).toHaveLength(1);

    const back = await request(ctx.app)
      .post(`/api/admin/users/${learner.id}/reinstate`)
      .set(admin.auth);
    expect(back.status).toBe(200);
    const again = await request(ctx.app)
      .post('/api/auth/sign-in')
      .send({ email: learner.email, password: PASSWORD });
    expect(again.status).toBe(200);
    // Sessions from before the suspension stay ended.
    expect((await request(ctx.app).get('/api/user/data').set(learner.auth)).status).toBe(401);
    expect((await auditOf(learner.id)).map((r) => r.action)).toEqual([
      'user.suspend',
      'user.reinstate',
    ]);
  });

  it('when the audit row cannot be written, then the suspension is not written either', async () => {
    const admin = await createStaff(ctx, 'admin');
    const learner = await ctx.createUser();
    const db = ctx.database.db;
    await db.execute(
      // DDL takes no parameters; the id is one the test made.
      sql.raw(
        `alter table audit_log add constraint audit_test_refuses check (target_id <> '${learner.user.id}')`,
      ),
    );
    try {
      const res = await request(ctx.app)
        .post(`/api/admin/users/${learner.user.id}/suspend`)
        .set(admin.auth)
        .send({ reason: 'Teste de atomicidade' });
      expect(res.status).toBe(500);
    } finally {
      await db.execute(sql`alter table audit_log drop constraint audit_test_refuses`);
    }
    const [row] = await db.select().from(users).where(eq(users.id, learner.user.id));
    expect(row!.suspendedAt).toBeNull();
    expect(row!.sessionVersion).toBe(0);
  });

  it('when an admin makes someone support, then the role and its audit row are written; an admin cannot change or suspend their own account', async () => {
    const admin = await createStaff(ctx, 'admin');
    const person = await ctx.createUser();
    const res = await request(ctx.app)
      .post(`/api/admin/users/${person.user.id}/role`)
      .set(admin.auth)
      .send({ role: 'support' });
    expect(res.status).toBe(200);
    expect(res.body.user.staffRole).toBe('support');
    const [row] = await auditOf(person.user.id);
    expect(row).toMatchObject({
      action: 'user.role',
      actorId: admin.user.id,
      before: { staffRole: null },
      after: { staffRole: 'support' },
    });
    const revoke = await request(ctx.app)
      .post(`/api/admin/users/${person.user.id}/role`)
      .set(admin.auth)
      .send({ role: 'none' });
    expect(revoke.body.user.staffRole).toBeNull();

    for (const [path, body] of [
      ['role', { role: 'none' }],
      ['suspend', { reason: 'Eu mesmo' }],
    ] as const) {
      const own = await request(ctx.app)
        .post(`/api/admin/users/${admin.user.id}/${path}`)
        .set(admin.auth)
        .send(body);
      expect(own.status).toBe(409);
      expect(own.body.message).toBe(NOT_ON_YOURSELF);
    }
    expect(await auditOf(admin.user.id)).toHaveLength(0);
    const bad = await request(ctx.app)
      .post(`/api/admin/users/${person.user.id}/role`)
      .set(admin.auth)
      .send({ role: 'root' });
    expect(bad.status).toBe(400);
  });

  it('when an account named in ADMIN_EMAILS signs up, then it is an admin, by an audit row whose actor is the platform', async () => {
    const boss = await signUp('Chefe', BOSS);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, boss.id));
    expect(row!.staffRole).toBe('admin');
    const [audit] = await auditOf(boss.id);
    expect(audit).toMatchObject({
      actorId: null,
      action: 'user.role',
      after: { staffRole: 'admin', reason: 'ADMIN_EMAILS' },
    });
    // Until two-step is on, the console says so.
    const me = await request(ctx.app).get('/api/admin/me').set(boss.auth);
    expect(me.status).toBe(403);
    expect(me.body.message).toMatch(/duas etapas/);
  });

  it('when the script grants a role with OPS_TOKEN, then the account has it; without the token, 401', async () => {
    const person = await ctx.createUser();
    const body = { email: person.user.email, role: 'admin' };
    expect((await request(ctx.app).post('/api/ops/staff').send(body)).status).toBe(401);
    const res = await request(ctx.app)
      .post('/api/ops/staff')
      .set({ Authorization: `Bearer ${OPS_TOKEN}` })
      .send(body);
    expect(res.status).toBe(200);
    expect(res.body.user.staffRole).toBe('admin');
    expect((await auditOf(person.user.id))[0]).toMatchObject({
      actorId: null,
      action: 'user.role',
    });
    const missing = await request(ctx.app)
      .post('/api/ops/staff')
      .set({ Authorization: `Bearer ${OPS_TOKEN}` })
      .send({ email: 'ninguem@exemplo.com.br', role: 'admin' });
    expect(missing.status).toBe(404);
  });
});

describe('money', () => {
  it('when support looks a purchase up by its provider id or the buyer e-mail and resends the receipt, then a new mail job and an audit row are written', async () => {
    const support = await createStaff(ctx, 'support');
    const { buyer, purchase } = await paidLearner(ctx);
    for (const q of [purchase.providerRef!, buyer.user.email]) {
      const res = await request(ctx.app)
        .get(`/api/admin/purchases?q=${encodeURIComponent(q)}`)
        .set(support.auth);
      expect(res.body.purchases.map((p: { _id: string }) => p._id)).toEqual([purchase.id]);
    }
    const resend = await request(ctx.app)
      .post(`/api/admin/purchases/${purchase.id}/resend-receipt`)
      .set(support.auth);
    expect(resend.status).toBe(200);
    expect((await auditOf(purchase.id))[0]).toMatchObject({
      actorId: support.user.id,
      action: 'purchase.resend-receipt',
    });
    const jobs = await ctx.deps.jobs.list({ name: 'mail-purchase-receipt' });
    expect(jobs.some((j) => j.key?.startsWith(`purchase:${purchase.id}:resend:`))).toBe(true);

    const unpaid = await insertPurchaseRow(ctx.database.db, {
      userId: buyer.user.id,
      courseId: purchase.courseId,
      amount: '10.00',
      provider: 'sandbox',
    });
    const refused = await request(ctx.app)
      .post(`/api/admin/purchases/${unpaid.id}/resend-receipt`)
      .set(support.auth);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(RECEIPT_ONLY_FOR_PAID);
    expect(await auditOf(unpaid.id)).toHaveLength(0);
  });

  it('when an admin marks a refund made by hand as paid, with the transfer reference, then the purchase is refunded and the reference is in the audit row', async () => {
    const admin = await createStaff(ctx, 'admin');
    const { purchase } = await owedManualRefund(ctx);
    const listed = await request(ctx.app).get('/api/admin/refunds').set(admin.auth);
    expect(listed.body.refunds.map((r: { purchaseId: string }) => r.purchaseId)).toContain(
      purchase.id,
    );
    const empty = await request(ctx.app)
      .post(`/api/admin/refunds/${purchase.id}/paid`)
      .set(admin.auth)
      .send({ reference: '  ' });
    expect(empty.status).toBe(400);
    const res = await request(ctx.app)
      .post(`/api/admin/refunds/${purchase.id}/paid`)
      .set(admin.auth)
      .send({ reference: 'E2E-PIX-0001' });
    expect(res.status).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, purchase.id));
    expect(row!.status).toBe('refunded');
    expect((await auditOf(purchase.id))[0]).toMatchObject({
      action: 'refund.paid',
      after: { paid: true, reference: 'E2E-PIX-0001' },
    });
    const again = await request(ctx.app)
      .post(`/api/admin/refunds/${purchase.id}/paid`)
      .set(admin.auth)
      .send({ reference: 'E2E-PIX-0001' });
    expect(again.status).toBe(404);
    expect(await auditOf(purchase.id)).toHaveLength(1);
  });

  it('when the overview is asked for, then today’s sales are counted per currency', async () => {
    const admin = await createStaff(ctx, 'admin');
    const before = await request(ctx.app).get('/api/admin/overview').set(admin.auth);
    const brlToday = (body: typeof before.body) =>
      body.overview.windows
        .find((w: { days: number }) => w.days === 1)
        .money.find((m: { currency: string }) => m.currency === 'brl') ?? {
        sales: 0,
        salesAmount: 0,
      };
    const start = brlToday(before.body);
    await paidLearner(ctx);
    const after = await request(ctx.app).get('/api/admin/overview').set(admin.auth);
    expect(brlToday(after.body).sales).toBe(start.sales + 1);
    expect(brlToday(after.body).salesAmount).toBeCloseTo(start.salesAmount + 49.9, 2);
    expect(after.body.overview).toMatchObject({
      failedJobs: expect.any(Number),
      openReports: expect.any(Number),
      people: expect.any(Number),
    });
  });
});

describe('moderation', () => {
  it('when an admin hides a reported question, then it is hidden with the note and audited once; hiding again changes nothing; dismissing clears its reports', async () => {
    const admin = await createStaff(ctx, 'admin');
    const { question } = await reportedQuestion(ctx);
    const list = await request(ctx.app).get('/api/admin/moderation').set(admin.auth);
    expect(list.body.posts).toContainEqual(
      expect.objectContaining({
        kind: 'question',
        _id: question.id,
        reportCount: 1,
        reasons: ['spam'],
      }),
    );
    const hide = await request(ctx.app)
      .post(`/api/admin/moderation/question/${question.id}/hide`)
      .set(admin.auth)
      .send({ note: 'Propaganda' });
    expect(hide.body).toEqual({ success: true, changed: true });
    const [row] = await ctx.database.db
      .select()
      .from(questions)
      .where(eq(questions.id, question.id));
    expect(row).toMatchObject({ hiddenNote: 'Propaganda' });
    expect(row!.hiddenAt).not.toBeNull();
    const twice = await request(ctx.app)
      .post(`/api/admin/moderation/question/${question.id}/hide`)
      .set(admin.auth)
      .send({ note: 'Propaganda' });
    expect(twice.body.changed).toBe(false);
    await request(ctx.app)
      .post(`/api/admin/moderation/question/${question.id}/dismiss`)
      .set(admin.auth)
      .expect(200);
    const after = await request(ctx.app).get('/api/admin/moderation').set(admin.auth);
    expect(after.body.posts.map((p: { _id: string }) => p._id)).not.toContain(question.id);
    expect((await auditOf(question.id)).map((r) => r.action)).toEqual([
      'question.hide',
      'question.dismiss',
    ]);
    const unknown = await request(ctx.app)
      .post(`/api/admin/moderation/review/${question.id}/hide`)
      .set(admin.auth)
      .send({ note: 'x' });
    expect(unknown.status).toBe(404);
  });
});

describe('the audit log', () => {
  it('when anyone tries to change or delete a row, then the database refuses', async () => {
    const person = await ctx.createUser();
    const admin = await createStaff(ctx, 'admin');
    await request(ctx.app)
      .post(`/api/admin/users/${person.user.id}/sign-out`)
      .set(admin.auth)
      .expect(200);
    const db = ctx.database.db;
    await expect(
      db.update(auditLog).set({ action: 'nada' }).where(eq(auditLog.targetId, person.user.id)),
    ).rejects.toThrow();
    await expect(
      db.delete(auditLog).where(eq(auditLog.targetId, person.user.id)),
    ).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await auditOf(person.user.id)).toHaveLength(1);
  });

  it('when searched by target or by actor, then only their rows come, newest first; the CSV export quotes cells and defuses formulas', async () => {
    const admin = await createStaff(ctx, 'admin');
    const other = await createStaff(ctx, 'admin');
    const person = await ctx.createUser();
    await request(ctx.app)
      .post(`/api/admin/users/${person.user.id}/suspend`)
      .set(admin.auth)
      .send({ reason: '=HYPERLINK("http://x", "oi")' })
      .expect(200);
    await request(ctx.app)
      .post(`/api/admin/users/${person.user.id}/reinstate`)
      .set(other.auth)
      .expect(200);

    const byTarget = await request(ctx.app)
      .get(`/api/admin/audit?target=${person.user.id}`)
      .set(admin.auth);
    expect(byTarget.body.entries.map((e: { action: string }) => e.action)).toEqual([
      'user.reinstate',
      'user.suspend',
    ]);
    const byActor = await request(ctx.app)
      .get(`/api/admin/audit?actor=${other.user.id}`)
      .set(admin.auth);
    expect(byActor.body.entries).toEqual([
      expect.objectContaining({ action: 'user.reinstate', actorEmail: other.user.email }),
    ]);

    const csv = await request(ctx.app)
      .get(`/api/admin/audit?target=${person.user.id}&format=csv`)
      .set(admin.auth);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/auditoria\.csv/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,createdAt,actorId,actorEmail,action,targetType,targetId,before,after,address',
    );
    expect(lines).toHaveLength(3);
    expect(csv.text).not.toMatch(/,=HYPERLINK/);
    expect(csv.text).toContain('""reason"":""=HYPERLINK');
  });
});
