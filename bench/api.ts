import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import express from 'express';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { seedDemoData } from '../server/src/db/seed/seed';
import { vacuumAndAnalyze } from '../server/src/db/maintenance';
import { buildDeps, type AppDeps } from '../server/src/deps';
import { createLogger } from '../server/src/logger';
import { createLocalTokens } from '../server/src/providers/auth-local';
import { insertUser } from '../server/src/modules/users/users.repository';

/** The API answers at ≥ 0.8 × the in-memory ceiling; educator queries p95 < 50 ms. */
export const THROUGHPUT_RATIO_BUDGET = 0.8;
export const EDUCATOR_P95_BUDGET_MS = 50;
export const CONNECTIONS = 32;

export interface ThroughputRow {
  route: string;
  rps: number;
  ceilingRps: number;
  ratio: number;
}

export interface LatencyRow {
  route: string;
  p95Ms: number;
}

export interface ApiResults {
  throughput: ThroughputRow[];
  latency: LatencyRow[];
}

async function throughput(url: string, durationS: number) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: durationS });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function latencyP95(url: string, headers: Record<string, string>, samples = 200) {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    await res.arrayBuffer();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(samples * 0.95)]!;
}

/**
 * The API budgets, in process on PGlite with the demo catalogue: throughput of the two public
 * course routes against a ceiling (the very bytes they answer, sent from memory by the same
 * server), then the educator routes with 1,000 courses and 100,000 enrollments.
 */
export async function measureApi(durationS: number): Promise<ApiResults> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-bench-'));
  const secret = randomBytes(32).toString('base64url');
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    AUTH_SECRET: secret,
    PAYMENTS_SANDBOX: '1',
    // Production with local accounts needs an SMTP server; these runs send no mail.
    SMTP_URL: 'smtp://127.0.0.1:25',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const outer = express();
  const server = outer.listen(0);
  // Its job queue's timers would keep the process alive: closed in finally.
  let deps: AppDeps | undefined;
  try {
    await migrate(database.db);
    await seedDemoData(database.db, {
      uploadDir: path.join(dataDir, 'uploads'),
      demoAccounts: false,
    });
    deps = await buildDeps(config, database, createLogger('silent'));
    const app = createApp(deps);

    const ceiling = new Map<string, string>();
    outer.get('/__ceiling/*path', (req, res) => {
      const route = req.path.replace('/__ceiling', '');
      res
        .type(route.startsWith('/api/') ? 'application/json' : 'text/html')
        .send(ceiling.get(route));
    });
    outer.use(app);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const all = await (await fetch(`${base}/api/course/all`)).text();
    const firstId = (JSON.parse(all) as { courses: { _id: string }[] }).courses[0]!._id;
    const detailPath = `/api/course/${firstId}`;
    // The server-rendered course page: kept in memory beside the JSON it shows.
    const pagePath = `/course/${firstId}`;
    ceiling.set('/api/course/all', all);
    ceiling.set(detailPath, await (await fetch(base + detailPath)).text());
    const page = await fetch(base + pagePath);
    if (!page.headers.get('content-type')?.startsWith('text/html') || !page.ok)
      throw new Error(
        `${pagePath}: ${page.status}, not a rendered page (is client/dist-ssr built?)`,
      );
    ceiling.set(pagePath, await page.text());

    const rows: ThroughputRow[] = [];
    for (const route of ['/api/course/all', detailPath, pagePath]) {
      const rps = await throughput(base + route, durationS);
      const ceilingRps = await throughput(`${base}/__ceiling${route}`, durationS);
      rows.push({
        route: route.replace(firstId, ':id'),
        rps,
        ceilingRps,
        ratio: rps / ceilingRps,
      });
    }

    const tokens = createLocalTokens(secret);
    const educator = await insertUser(database.db, {
      id: 'usr_bench_edu',
      name: 'Bench',
      email: 'bench@edu.test',
      role: 'educator',
    });
    await database.db.execute(sql`insert into users (id, name, email)
      select 'usr_bench_' || g, 'Aluno ' || g, 'aluno' || g || '@bench.test' from generate_series(1, 1000) g`);
    await database.db
      .execute(sql`insert into courses (educator_id, title, thumbnail_url, price, discount, created_at)
      select ${educator.id}, 'Curso ' || g, '/x.webp', 10 + g % 50, g % 30, now() - g * interval '1 minute' from generate_series(1, 1000) g`);
    await database.db.execute(sql`insert into enrollments (user_id, course_id, enrolled_at)
      select 'usr_bench_' || u, c.id, now() - (u * interval '1 second')
      from (select id, row_number() over (order by id) rn from courses where educator_id = ${educator.id}) c
      cross join generate_series(1, 100) u`);
    // Each enrollment was paid for, so the earnings figure has 100,000 purchases to account for.
    await database.db
      .execute(sql`insert into purchases (user_id, course_id, amount, currency, status, provider, completed_at)
      select e.user_id, e.course_id, c.price, 'usd', 'completed', 'sandbox', e.enrolled_at
      from enrollments e join courses c on c.id = e.course_id where c.educator_id = ${educator.id}`);
    // After a bulk load, what autovacuum (on PostgreSQL) or the server's own timer (on PGlite,
    // server/src/db/maintenance.ts) does within minutes.
    await vacuumAndAnalyze(database);
    const auth = { Authorization: `Bearer ${await tokens.issue(educator.id)}` };
    const latency: LatencyRow[] = [];
    for (const route of ['/api/educator/dashboard', '/api/educator/enrolled-students']) {
      latency.push({ route, p95Ms: await latencyP95(base + route, auth) });
    }
    return { throughput: rows, latency };
  } finally {
    server.close();
    await deps?.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
