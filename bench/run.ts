/**
 * `npm run bench`: the budgets of DESIGN §9 measured on this machine, written to bench/REPORT.md.
 * - API throughput of GET /api/course/all and /api/course/:id against a ceiling: the same bytes
 *   answered from memory by the same server, measured side by side with autocannon.
 * - Educator dashboard and enrolled-students latency (p95) with 100,000 enrollments.
 * - The gzip size of the JS loaded by `/` (when the client is built).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import express from 'express';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { seedDemoData } from '../server/src/db/seed/seed';
import { buildDeps } from '../server/src/deps';
import { createLogger } from '../server/src/logger';
import { createLocalTokens } from '../server/src/providers/auth-local';
import { insertUser } from '../server/src/modules/users/users.repository';

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 32;

async function throughput(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
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

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-bench-'));
  const secret = 'bench-secret-bench-secret-bench-secret';
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    AUTH_SECRET: secret,
    PAYMENTS_SANDBOX: '1',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await migrate(database.db);
  await seedDemoData(database.db, {
    uploadDir: path.join(dataDir, 'uploads'),
    demoAccounts: false,
  });
  const deps = await buildDeps(config, database, createLogger('silent'));
  const app = createApp(deps);

  // The ceiling: the very bytes of each measured response, answered from memory by the same process.
  const ceiling = new Map<string, string>();
  const outer = express();
  outer.get('/__ceiling/*path', (req, res) => {
    res.type('application/json').send(ceiling.get(req.path.replace('/__ceiling', '')));
  });
  outer.use(app);
  const server = outer.listen(0);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const all = await (await fetch(`${base}/api/course/all`)).text();
  const firstId = (JSON.parse(all) as { courses: { _id: string }[] }).courses[0]!._id;
  const detailPath = `/api/course/${firstId}`;
  ceiling.set('/api/course/all', all);
  ceiling.set(detailPath, await (await fetch(base + detailPath)).text());

  const rows: string[] = [];
  for (const route of ['/api/course/all', detailPath]) {
    const real = await throughput(base + route);
    const mem = await throughput(`${base}/__ceiling${route}`);
    const ratio = real.rps / mem.rps;
    rows.push(
      `| GET ${route.replace(firstId, ':id')} | ${real.rps.toFixed(0)} | ${mem.rps.toFixed(0)} | ${ratio.toFixed(2)} | ${ratio >= 0.8 ? 'pass' : 'FAIL'} |`,
    );
  }

  // 1,000 courses and 100,000 enrollments owned by one educator.
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
  const auth = { Authorization: `Bearer ${await tokens.issue(educator.id)}` };
  const latency: string[] = [];
  for (const route of ['/api/educator/dashboard', '/api/educator/enrolled-students']) {
    const p95 = await latencyP95(base + route, auth);
    latency.push(`| GET ${route} | ${p95.toFixed(1)} ms | ${p95 < 50 ? 'pass' : 'FAIL'} |`);
  }

  let bundle = 'client not built (run `npm run build`)';
  try {
    // @ts-expect-error plain ESM script without types
    const { measureEntryJs, BUDGET_KB } = await import('../scripts/bundle-size.mjs');
    const { totalGzipKb } = measureEntryJs();
    bundle = `${totalGzipKb.toFixed(1)} kB gzip (budget ${BUDGET_KB} kB: ${totalGzipKb <= BUDGET_KB ? 'pass' : 'FAIL'})`;
  } catch (err) {
    bundle = (err as Error).message;
  }

  const report = `# Benchmark report

Generated by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (${os.cpus().length} cores, Node ${process.version}), PGlite,
the demo catalogue; autocannon ${CONNECTIONS} connections × ${DURATION_S} s per row.

## API throughput vs. the in-memory ceiling (budget ≥ 0.8)
| route | req/s | ceiling req/s | ratio | verdict |
|---|---|---|---|---|
${rows.join('\n')}

## Educator queries with 1,000 courses and 100,000 enrollments (budget p95 < 50 ms)
| route | p95 | verdict |
|---|---|---|
${latency.join('\n')}

## JS loaded by \`/\`
${bundle}
`;
  await writeFile(path.join(here, 'REPORT.md'), report);
  console.log(report);
  server.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
  if (/FAIL/.test(report)) process.exitCode = 1;
}

await main();
