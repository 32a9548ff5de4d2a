import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase, type Database } from '../server/src/db/client';
import { vacuumAndAnalyze } from '../server/src/db/maintenance';
import { migrate } from '../server/src/db/migrate';
import { buildDeps } from '../server/src/deps';
import { createLogger } from '../server/src/logger';
import { createLocalTokens } from '../server/src/providers/auth-local';

/** The educator's analytics answer within p95 < 50 ms at 1,000 courses and 100,000 enrollments. */
export const ANALYTICS_P95_BUDGET_MS = 50;
export const ANALYTICS_COURSES = 1000;
export const ANALYTICS_ENROLLMENTS = 100_000;
const LECTURES_PER_COURSE = 10;
const SECRET = randomBytes(32).toString('base64url');
const EDUCATOR_ID = 'usr_bench_analytics_edu';

export interface AnalyticsLatencyRow {
  route: string;
  p95Ms: number;
}

export interface AnalyticsResults {
  rows: AnalyticsLatencyRow[];
  samples: number;
  progressRows: number;
}

function p95(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length * 0.95)]!;
}

/**
 * One educator with 1,000 courses of 10 lectures; 1,000 learners enrolled in every course
 * (100,000 enrollments) spread over the last 100 days, each paid for; one enrollment in five has
 * completed the first 0–10 lectures. Written through the tables' triggers, as the app writes them.
 */
async function loadAnalyticsData(database: Database): Promise<number> {
  const { db } = database;
  await db.execute(sql`insert into users (id, name, email, role)
    values (${EDUCATOR_ID}, 'Bench', 'analytics@edu.test', 'educator')`);
  await db.execute(sql`insert into users (id, name, email)
    select 'usr_bench_a_' || g, 'Aluno ' || g, 'a' || g || '@bench.test' from generate_series(1, 100) g`);
  await db.execute(sql`insert into courses (educator_id, title, thumbnail_url, price, discount, content, created_at)
    select ${EDUCATOR_ID}, 'Curso ' || g, '/x.webp', 10 + g % 50, g % 30,
      (select jsonb_agg(jsonb_build_object('chapterId', 'c' || ch, 'chapterTitle', 'Capítulo ' || ch,
        'chapterOrder', ch, 'chapterContent',
        (select jsonb_agg(jsonb_build_object('lectureId', 'l' || ch || '-' || l, 'lectureTitle', 'Aula ' || l,
          'lectureDuration', 5, 'lectureUrl', 'https://youtu.be/dQw4w9WgXcQ', 'isPreviewFree', false,
          'lectureOrder', l)) from generate_series(1, ${LECTURES_PER_COURSE / 2}) l)))
        from generate_series(1, 2) ch),
      now() - g * interval '1 minute'
    from generate_series(1, ${ANALYTICS_COURSES}) g`);
  await db.execute(sql`insert into enrollments (user_id, course_id, enrolled_at)
    select 'usr_bench_a_' || u, c.id, now() - ((u * 7919 + c.rn * 31) % (100 * 86400)) * interval '1 second'
    from (select id, row_number() over (order by id) rn from courses where educator_id = ${EDUCATOR_ID}) c
    cross join generate_series(1, ${ANALYTICS_ENROLLMENTS / ANALYTICS_COURSES}) u`);
  await db.execute(sql`insert into purchases (user_id, course_id, amount, currency, status, provider, completed_at)
    select e.user_id, e.course_id, c.price, 'usd', 'completed', 'sandbox', e.enrolled_at
    from enrollments e join courses c on c.id = e.course_id where c.educator_id = ${EDUCATOR_ID}`);
  await db.execute(sql`insert into lecture_progress (user_id, course_id, lecture_id)
    select e.user_id, e.course_id, 'l' || ((k - 1) / 5 + 1) || '-' || ((k - 1) % 5 + 1)
    from enrollments e
    cross join lateral generate_series(1, (hashtext(e.user_id || e.course_id::text) & 1023) % 11) k
    where hashtext(e.course_id::text || e.user_id) % 5 = 0`);
  const [row] = (
    await db.execute<{ n: number }>(sql`select count(*)::int as n from lecture_progress`)
  ).rows;
  // After a bulk load, what the server's own maintenance timer does within minutes on PGlite.
  await vacuumAndAnalyze(database);
  return row!.n;
}

/** GET /api/educator/analytics for 30 and 90 days, in process on PGlite, `samples` times each. */
export async function measureAnalytics(samples = 100): Promise<AnalyticsResults> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-bench-analytics-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    AUTH_SECRET: SECRET,
    PAYMENTS_SANDBOX: '1',
    // Production with local accounts needs an SMTP server; these runs send no mail.
    SMTP_URL: 'smtp://127.0.0.1:25',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrate(database.db);
    const progressRows = await loadAnalyticsData(database);
    const deps = await buildDeps(config, database, createLogger('silent'));
    const app = createApp(deps);
    const server = app.listen(0);
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const headers = {
        Authorization: `Bearer ${await createLocalTokens(SECRET).issue(EDUCATOR_ID)}`,
      };
      const rows: AnalyticsLatencyRow[] = [];
      for (const route of ['/api/educator/analytics?days=30', '/api/educator/analytics?days=90']) {
        const times: number[] = [];
        // The first few warm the query plans, as a running server's would be.
        for (let i = 0; i < samples + 5; i++) {
          const start = performance.now();
          const res = await fetch(base + route, { headers });
          if (!res.ok) throw new Error(`${route}: ${res.status}`);
          await res.arrayBuffer();
          if (i >= 5) times.push(performance.now() - start);
        }
        rows.push({ route, p95Ms: p95(times) });
      }
      return { rows, samples, progressRows };
    } finally {
      server.close();
      // Its job queue's timers would keep the process alive.
      await deps.close();
    }
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
