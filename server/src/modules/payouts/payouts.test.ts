import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import {
  balanceResponseSchema,
  payoutProfileResponseSchema,
  payoutResponseSchema,
} from '@aprendiz/contract/payouts';
import { loadConfig, ConfigError } from '../../config';
import { payoutEntries, payoutProfiles, payouts } from '../../db/schema/payouts';
import { purchases } from '../../db/schema/purchases';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertCourse } from '../../test/fixtures/course-fixtures';
import { insertSale, PIX_PROFILE } from '../../test/fixtures/payout-fixtures';
import { users } from '../../db/schema/users';
import { PAYOUT_NEEDS_EMAIL } from './payout-eligibility';
import { createPayoutSealer } from './payout-secrets';
import { PAYOUT_MAIL_JOBS } from './payout-mail';
import { runMonthlyWithdrawals } from './payouts.service';

const OPS_TOKEN = 'ops-token-for-the-payout-tests-0123456789';
const ops = { Authorization: `Bearer ${OPS_TOKEN}` };
const DAY = 24 * 60 * 60 * 1000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ CURRENCY: 'brl', OPS_TOKEN });
});
afterAll(() => ctx.close());

/** An educator with a course of 7 days' guarantee, a Pix profile, and sales `daysAgo` each. */
async function educatorWithSales(sales: { amount: string; daysAgo: number }[], profile = true) {
  const db = ctx.database.db;
  const owner = await ctx.createUser({ role: 'educator', name: 'Ana Educadora' });
  const course = await insertCourse(db, owner.user.id, { guaranteeDays: 7 });
  const rows = [];
  for (const sale of sales) {
    const buyer = await ctx.createUser();
    rows.push(
      await insertSale(db, {
        buyerId: buyer.user.id,
        courseId: course.id,
        amount: sale.amount,
        currency: 'brl',
        daysAgo: sale.daysAgo,
      }),
    );
  }
  if (profile) {
    const res = await request(ctx.app)
      .put('/api/educator/payout-profile')
      .set(owner.auth)
      .send(PIX_PROFILE);
    expect(res.status).toBe(200);
  }
  return { ...owner, course, sales: rows };
}

async function balanceOf(auth: Record<string, string>) {
  const res = await request(ctx.app).get('/api/educator/balance').set(auth);
  expect(res.status).toBe(200);
  return balanceResponseSchema.parse(res.body).balance;
}

