import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { purchases } from '../../db/schema/purchases';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture';
import { insertCourse } from '../../test/fixtures/course-fixtures';
import { insertPurchaseRow } from '../../test/fixtures/purchase-fixtures';
import { ABANDONED_PURCHASE_AFTER_MS } from '../payments/purchase-sweep';
import { insertUser } from '../users/users.repository';
import { createLocalTokens } from '../../providers/auth-local';
import { MAIL_JOBS } from '../mail/mail-jobs';
import type { JobSummary } from './job-queue';
import { SCHEDULES } from '../../jobs-wiring';
import { api, killApp, startApp, stopApp, START_TIMEOUT_MS, type AppProcess } from './app-process';

// Real server processes, stopped with SIGTERM and killed with SIGKILL: on PGlite (a data directory
// the next process opens again) by default, on PostgreSQL (a database of their own) with
// TEST_DATABASE_URL, where two processes also share one queue.
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? '';
const AUTH_SECRET = 'jobs-processes-secret-long-enough-for-hs256';
const OPS_TOKEN = 'ops-token-of-the-process-tests-0123';
// Short timings so the tests wait seconds: a job whose process died is taken back once its
// heartbeat is 10 s old (the least pg-boss allows; the monitor looks every 5 s), retries start
// after 1 s. The expiry stays the production one.
const FAST_JOBS = {
  JOBS_POLL_SECONDS: '0.5',
  JOBS_RETRY_DELAY_SECONDS: '1',
  JOBS_HEARTBEAT_SECONDS: '10',
  OPS_TOKEN,
  AUTH_SECRET,
};

const apps: AppProcess[] = [];
const dirs: string[] = [];
const databases: string[] = [];

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A data directory, and on PostgreSQL a fresh database, for one group of processes. */
async function freshStore(): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-jobs-'));
  dirs.push(dataDir);
  if (!ADMIN_URL) return { DATA_DIR: dataDir };
  const name = `jobs_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`create database ${name}`));
  databases.push(name);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
}

async function launch(name: string, env: Record<string, string>): Promise<AppProcess> {
  const app = await startApp(name, env);
  apps.push(app);
  return app;
}

async function jobList(app: AppProcess, query: string): Promise<JobSummary[]> {
  const res = await api<{ jobs: JobSummary[] }>(app, `/api/ops/jobs?${query}`, {
    token: OPS_TOKEN,
  });
  expect(res.status).toBe(200);
  return res.body.jobs;
}

/** A new account, once the mail confirming its address (sent at sign-up) has gone out. */
async function signUpConfirmed(app: AppProcess, smtp: SmtpCapture, name: string): Promise<string> {
  const email = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@exemplo.pt`;
  const signUp = await api(app, '/api/auth/sign-up', {
    body: { name, email, password: 'uma senha bem comprida' },
  });
  expect(signUp.status).toBe(201);
  await smtp.waitFor((m) => m.to === email, 30_000);
  return email;
}

async function askReset(app: AppProcess, email: string): Promise<void> {
  const ask = await api(app, '/api/auth/forgot-password', { body: { email } });
  expect(ask.status).toBe(200);
}

