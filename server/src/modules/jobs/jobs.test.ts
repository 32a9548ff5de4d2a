import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import { purchases } from '../../db/schema/purchases';
import { users } from '../../db/schema/users';
import { passwordResetTokens } from '../../db/schema/account-tokens';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture';
import { createTestContext, type TestContext } from '../../test/test-app';
import { setPassword } from '../account/account.repository';
import { insertCourse } from '../../test/fixtures/course-fixtures';
import { enrollmentsOf } from '../../test/fixtures/enrollment-fixtures';
import { MAIL_JOBS } from '../mail/mail-jobs';
import { completePurchase, type CompletionRules } from '../payments/payments.service';
import { insertPurchaseRow } from '../../test/fixtures/purchase-fixtures';
import { ABANDONED_PURCHASE_AFTER_MS, sweepAbandonedPurchases } from '../payments/purchase-sweep';
import { keyedJobId, type JobSummary } from './job-queue';
import { SCHEDULES } from '../../jobs-wiring';

const OPS_TOKEN = 'ops-token-for-the-tests-0123456789';
const SANDBOX_RULES: CompletionRules = {
  provider: 'sandbox',
  afterFailure: false,
  whenAlreadyEnrolled: 'failed',
};

async function jobsFor(ctx: TestContext, name: string, key: string): Promise<JobSummary[]> {
  return (await ctx.deps.jobs.list({ name, limit: 1000 })).filter((job) => job.key === key);
}

async function paidCourse(ctx: TestContext, title: string) {
  const owner = await ctx.createUser({ role: 'educator' });
  return insertCourse(ctx.database.db, owner.user.id, { title, price: 20, discount: 0 });
}