describe('payout profile', () => {
  it('when an educator saves a Pix key, then it is shown masked and stored sealed, never in the clear', async () => {
    const owner = await ctx.createUser({ role: 'educator' });
    const put = await request(ctx.app)
      .put('/api/educator/payout-profile')
      .set(owner.auth)
      .send(PIX_PROFILE);
    expect(put.status).toBe(200);
    const res = await request(ctx.app).get('/api/educator/payout-profile').set(owner.auth);
    const body = payoutProfileResponseSchema.parse(res.body);
    expect(body.rails).toEqual(['pix']);
    expect(body.profile).toMatchObject({
      rail: 'pix',
      pixKeyType: 'cpf',
      destination: '•••.982.247-••',
      holderName: 'Ana Educadora',
      taxId: '••••••••725',
    });
    const [row] = await ctx.database.db
      .select()
      .from(payoutProfiles)
      .where(eq(payoutProfiles.educatorId, owner.user.id));
    expect(JSON.stringify(row)).not.toContain('52998224725');
    expect(JSON.stringify(row)).not.toContain('Ana Educadora');
  });

  it.each([
    [{ pixKey: '529.982.247-26' }, 'CPF inválido: confira os 11 dígitos'],
    [{ pixKeyType: 'phone', pixKey: '1234' }, 'Celular inválido'],
    [{ pixKeyType: 'email', pixKey: 'ana@' }, 'E-mail inválido'],
    [{ taxId: '111.111.111-11' }, 'CPF ou CNPJ inválido'],
    [{ rail: 'iban', iban: 'PT50000201231234567890154' }, 'não está disponível aqui'],
  ])('when the profile has %o, then 400 "%s" and nothing is stored', async (change, message) => {
    const owner = await ctx.createUser({ role: 'educator' });
    const res = await request(ctx.app)
      .put('/api/educator/payout-profile')
      .set(owner.auth)
      .send({ ...PIX_PROFILE, ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    const rows = await ctx.database.db
      .select()
      .from(payoutProfiles)
      .where(eq(payoutProfiles.educatorId, owner.user.id));
    expect(rows).toHaveLength(0);
  });

  it('when a local account has not confirmed its e-mail, then its payout details and withdrawals are refused until it does', async () => {
    const { auth, user, sales } = await educatorWithSales(
      [{ amount: '100.00', daysAgo: 30 }],
      false,
    );
    expect(sales).toHaveLength(1);
    // A local account (it has a password) whose confirmation link was never used.
    await ctx.database.db
      .update(users)
      .set({ passwordHash: 'scrypt$placeholder', emailVerifiedAt: null })
      .where(eq(users.id, user.id));
    const saved = await request(ctx.app)
      .put('/api/educator/payout-profile')
      .set(auth)
      .send(PIX_PROFILE);
    expect(saved.status).toBe(403);
    expect(saved.body.message).toBe(PAYOUT_NEEDS_EMAIL);
    expect(
      await ctx.database.db
        .select()
        .from(payoutProfiles)
        .where(eq(payoutProfiles.educatorId, user.id)),
    ).toHaveLength(0);

    await ctx.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, user.id));
    expect(
      (await request(ctx.app).put('/api/educator/payout-profile').set(auth).send(PIX_PROFILE))
        .status,
    ).toBe(200);
    await ctx.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user.id));
    const asked = await request(ctx.app)
      .post('/api/educator/payouts')
      .set(auth)
      .send({ amount: 60 });
    expect(asked.status).toBe(403);
    expect(
      await ctx.database.db.select().from(payouts).where(eq(payouts.educatorId, user.id)),
    ).toHaveLength(0);
  });

  it('when a learner asks for a profile, a balance or a withdrawal, then 403', async () => {
    const learner = await ctx.createUser();
    for (const [method, path] of [
      ['get', '/api/educator/payout-profile'],
      ['get', '/api/educator/balance'],
      ['post', '/api/educator/payouts'],
      ['get', '/api/educator/statements/2026-11.csv'],
    ] as const) {
      const res = await request(ctx.app)[method](path).set(learner.auth).send({ amount: 60 });
      expect(res.status, path).toBe(403);
    }
  });

  it('when sealed with one key, then another key cannot open it, and a changed byte is refused', () => {
    const a = createPayoutSealer(Buffer.alloc(32, 1));
    const b = createPayoutSealer(Buffer.alloc(32, 2));
    const sealed = a.seal({ destination: 'x', holderName: 'y', taxId: 'z' });
    expect(a.open(sealed)).toEqual({ destination: 'x', holderName: 'y', taxId: 'z' });
    expect(() => b.open(sealed)).toThrow();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => a.open(tampered)).toThrow();
  });
});

describe('config', () => {
  const production = {
    NODE_ENV: 'production',
    AUTH_SECRET: 'k8Jq2vN5xR7tW0zB3mC6fH9pL1sD4gY8uE2iO5aT7qZ0',
    PAYMENTS_SANDBOX: '1',
    SMTP_URL: 'smtp://localhost:25',
  };
  it('when payouts are on in production without PAYOUT_DATA_KEY, then the start is refused naming it', () => {
    expect(() => loadConfig({ ...production, PAYOUTS: '1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, PAYOUTS: '1' })).toThrow(/PAYOUT_DATA_KEY/);
    expect(loadConfig(production).payouts.enabled).toBe(false);
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ ...production, PAYOUTS: '1', PAYOUT_DATA_KEY: key }).payouts).toMatchObject(
      {
        enabled: true,
      },
    );
    expect(() => loadConfig({ ...production, PAYOUTS: '1', PAYOUT_DATA_KEY: 'short' })).toThrow(
      /32 bytes/,
    );
  });
});

