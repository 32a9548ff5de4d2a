import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { seedDemoData } from '../server/src/db/seed/seed';
import { hashPassword } from '../server/src/modules/auth/password';
import { rssMb, startAppServer, watchPeakRss } from './app-server';

/** Issue 30: at 100 connections on PGlite, the signed-in reads answer with p99 < 200 ms. */
export const SIGNED_IN_P99_BUDGET_MS = 200;
/** Issue 30: the server process's resident memory, idle and under this load. */
export const IDLE_RSS_BUDGET_MB = 350;
export const LOADED_RSS_BUDGET_MB = 500;
export const SIGNED_IN_CONNECTIONS = 100;
/** A learner with a realistic shelf: ~10–20 courses, some under way, some rated. */
const ENROLLMENTS = Number(process.env.BENCH_ENROLLMENTS ?? 15);
/** How long the idle server is left before its RSS is read: timers, the job queue and GC settle. */
const IDLE_SETTLE_MS = Number(process.env.BENCH_IDLE_SETTLE_MS ?? 10_000);
const RSS_SAMPLE_MS = 250;

const LEARNER = {
  id: 'usr_bench_learner',
  email: 'aluna@bench.test',
  password: 'bench-password-123',
};

export interface SignedInRow {
  route: string;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Mean response body size. */
  bytes: number;
  /** Only the signed-in reads have a p99 budget; the catalogue is the yardstick beside them. */
  budgeted: boolean;
}

export interface SignedInResults {
  enrollments: number;
  rows: SignedInRow[];
  /** Issue 48: idle after a first start on an empty data folder, with the demo seed and with none. */
  firstStartIdleRssMb: { demo: number; none: number };
  /** Idle after a start on a folder already migrated and seeded (the learner's, below). */
  idleRssMb: number;
  /** The highest RSS sampled while the load ran. */
  loadedRssMb: number;
}

/**
 * The demo catalogue, then one learner enrolled in ENROLLMENTS of its courses with about half their
 * lectures completed and every third course rated: written before the server opens the directory.
 */
async function prepareLearner(dataDir: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const { db } = database;
    await migrate(db);
    await seedDemoData(db, { uploadDir: path.join(dataDir, 'uploads'), demoAccounts: false });
    const passwordHash = await hashPassword(LEARNER.password);
    await db.execute(sql`insert into users (id, name, email, password_hash)
      values (${LEARNER.id}, 'Aluna de Bench', ${LEARNER.email}, ${passwordHash})`);
    await db.execute(sql`insert into enrollments (user_id, course_id, enrolled_at)
      select ${LEARNER.id}, id, now() - (row_number() over (order by created_at) * interval '1 day')
      from courses where is_published order by created_at limit ${ENROLLMENTS}`);
    await db.execute(sql`insert into lecture_progress (user_id, course_id, lecture_id)
      select e.user_id, e.course_id, l.lecture_id #>> '{}'
      from enrollments e join courses c on c.id = e.course_id
      cross join lateral (
        select value lecture_id, row_number() over () rn
        from jsonb_array_elements(jsonb_path_query_array(c.content, '$[*].chapterContent[*].lectureId'))
      ) l
      where e.user_id = ${LEARNER.id} and l.rn % 2 = 1`);
    await db.execute(sql`insert into ratings (user_id, course_id, rating, review)
      select user_id, course_id, 4, 'Bom curso, explicações claras.'
      from (select user_id, course_id, row_number() over (order by course_id) rn
        from enrollments where user_id = ${LEARNER.id}) e
      where rn % 3 = 0`);
  } finally {
    await database.close();
  }
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: LEARNER.email, password: LEARNER.password }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * The server's RSS once idle after a first start on an empty data folder: it initialises, migrates
 * and (with `seed`) seeds the folder itself, which a later start on the same folder does not.
 */
async function firstStartIdleRssMb(distDir: string, seed: 'demo' | 'none'): Promise<number> {
  const app = await startAppServer(distDir, { env: { SEED: seed } });
  try {
    await fetch(`${app.base}/api/course/teaser`);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
    return await rssMb(app.pid);
  } finally {
    await app.stop();
  }
}

/**
 * The catalogue and the two signed-in reads every page of a learner makes, each at 100 connections
 * against the production server (`server/src/main.ts`, as `npm start` runs it) on PGlite, in one
 * run; the server's RSS idle before the load and at its highest during it.
 */