describe('jobs follow their write (same transaction)', () => {
  let smtp: SmtpCapture;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestContext({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('when the write a receipt follows fails, then no job exists; when it commits, then one job and one mail', async () => {
    const course = await paidCourse(ctx, 'Kubernetes sem medo');
    const buyer = await ctx.createUser({ name: 'Rui Prates' });
    const purchase = await insertPurchaseRow(ctx.database.db, {
      userId: buyer.user.id,
      courseId: course.id,
      amount: '20.00',
      provider: 'sandbox',
    });

    await expect(
      ctx.database.db.transaction(async (tx) => {
        await completePurchase(tx, ctx.deps.jobs, purchase.id, SANDBOX_RULES);
        throw new Error('a later step of the same write failed');
      }),
    ).rejects.toThrow('a later step');
    const [rolledBack] = await ctx.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, purchase.id));
    expect(rolledBack!.status).toBe('pending');
    expect(await enrollmentsOf(ctx.database.db, buyer.user.id, course.id)).toHaveLength(0);
    expect(await jobsFor(ctx, MAIL_JOBS.purchaseReceipt, `purchase:${purchase.id}`)).toEqual([]);

    expect(await completePurchase(ctx.database.db, ctx.deps.jobs, purchase.id, SANDBOX_RULES)).toBe(
      'completed',
    );
    // A second completion (a replay) neither completes again nor queues a second receipt.
    expect(await completePurchase(ctx.database.db, ctx.deps.jobs, purchase.id, SANDBOX_RULES)).toBe(
      'already-completed',
    );

    const mail = await smtp.waitFor((m) => m.to === buyer.user.email, 10_000);
    expect(mail.subject).toBe('Recibo da sua compra: Kubernetes sem medo');
    await expect
      .poll(async () =>
        (await jobsFor(ctx, MAIL_JOBS.purchaseReceipt, `purchase:${purchase.id}`)).map((j) => [
          j.id,
          j.state,
        ]),
      )
      .toEqual([[keyedJobId(MAIL_JOBS.purchaseReceipt, `purchase:${purchase.id}`), 'completed']]);
    expect(smtp.mails.filter((m) => m.to === buyer.user.email)).toHaveLength(1);
  });

  it('when a free enrollment is refused (already enrolled), then its only job is the first one', async () => {
    const owner = await ctx.createUser({ role: 'educator' });
    const course = await insertCourse(ctx.database.db, owner.user.id, {
      title: 'Git grátis',
      price: 0,
    });
    const learner = await ctx.createUser({ name: 'Inês' });
    const join = () =>
      request(ctx.app)
        .post('/api/user/enroll-free-course')
        .set(learner.auth)
        .send({ courseId: course.id });

    expect((await join()).status).toBe(200);
    expect((await join()).status).toBe(409);

    await smtp.waitFor((m) => m.to === learner.user.email, 10_000);
    const key = `enrollment:${learner.user.id}:${course.id}`;
    await expect
      .poll(async () => (await jobsFor(ctx, MAIL_JOBS.enrollmentConfirmation, key)).length)
      .toBe(1);
    expect(smtp.mails.filter((m) => m.to === learner.user.email)).toHaveLength(1);
  });

  it('when a reset is asked for an unknown e-mail, then no mail job; for an account, then one mail job and a working link', async () => {
    const before = await ctx.deps.jobs.list({ name: MAIL_JOBS.passwordReset });
    const unknown = await request(ctx.app)
      .post('/api/auth/forgot-password')
      .send({ email: 'ninguem-aqui@exemplo.pt' });
    expect(unknown.status).toBe(200);
    expect(await ctx.deps.jobs.list({ name: MAIL_JOBS.passwordReset })).toEqual(before);

    const account = await ctx.createUser({ name: 'Marta' });
    await setPassword(ctx.database.db, account.user.id, 'not-a-real-hash');
    const asked = await request(ctx.app)
      .post('/api/auth/forgot-password')
      .send({ email: account.user.email });
    expect(asked.status).toBe(200);

    const mail = await smtp.waitFor((m) => m.to === account.user.email, 10_000);
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    expect(await ctx.deps.jobs.list({ name: MAIL_JOBS.passwordReset })).toHaveLength(
      before.length + 1,
    );
    const reset = await request(ctx.app)
      .post('/api/auth/reset-password')
      .send({ token, password: 'uma senha nova e longa' });
    expect(reset.status).toBe(200);
  });

  it('when a reset link is used before its job runs, then no mail is sent for it', async () => {
    const account = await ctx.createUser({ name: 'Tiago' });
    await setPassword(ctx.database.db, account.user.id, 'not-a-real-hash');
    // Every link of the account is spent as soon as it is stored: the job finds nothing to mail.
    await ctx.database.db.execute(sql`
      create or replace function spend_reset_links() returns trigger language plpgsql as $$
      begin new.used_at := now(); return new; end $$`);
    await ctx.database.db.execute(sql`
      create trigger spend_reset_links before insert on password_reset_tokens
      for each row execute function spend_reset_links()`);
    const before = new Set(
      (await ctx.deps.jobs.list({ name: MAIL_JOBS.passwordReset })).map((job) => job.id),
    );
    try {
      const asked = await request(ctx.app)
        .post('/api/auth/forgot-password')
        .send({ email: account.user.email });
      expect(asked.status).toBe(200);
      // The look-up job that stores the link is held back a second (account.service).
      await expect
        .poll(
          async () =>
            (await ctx.deps.jobs.list({ name: MAIL_JOBS.passwordReset }))
              .filter((job) => !before.has(job.id))
              .map((job) => job.state),
          { timeout: 15_000 },
        )
        .toEqual(['completed']);
    } finally {
      await ctx.database.db.execute(sql`drop trigger spend_reset_links on password_reset_tokens`);
    }
    const tokens = await ctx.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, account.user.id));
    expect(tokens).toHaveLength(1);
    expect(smtp.mails.filter((m) => m.to === account.user.email)).toHaveLength(0);
  });
});