describe('balance and hold', () => {
  it('when a sale is within its 7-day guarantee, then it is pending with its date and reason; an older one is available', async () => {
    const educator = await educatorWithSales([
      { amount: '100.00', daysAgo: 2 },
      { amount: '80.00', daysAgo: 10 },
    ]);
    const balance = await balanceOf(educator.auth);
    expect(balance.available).toBe(80);
    expect(balance.pending).toHaveLength(1);
    expect(balance.pending[0]).toMatchObject({ amount: 100, reason: 'guarantee' });
    expect(balance.pending[0]!.label).toMatch(
      /^disponível em \d{1,2} [a-z]{3}: garantia de 7 dias$/,
    );
    expect(new Date(balance.pending[0]!.availableAt).getTime()).toBe(
      educator.sales[0]!.completedAt!.getTime() + 7 * DAY,
    );
  });
});

describe('withdrawals', () => {
  it('when the amount is below the minimum or above the available, then 400 in Portuguese and nothing reserved', async () => {
    const educator = await educatorWithSales([{ amount: '120.00', daysAgo: 10 }]);
    const low = await request(ctx.app)
      .post('/api/educator/payouts')
      .set(educator.auth)
      .send({ amount: 49.99 });
    expect(low.status).toBe(400);
    expect(low.body.message).toBe('O saque mínimo é de R$ 50,00');
    const high = await request(ctx.app)
      .post('/api/educator/payouts')
      .set(educator.auth)
      .send({ amount: 120.01 });
    expect(high.status).toBe(400);
    expect(high.body.message).toBe('Você tem R$ 120,00 disponível para saque');
    const rows = await ctx.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.educatorId, educator.user.id));
    expect(rows).toHaveLength(0);
  });

  it('when there is no profile, then 409 asking for one', async () => {
    const educator = await educatorWithSales([{ amount: '120.00', daysAgo: 10 }], false);
    const res = await request(ctx.app)
      .post('/api/educator/payouts')
      .set(educator.auth)
      .send({ amount: 60 });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Cadastre seus dados de recebimento/);
  });

  it('when 20 withdrawals are asked at once, then one is made and the others are 409', async () => {
    const educator = await educatorWithSales([{ amount: '500.00', daysAgo: 10 }]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(ctx.app).post('/api/educator/payouts').set(educator.auth).send({ amount: 60 }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const rows = await ctx.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.educatorId, educator.user.id));
    expect(rows).toHaveLength(1);
    const balance = await balanceOf(educator.auth);
    expect(balance).toMatchObject({ available: 440, inWithdrawal: 60 });
  });

  it("when an educator asks for another educator's payout, then 404 as for none", async () => {
    const educator = await educatorWithSales([{ amount: '100.00', daysAgo: 10 }]);
    const other = await ctx.createUser({ role: 'educator' });
    const asked = payoutResponseSchema.parse(
      (
        await request(ctx.app)
          .post('/api/educator/payouts')
          .set(educator.auth)
          .send({ amount: 100 })
      ).body,
    ).payout;
    const mine = await request(ctx.app)
      .get(`/api/educator/payouts/${asked._id}`)
      .set(educator.auth);
    expect(mine.status).toBe(200);
    const theirs = await request(ctx.app).get(`/api/educator/payouts/${asked._id}`).set(other.auth);
    expect(theirs.status).toBe(404);
    const list = await request(ctx.app).get('/api/educator/payouts').set(other.auth);
    expect(list.body.payouts).toEqual([]);
  });
});