/** The password-reset mails that reached `email` (its sign-up's confirmation aside). */
function resetMails(smtp: SmtpCapture, email: string) {
  return smtp.mails.filter((m) => m.to === email && /reset-password\?token=/.test(m.text));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterAll(async () => {
  await Promise.all(apps.map((app) => killApp(app)));
  for (const name of databases) {
    await admin((client) => client.query(`drop database if exists ${name} with (force)`));
  }
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}, 60_000);

describe(`a server process that stops or dies (${ADMIN_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let smtp: SmtpCapture;
  let store: Record<string, string>;
  // The process the first test starts last; the second test kills it.
  let running: AppProcess | undefined;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    store = await freshStore();
  });
  afterAll(() => smtp.close());

  it(
    'when SIGTERM comes while a mail is being sent, then the send finishes, the process exits 0, and the next process sends nothing again',
    async () => {
      const first = await launch('first', {
        ...store,
        ...FAST_JOBS,
        SMTP_URL: smtp.url,
        LOG_LEVEL: 'info',
      });
      const email = await signUpConfirmed(first, smtp, 'Graciosa');
      smtp.slow(1500);
      await askReset(first, email);
      await smtp.held();

      expect(await stopApp(first)).toBe(0);
      expect(resetMails(smtp, email)).toHaveLength(1);
      expect(first.output.join('')).toContain('job queue stopped');

      smtp.accept();
      const second = await launch('second', { ...store, ...FAST_JOBS, SMTP_URL: smtp.url });
      const resets = await jobList(second, `name=${MAIL_JOBS.passwordReset}`);
      expect(resets.map((job) => [job.state, job.retryCount])).toEqual([['completed', 0]]);
      await pause(3000);
      expect(resetMails(smtp, email)).toHaveLength(1);
      running = second;
    },
    START_TIMEOUT_MS * 2,
  );

  it(
    'when the process is killed (SIGKILL) after the commit, in the middle of the send, then after a restart the mail arrives exactly once and its link works',
    async () => {
      const doomed =
        running ?? (await launch('doomed', { ...store, ...FAST_JOBS, SMTP_URL: smtp.url }));
      const email = await signUpConfirmed(doomed, smtp, 'Kill');
      smtp.hold();
      await askReset(doomed, email);
      await smtp.held();
      await killApp(doomed);
      expect(resetMails(smtp, email)).toHaveLength(0);

      smtp.accept();
      const revived = await launch('revived', { ...store, ...FAST_JOBS, SMTP_URL: smtp.url });
      // Taken back when its heartbeat is 10 s old, at the monitor's next look (every 5 s).
      const mail = await smtp.waitFor(
        (m) => m.to === email && /reset-password\?token=/.test(m.text),
        60_000,
      );
      await pause(3000);
      expect(resetMails(smtp, email)).toHaveLength(1);
      const [job] = (await jobList(revived, `name=${MAIL_JOBS.passwordReset}`)).filter(
        (j) => j.state !== 'completed' || j.retryCount > 0,
      );
      expect(job).toMatchObject({ state: 'completed', retryCount: 1 });

      const token = /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1];
      const reset = await api(revived, '/api/auth/reset-password', {
        body: { token, password: 'outra senha bem comprida' },
      });
      expect(reset.status).toBe(200);
      expect(await stopApp(revived)).toBe(0);
    },
    START_TIMEOUT_MS * 2,
  );
});

describe.runIf(ADMIN_URL)('two server processes on one PostgreSQL', () => {
  let smtp: SmtpCapture;
  let store: Record<string, string>;
  let database: Database;
  let a: AppProcess;
  let b: AppProcess;
  let startedAt: number;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    store = await freshStore();
    const env = { ...store, ...FAST_JOBS, SMTP_URL: smtp.url, JOBS_SWEEP_SECONDS: '1' };
    const otherDir = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-jobs-b-'));
    dirs.push(otherDir);
    startedAt = Date.now();
    a = await launch('a', env);
    b = await launch('b', { ...env, DATA_DIR: otherDir });
    database = await openDatabase({ kind: 'postgres', url: store.DATABASE_URL!, poolSize: 4 });
  }, START_TIMEOUT_MS * 2);
  afterAll(async () => {
    await database?.close();
    await smtp?.close();
  });

  it('when 50 purchases complete across both (each completed on both at once), then 50 receipts arrive, none twice', async () => {
    const tokens = createLocalTokens(AUTH_SECRET);
    const owner = await insertUser(database.db, {
      id: `usr_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
      name: 'Educadora',
      email: `educadora-${randomUUID().slice(0, 8)}@exemplo.pt`,
      role: 'educator',
    });
    const course = await insertCourse(database.db, owner.id, {
      title: 'Cinquenta recibos',
      price: 12,
      discount: 0,
    });
    const buyers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const user = await insertUser(database.db, {
          id: `usr_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
          name: `Comprador ${i}`,
          email: `comprador-${i}-${randomUUID().slice(0, 6)}@exemplo.pt`,
          role: 'student',
        });
        return { user, token: await tokens.issue(user.id) };
      }),
    );

    await Promise.all(
      buyers.map(async ({ token }, i) => {
        const [here, there] = i % 2 === 0 ? [a, b] : [b, a];
        const start = await api<{ session_url: string }>(here, '/api/user/purchase', {
          body: { courseId: course.id },
          token,
        });
        expect(start.status).toBe(200);
        const purchaseId = start.body.session_url.split('/').pop()!;
        const route = `/api/payments/sandbox/${purchaseId}/complete`;
        const both = await Promise.all([
          api(here, route, { body: {}, token }),
          api(there, route, { body: {}, token }),
        ]);
        expect(both.map((r) => r.status)).toEqual([200, 200]);
      }),
    );

    await expect.poll(() => smtp.mails.length, { timeout: 60_000, interval: 250 }).toBe(50);
    await pause(3000);
    expect(smtp.mails).toHaveLength(50);
    expect(new Set(smtp.mails.map((m) => m.to))).toEqual(
      new Set(buyers.map(({ user }) => user.email)),
    );
    expect(smtp.mails.every((m) => m.subject === 'Recibo da sua compra: Cinquenta recibos')).toBe(
      true,
    );
    const receipts = await jobList(a, `name=${MAIL_JOBS.purchaseReceipt}&limit=1000`);
    expect(receipts).toHaveLength(50);
    expect(receipts.every((job) => job.state === 'completed' && job.retryCount === 0)).toBe(true);
  }, 120_000);

  it('when both run the 1-second sweep, then it runs once per period, and it expires an abandoned purchase', async () => {
    const buyer = await insertUser(database.db, {
      id: `usr_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
      name: 'Desistente',
      email: `desistente-${randomUUID().slice(0, 8)}@exemplo.pt`,
      role: 'student',
    });
    const owner = await insertUser(database.db, {
      id: `usr_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
      name: 'Educador',
      email: `educador-${randomUUID().slice(0, 8)}@exemplo.pt`,
      role: 'educator',
    });
    const course = await insertCourse(database.db, owner.id, { title: 'Abandonado', price: 9 });
    const abandoned = await insertPurchaseRow(database.db, {
      userId: buyer.id,
      courseId: course.id,
      amount: '9.00',
      provider: 'sandbox',
      createdAt: new Date(Date.now() - ABANDONED_PURCHASE_AFTER_MS - 60_000),
    });
    const status = async () =>
      (await database.db.select().from(purchases).where(eq(purchases.id, abandoned.id)))[0]?.status;
    await expect.poll(status, { timeout: 10_000 }).toBe('failed');
    // A few more periods, both instances offering the sweep four times per period.
    await pause(4000);

    const own = new pg.Client({ connectionString: store.DATABASE_URL! });
    await own.connect();
    const { rows: slots } = await own
      .query<{ slot: Date; runs: string; states: string[] }>(
        `select singleton_on as slot, count(*) as runs, array_agg(state::text) as states
             from pgboss.job where name = $1 group by singleton_on order by singleton_on`,
        [SCHEDULES.abandonedPurchases],
      )
      .finally(() => own.end());
    const seconds = (Date.now() - startedAt) / 1000;
    expect(slots.length).toBeGreaterThanOrEqual(4);
    expect(slots.length).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    expect(slots.every((slot) => Number(slot.runs) === 1)).toBe(true);
    expect(slots.filter((slot) => slot.states[0] === 'completed').length).toBeGreaterThan(3);
  }, 60_000);
});