describe('retries', () => {
  it('when the SMTP server refuses the first 2 attempts, then the mail arrives once after it recovers, with the facts as they are then', async () => {
    const smtp = await startSmtpCapture({ refuseFirst: 2 });
    const ctx = await createTestContext({ SMTP_URL: smtp.url });
    try {
      const owner = await ctx.createUser({ role: 'educator' });
      const course = await insertCourse(ctx.database.db, owner.user.id, {
        title: 'Docker',
        price: 0,
      });
      const learner = await ctx.createUser({ name: 'Nome Antigo' });
      const res = await request(ctx.app)
        .post('/api/user/enroll-free-course')
        .set(learner.auth)
        .send({ courseId: course.id });
      expect(res.status).toBe(200);

      // The learner renames themselves while the mail server is down: the mail that finally goes
      // out is written from the row as it is then.
      await expect.poll(() => smtp.attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
      await ctx.database.db
        .update(users)
        .set({ name: 'Nome Novo' })
        .where(eq(users.id, learner.user.id));

      const mail = await smtp.waitFor((m) => m.to === learner.user.email, 20_000);
      expect(mail.text).toContain('Olá, Nome Novo.');
      const key = `enrollment:${learner.user.id}:${course.id}`;
      await expect
        .poll(async () => (await jobsFor(ctx, MAIL_JOBS.enrollmentConfirmation, key))[0]?.state)
        .toBe('completed');
      const [job] = await jobsFor(ctx, MAIL_JOBS.enrollmentConfirmation, key);
      expect(job!.retryCount).toBe(2);
      expect(smtp.attempts).toBe(3);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(smtp.mails).toHaveLength(1);
    } finally {
      await ctx.close();
      await smtp.close();
    }
  });
});

describe('operators: GET /api/ops/jobs and POST /api/ops/jobs/:id/retry', () => {
  let smtp: SmtpCapture;
  let ctx: TestContext;
  const ops = { Authorization: `Bearer ${OPS_TOKEN}` };
  beforeAll(async () => {
    smtp = await startSmtpCapture({ refuseFirst: 1 });
    // No retries: the first refusal leaves the job failed, for an operator.
    ctx = await createTestContext({
      SMTP_URL: smtp.url,
      OPS_TOKEN,
      JOBS_RETRY_LIMIT: '0',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('when nobody, a learner or a wrong token asks, then 401 or 403 and no list', async () => {
    const learner = await ctx.createUser();
    const none = await request(ctx.app).get('/api/ops/jobs');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ success: false, message: expect.stringMatching(/OPS_TOKEN/) });
    const asLearner = await request(ctx.app).get('/api/ops/jobs').set(learner.auth);
    expect(asLearner.status).toBe(403);
    expect(asLearner.body.jobs).toBeUndefined();
    const wrong = await request(ctx.app)
      .get('/api/ops/jobs')
      .set('Authorization', `Bearer ${OPS_TOKEN}x`);
    expect(wrong.status).toBe(403);
    const retry = await request(ctx.app)
      .post(`/api/ops/jobs/${keyedJobId('x', 'y')}/retry`)
      .set(learner.auth);
    expect(retry.status).toBe(403);
  });

  it('when OPS_TOKEN is not configured, then the endpoints are closed to every token', async () => {
    const closed = await createTestContext();
    try {
      const res = await request(closed.app).get('/api/ops/jobs').set(ops);
      expect(res.status).toBe(403);
      expect(res.body.message).toContain('OPS_TOKEN');
    } finally {
      await closed.close();
    }
  });

  it('when a mail job has failed for good, then the operator sees it with its error, and a retry sends it once', async () => {
    const course = await paidCourse(ctx, 'Redes de computadores');
    const buyer = await ctx.createUser({ name: 'Sara' });
    const purchase = await insertPurchaseRow(ctx.database.db, {
      userId: buyer.user.id,
      courseId: course.id,
      amount: '20.00',
      provider: 'sandbox',
    });
    await completePurchase(ctx.database.db, ctx.deps.jobs, purchase.id, SANDBOX_RULES);
    const id = keyedJobId(MAIL_JOBS.purchaseReceipt, `purchase:${purchase.id}`);

    await expect
      .poll(
        async () => {
          const res = await request(ctx.app).get('/api/ops/jobs?state=failed').set(ops);
          return (res.body.jobs as JobSummary[] | undefined)?.map((job) => job.id);
        },
        { timeout: 10_000 },
      )
      .toEqual([id]);
    const listed = await request(ctx.app).get('/api/ops/jobs?state=failed').set(ops);
    expect(listed.status).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    expect(listed.body.jobs[0]).toMatchObject({
      id,
      name: MAIL_JOBS.purchaseReceipt,
      key: `purchase:${purchase.id}`,
      state: 'failed',
      error: expect.stringContaining('indisponível'),
    });
    expect(listed.body.jobs[0].data).toBeUndefined();
    expect(listed.body.counts).toContainEqual({
      name: MAIL_JOBS.purchaseReceipt,
      state: 'failed',
      count: 1,
    });
    expect(smtp.mails).toHaveLength(0);

    const retried = await request(ctx.app).post(`/api/ops/jobs/${id}/retry`).set(ops);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ success: true, id, state: 'retry' });

    const mail = await smtp.waitFor((m) => m.to === buyer.user.email, 10_000);
    expect(mail.subject).toBe('Recibo da sua compra: Redes de computadores');
    await expect
      .poll(async () => (await ctx.deps.jobs.list({ name: MAIL_JOBS.purchaseReceipt }))[0]?.state)
      .toBe('completed');
    expect(smtp.mails).toHaveLength(1);

    const again = await request(ctx.app).post(`/api/ops/jobs/${id}/retry`).set(ops);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Só uma tarefa falhada pode ser repetida');
  });

  it('when the query or the id is not one, then 400 or 404 in Portuguese', async () => {
    const badState = await request(ctx.app).get('/api/ops/jobs?state=perdida').set(ops);
    expect(badState.status).toBe(400);
    expect(badState.body.message).toMatch(/^Estado inválido/);
    const badLimit = await request(ctx.app).get('/api/ops/jobs?limit=0').set(ops);
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.message).toBe('O limite é um número de 1 a 1000');
    const notUuid = await request(ctx.app).post('/api/ops/jobs/abc/retry').set(ops);
    expect(notUuid.status).toBe(404);
    const unknown = await request(ctx.app)
      .post(`/api/ops/jobs/${keyedJobId('nada', 'nada')}/retry`)
      .set(ops);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Tarefa não encontrada');
  });
});