export async function measureSignedIn(
  distDir: string,
  durationS: number,
): Promise<SignedInResults> {
  const firstStart = {
    demo: await firstStartIdleRssMb(distDir, 'demo'),
    none: await firstStartIdleRssMb(distDir, 'none'),
  };
  const app = await startAppServer(distDir, { prepare: prepareLearner });
  try {
    const token = await signIn(app.base);
    const headers = { Authorization: `Bearer ${token}` };
    const enrolled = (await (
      await fetch(`${app.base}/api/user/enrolled-courses`, { headers })
    ).json()) as { enrolledCourses: unknown[] };
    if (enrolled.enrolledCourses.length !== ENROLLMENTS) {
      throw new Error(`the learner has ${enrolled.enrolledCourses.length} enrollments`);
    }

    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
    const idleRssMb = await rssMb(app.pid);

    const sampler = watchPeakRss([app.pid], RSS_SAMPLE_MS);
    let loadedRssMb = idleRssMb;
    const rows: SignedInRow[] = [];
    try {
      for (const [route, signedIn] of [
        ['/api/course/all', false],
        ['/api/user/enrolled-courses', true],
        ['/api/user/data', true],
      ] as const) {
        const result = await autocannon({
          url: app.base + route,
          connections: SIGNED_IN_CONNECTIONS,
          duration: durationS,
          headers: signedIn ? headers : {},
        });
        if (result.non2xx > 0 || result.errors > 0)
          throw new Error(`${route}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        rows.push({
          route,
          rps: result.requests.average,
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          bytes: result.throughput.total / Math.max(1, result.requests.total),
          budgeted: signedIn,
        });
      }
    } finally {
      loadedRssMb = Math.max(loadedRssMb, ...sampler.stop().peakMb);
    }
    loadedRssMb = Math.max(loadedRssMb, await rssMb(app.pid));
    return {
      enrollments: ENROLLMENTS,
      rows,
      firstStartIdleRssMb: firstStart,
      idleRssMb,
      loadedRssMb,
    };
  } finally {
    await app.stop();
  }
}

function rssRow(what: string, mb: number, budgetMb: number): string {
  return `| ${what} | ${mb.toFixed(0)} | ≤ ${budgetMb} | ${mb <= budgetMb ? 'PASS' : '**FAIL**'} |`;
}

export function signedInSection(
  results: SignedInResults | { notMeasured: string },
  load1?: number,
): string {
  const heading = `## Signed-in reads beside the catalogue, and the server's memory (issue 30)`;
  if ('notMeasured' in results) return `${heading}\nNot measured: ${results.notMeasured}\n`;
  const lines = [
    heading,
    `The production server as \`npm start\` runs it (\`server/src/main.ts\`, PGlite, demo catalogue),`,
    `${SIGNED_IN_CONNECTIONS} connections per row, one route after another in the same run; the learner has`,
    `${results.enrollments} enrollments, about half their lectures completed, every third course rated.` +
      (load1 === undefined ? '' : ` Load average (1 min) at the start: ${load1.toFixed(1)}.`),
    '',
    '| route | req/s | p50 | p99 | body | budget | verdict |',
    '|---|---|---|---|---|---|---|',
    ...results.rows.map((row) => {
      const verdict = !row.budgeted
        ? 'for comparison'
        : row.p99Ms < SIGNED_IN_P99_BUDGET_MS
          ? 'pass'
          : '**FAIL**';
      return `| GET ${row.route} | ${row.rps.toFixed(0)} | ${row.p50Ms} ms | ${row.p99Ms} ms | ${(row.bytes / 1024).toFixed(1)} kB | ${row.budgeted ? `p99 < ${SIGNED_IN_P99_BUDGET_MS} ms` : '—'} | ${verdict} |`;
    }),
    '',
    '| server RSS | MB | budget | verdict |',
    '|---|---|---|---|',
    rssRow(
      `idle after a first start on an empty folder, demo seed (${IDLE_SETTLE_MS / 1000} s after a read)`,
      results.firstStartIdleRssMb.demo,
      IDLE_RSS_BUDGET_MB,
    ),
    rssRow(
      'idle after a first start on an empty folder, `SEED=none`',
      results.firstStartIdleRssMb.none,
      IDLE_RSS_BUDGET_MB,
    ),
    rssRow(
      `idle after a start on a prepared folder (${IDLE_SETTLE_MS / 1000} s after the first reads)`,
      results.idleRssMb,
      IDLE_RSS_BUDGET_MB,
    ),
    rssRow('highest under the load above', results.loadedRssMb, LOADED_RSS_BUDGET_MB),
    '',
  ];
  return lines.join('\n');
}