describe('the operator', () => {
  it('when a withdrawal is approved, exported, paid, then the CSV has the full key, the statement shows it and a mail is queued', async () => {
    const educator = await educatorWithSales([{ amount: '150.00', daysAgo: 10 }]);
    const { payout } = payoutResponseSchema.parse(
      (
        await request(ctx.app)
          .post('/api/educator/payouts')
          .set(educator.auth)
          .send({ amount: 150 })
      ).body,
    );
    expect((await request(ctx.app).get('/api/ops/payouts?status=requested')).status).toBe(401);
    const listed = await request(ctx.app).get('/api/ops/payouts?status=requested').set(ops);
    expect(listed.body.payouts.map((p: { _id: string }) => p._id)).toContain(payout._id);

    const paidEarly = await request(ctx.app)
      .post(`/api/ops/payouts/${payout._id}/paid`)
      .set(ops)
      .send({ reference: 'E123' });
    expect(paidEarly.status).toBe(409);

    expect(
      (await request(ctx.app).post(`/api/ops/payouts/${payout._id}/approve`).set(ops)).status,
    ).toBe(200);
    const csv = await request(ctx.app).get('/api/ops/payouts/export.csv?rail=pix').set(ops);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const line = csv.text.split('\r\n').find((l) => l.includes(payout._id));
    expect(line).toContain('52998224725');
    expect(line).toContain('Ana Educadora');
    expect(line).toContain('150.00');

    const paid = await request(ctx.app)
      .post(`/api/ops/payouts/${payout._id}/paid`)
      .set(ops)
      .send({ reference: 'E2026112812345' });
    expect(paid.status).toBe(200);
    expect(paid.body.payout.status).toBe('paid');

    const balance = await balanceOf(educator.auth);
    expect(balance).toMatchObject({ available: 0, paidOut: 150, inWithdrawal: 0, debit: 0 });
    const month = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
    })
      .format(new Date())
      .slice(0, 7);
    const statement = await request(ctx.app)
      .get(`/api/educator/statements/${month}.csv`)
      .set(educator.auth);
    expect(statement.status).toBe(200);
    expect(statement.text).toContain('Saque pago');
    expect(statement.text).toContain('E2026112812345');
    // For the educator's spreadsheet, the market's decimal comma; the bank's file above keeps '150.00'.
    expect(statement.text).toContain('150,00 pagos; referência E2026112812345');
    expect(statement.text).not.toContain('150.00');
    const pdf = await request(ctx.app)
      .get(`/api/educator/statements/${month}.pdf`)
      .set(educator.auth)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

    const jobs = await ctx.deps.jobs.list({ name: PAYOUT_MAIL_JOBS.paid });
    expect(jobs.length).toBeGreaterThanOrEqual(1);
    const bell = await request(ctx.app).get('/api/notifications').set(educator.auth);
    expect(bell.status).toBe(200);
    expect(bell.body.unread).toBe(1);
    expect(bell.body.notifications[0]).toMatchObject({
      kind: 'payout_paid',
      note: 'R$ 150,00 para •••.982.247-••, referência E2026112812345',
      questionId: '',
    });
    const entries = await ctx.database.db
      .select({ kind: payoutEntries.kind })
      .from(payoutEntries)
      .where(eq(payoutEntries.payoutId, payout._id));
    expect(entries.map((e) => e.kind).sort()).toEqual(['paid', 'reserve']);
  });

  it('when a withdrawal fails, then its money is available again and the educator may ask anew', async () => {
    const educator = await educatorWithSales([{ amount: '90.00', daysAgo: 10 }]);
    const { payout } = payoutResponseSchema.parse(
      (await request(ctx.app).post('/api/educator/payouts').set(educator.auth).send({ amount: 90 }))
        .body,
    );
    expect((await balanceOf(educator.auth)).available).toBe(0);
    const failed = await request(ctx.app)
      .post(`/api/ops/payouts/${payout._id}/failed`)
      .set(ops)
      .send({ reason: 'Chave Pix não encontrada' });
    expect(failed.status).toBe(200);
    expect((await balanceOf(educator.auth)).available).toBe(90);
    const bell = await request(ctx.app).get('/api/notifications').set(educator.auth);
    expect(bell.body.notifications[0]).toMatchObject({
      kind: 'payout_failed',
      note: expect.stringContaining('Chave Pix não encontrada'),
    });
    const again = await request(ctx.app)
      .post('/api/educator/payouts')
      .set(educator.auth)
      .send({ amount: 90 });
    expect(again.status).toBe(201);
    const twice = await request(ctx.app)
      .post(`/api/ops/payouts/${payout._id}/failed`)
      .set(ops)
      .send({ reason: 'de novo' });
    expect(twice.status).toBe(409);
  });

  it('when a sale is refunded after its money was paid out, then a debit shows and the next sale covers it first', async () => {
    const educator = await educatorWithSales([
      { amount: '100.00', daysAgo: 20 },
      { amount: '60.00', daysAgo: 20 },
    ]);
    const { payout } = payoutResponseSchema.parse(
      (
        await request(ctx.app)
          .post('/api/educator/payouts')
          .set(educator.auth)
          .send({ amount: 160 })
      ).body,
    );
    await request(ctx.app).post(`/api/ops/payouts/${payout._id}/approve`).set(ops);
    await request(ctx.app)
      .post(`/api/ops/payouts/${payout._id}/paid`)
      .set(ops)
      .send({ reference: 'R1' });
    // A chargeback after the guarantee: the provider took the money back.
    await ctx.database.db
      .update(purchases)
      .set({ status: 'refunded', refundedAt: new Date() })
      .where(eq(purchases.id, educator.sales[0]!.id));
    expect(await balanceOf(educator.auth)).toMatchObject({
      available: 0,
      debit: 100,
      paidOut: 160,
    });
    const buyer = await ctx.createUser();
    await insertSale(ctx.database.db, {
      buyerId: buyer.user.id,
      courseId: educator.course.id,
      amount: '130.00',
      currency: 'brl',
      daysAgo: 10,
    });
    expect(await balanceOf(educator.auth)).toMatchObject({ available: 30, debit: 0 });
    const [sum] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payoutEntries)
      .where(eq(payoutEntries.educatorId, educator.user.id));
    expect(sum!.n).toBe(2);
  });
});