describe('the abandoned-purchase sweep', () => {
  it('when a checkout has been pending for longer than 25 h, then the scheduled sweep fails it and leaves fresh and paid ones alone', async () => {
    const ctx = await createTestContext({ JOBS_SWEEP_SECONDS: '1', JOBS_SCHEDULES: 'on' });
    try {
      const course = await paidCourse(ctx, 'Excel');
      const longAgo = new Date(Date.now() - ABANDONED_PURCHASE_AFTER_MS - 60_000);
      const row = async (status: 'pending' | 'completed', createdAt: Date) =>
        insertPurchaseRow(ctx.database.db, {
          userId: (await ctx.createUser()).user.id,
          courseId: course.id,
          amount: '20.00',
          provider: 'sandbox',
          status,
          createdAt,
        });
      const abandoned = await row('pending', longAgo);
      const fresh = await row('pending', new Date(Date.now() - 60_000));
      const paid = await row('completed', longAgo);
      const statusOf = async (id: string) =>
        (await ctx.database.db.select().from(purchases).where(eq(purchases.id, id)))[0]!.status;

      await expect.poll(() => statusOf(abandoned.id), { timeout: 10_000 }).toBe('failed');
      expect(await statusOf(fresh.id)).toBe('pending');
      expect(await statusOf(paid.id)).toBe('completed');
      // The run is marked completed just after its handler's write: polled, not read once.
      await expect
        .poll(
          async () =>
            (await ctx.deps.jobs.list({ name: SCHEDULES.abandonedPurchases })).some(
              (job) => job.state === 'completed',
            ),
          { timeout: 10_000 },
        )
        .toBe(true);
      // Run by hand as well, the sweep finds nothing left to do.
      expect(await sweepAbandonedPurchases(ctx.deps)).toBe(0);
    } finally {
      await ctx.close();
    }
  });
});

describe('job keys', () => {
  it('when the same job is keyed twice, then it gets the same UUID; another key or queue gets another', () => {
    const id = keyedJobId(MAIL_JOBS.purchaseReceipt, 'purchase:1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keyedJobId(MAIL_JOBS.purchaseReceipt, 'purchase:1')).toBe(id);
    expect(keyedJobId(MAIL_JOBS.purchaseReceipt, 'purchase:2')).not.toBe(id);
    expect(keyedJobId(MAIL_JOBS.enrollmentConfirmation, 'purchase:1')).not.toBe(id);
  });
});
