import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { buildDeps, type AppDeps } from '../server/src/deps';
import { createLogger } from '../server/src/logger';
import { createHashQueue } from '../server/src/modules/auth/hash-queue';
import { createPasswordHasher, hashPassword } from '../server/src/modules/auth/password';
import { insertUser } from '../server/src/modules/users/users.repository';

/** Static files stay fast during a burst of 20 sign-ins. */
export const SIGN_IN_BURST = 20;
export const STATIC_DURING_BURST_P95_BUDGET_MS = 250;
const QUIET_SAMPLES = 100;
const SAMPLE_EVERY_MS = 20;
const EMAIL = 'alvo@bench.test';

export interface StaticBurstRow {
  scenario: string;
  /** Whether the budget applies: the unbounded row only shows what the queue prevents. */
  budgeted: boolean;
  p95Ms: number;
  maxMs: number;
  samples: number;
  /** Answers to the burst's sign-ins by status (401 wrong password, 503 hashing line full). */
  signIns: Record<string, number>;
  burstMs: number;
}

export interface StaticBurstResults {
  file: string;
  rows: StaticBurstRow[];
}

function p95(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
}

async function timeFetch(url: string): Promise<number> {
  const start = performance.now();
  // Uncompressed: the bench's client shares this process's thread pool with the server, and
  // decompressing there would time the client. The server then reads the file from disk, as it
  // does for images.
  const res = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return performance.now() - start;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks for the static file every SAMPLE_EVERY_MS whether or not earlier answers came (so a stall
 * shows in every request it holds up, not in one), while 20 wrong sign-ins for one account are in
 * flight, all sent at once; `burst: false` samples it with nothing else running.
 */
async function sample(base: string, file: string, burst: boolean) {
  const url = `${base}/${file}`;
  const pending: Promise<number>[] = [];
  if (!burst) {
    for (let i = 0; i < QUIET_SAMPLES; i++) {
      pending.push(timeFetch(url));
      await delay(SAMPLE_EVERY_MS);
    }
    return { times: await Promise.all(pending), signIns: {}, burstMs: 0 };
  }
  const signIns: Record<string, number> = {};
  const start = performance.now();
  let inFlight = SIGN_IN_BURST;
  const requests = Array.from({ length: SIGN_IN_BURST }, (_, i) =>
    fetch(`${base}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: `errada-${i}-errada` }),
    }).then(async (res) => {
      await res.arrayBuffer();
      signIns[res.status] = (signIns[res.status] ?? 0) + 1;
      inFlight--;
    }),
  );
  while (inFlight > 0) {
    pending.push(timeFetch(url));
    await delay(SAMPLE_EVERY_MS);
  }
  await Promise.all(requests);
  const burstMs = performance.now() - start;
  return { times: await Promise.all(pending), signIns, burstMs };
}

async function listen(deps: AppDeps): Promise<{ server: Server; base: string }> {
  const server = createApp(deps).listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * Static file latency (p95) with no sign-ins, then during a burst of wrong sign-ins with the
 * hashing queue as the app runs it, then with the queue unbounded (what the app did before it),
 * in process on PGlite. The file is the built client's entry script, served as in production.
 */
export async function measureStaticDuringSignIns(distDir: string): Promise<StaticBurstResults> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const entry = /<script[^>]+src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('no entry script in client/dist/index.html');

  const workDir = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-bench-static-'));
  // A copy, so a rebuild of client/dist during the run cannot remove the file being measured.
  const clientDist = path.join(workDir, 'client');
  await mkdir(path.join(clientDist, 'assets'), { recursive: true });
  await copyFile(path.join(distDir, entry), path.join(clientDist, entry));
  await copyFile(path.join(distDir, 'index.html'), path.join(clientDist, 'index.html'));

  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: path.join(workDir, 'data'),
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    PAYMENTS_SANDBOX: '1',
    // Production with local accounts needs an SMTP server; these runs send no mail.
    SMTP_URL: 'smtp://127.0.0.1:25',
    LOG_LEVEL: 'silent',
    CLIENT_DIST: clientDist,
    // What is measured is the hashing, not the limits that would refuse most of a burst first.
    AUTH_RATE_LIMIT_MAX: '1000000',
  });
  const database = await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  const servers: Server[] = [];
  // Its job queue's timers would keep the process alive: closed in finally.
  let deps: AppDeps | undefined;
  try {
    await migrate(database.db);
    await insertUser(database.db, {
      id: 'usr_bench_alvo',
      name: 'Alvo',
      email: EMAIL,
      passwordHash: await hashPassword('a-senha-certa-123'),
    });
    deps = await buildDeps(config, database, createLogger('silent'));
    if (deps.auth.kind !== 'local') throw new Error('the bench needs local accounts');
    const queued = await listen(deps);
    const unbounded = await listen({
      ...deps,
      auth: {
        ...deps.auth,
        passwords: createPasswordHasher(
          createHashQueue({ concurrency: Infinity, maxWaiting: Infinity }),
        ),
      },
    });
    servers.push(queued.server, unbounded.server);
    await timeFetch(`${queued.base}/${entry}`);

    const scenarios = [
      { scenario: 'no sign-ins', base: queued.base, burst: false, budgeted: false },
      {
        scenario: `${SIGN_IN_BURST} wrong sign-ins, hashing queue`,
        base: queued.base,
        burst: true,
        budgeted: true,
      },
      {
        scenario: `${SIGN_IN_BURST} wrong sign-ins, no queue (before)`,
        base: unbounded.base,
        burst: true,
        budgeted: false,
      },
    ];
    const rows: StaticBurstRow[] = [];
    for (const { scenario, base, burst, budgeted } of scenarios) {
      const { times, signIns, burstMs } = await sample(base, entry, burst);
      rows.push({
        scenario,
        budgeted,
        p95Ms: p95(times),
        maxMs: Math.max(...times),
        samples: times.length,
        signIns,
        burstMs,
      });
    }
    return { file: `/${entry}`, rows };
  } finally {
    await Promise.all(
      servers.map((server) => new Promise((resolve) => server.close(() => resolve(null)))),
    );
    await deps?.close();
    await database.close();
    await rm(workDir, { recursive: true, force: true });
  }
}