describe('the development clock', () => {
  it("when an operator moves one educator's clock 8 days on, then their pending sale is available and nobody else's moves", async () => {
    const educator = await educatorWithSales([{ amount: '70.00', daysAgo: 0 }]);
    const other = await educatorWithSales([{ amount: '70.00', daysAgo: 0 }]);
    expect((await balanceOf(educator.auth)).available).toBe(0);
    const anonymous = await request(ctx.app)
      .post('/api/dev/payout-clock')
      .send({ educatorId: educator.user.id, days: 8 });
    expect(anonymous.status).toBe(401);
    const moved = await request(ctx.app)
      .post('/api/dev/payout-clock')
      .set(ops)
      .send({ educatorId: educator.user.id, days: 8 });
    expect(moved.status).toBe(200);
    expect((await balanceOf(educator.auth)).available).toBe(70);
    expect((await balanceOf(other.auth)).available).toBe(0);
  });
});

describe('the monthly withdrawal', () => {
  it('when an educator chose it, then one run asks for everything available once this month, and the next run asks nothing', async () => {
    const educator = await educatorWithSales([{ amount: '75.00', daysAgo: 10 }], false);
    const saved = await request(ctx.app)
      .put('/api/educator/payout-profile')
      .set(educator.auth)
      .send({ ...PIX_PROFILE, autoMonthly: true });
    expect(saved.status).toBe(200);
    const poor = await educatorWithSales([{ amount: '20.00', daysAgo: 10 }], false);
    await request(ctx.app)
      .put('/api/educator/payout-profile')
      .set(poor.auth)
      .send({ ...PIX_PROFILE, autoMonthly: true });

    await runMonthlyWithdrawals(ctx.deps);
    const mine = await ctx.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.educatorId, educator.user.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ amount: '75.00', automatic: true, status: 'requested' });
    const theirs = await ctx.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.educatorId, poor.user.id));
    expect(theirs).toHaveLength(0);

    await request(ctx.app)
      .post(`/api/ops/payouts/${mine[0]!.id}/failed`)
      .set(ops)
      .send({ reason: 'x' });
    await runMonthlyWithdrawals(ctx.deps);
    const again = await ctx.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.educatorId, educator.user.id));
    expect(again).toHaveLength(1);
  });
});
