import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { seedDemoData } from '../server/src/db/seed/seed';
import { buildDeps } from '../server/src/deps';
import { createLogger } from '../server/src/logger';
import { insertCertificate } from '../server/src/modules/learning/certificates.repository';
import { newCertificateId } from '../server/src/modules/learning/certificates.service';
import { insertUser } from '../server/src/modules/users/users.repository';

/** Random addresses at 100 connections cost visitors no more than 2× ordinary load. */
export const ATTACK_CONNECTIONS = 100;
export const VISITOR_P99_RATIO_BUDGET = 2;
/** A certificate PDF, once made, is served at ≥ 500 req/s. */
export const PDF_RPS_BUDGET = 500;
const PDF_CONNECTIONS = 32;
const SAMPLE_EVERY_MS = 20;

export interface PageLoadRow {
  scenario: string;
  /** What the 100 connections asked for, as a pattern. */
  attack: string;
  attackRps: number;
  /** The attack's answers by status and kind (rendered page or app shell). */
  answers: Record<string, number>;
  visitorP50Ms: number;
  visitorP99Ms: number;
  visitorSamples: number;
}

export interface HardeningResults {
  seconds: number;
  pages: PageLoadRow[];
  pdf: { firstMs: number; bytes: number; rps: number };
}

function percentile(times: number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

const randomWord = () => randomBytes(6).toString('hex');

/**
 * 100 connections ask for `attackPath()` (a fresh address each time) while a visitor opens the
 * course page every 20 ms, as a person would, and times each answer.
 */
async function underLoad(
  base: string,
  visitorPath: string,
  attackPath: () => string,
  seconds: number,
): Promise<Omit<PageLoadRow, 'scenario' | 'attack'>> {
  const answers: Record<string, number> = {};
  const count = (status: number, body: string) => {
    // The app shell has an empty root; a rendered page has the page in it.
    const kind = body.includes('<div id="root"></div>') ? 'app shell' : 'rendered';
    const key = `${status} ${kind}`;
    answers[key] = (answers[key] ?? 0) + 1;
  };
  const attack = autocannon({
    url: base,
    connections: ATTACK_CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => ({ ...req, path: attackPath() }),
        onResponse: (status, body) => count(status, body),
      },
    ],
  });
  const times: number[] = [];
  let running = true;
  const done = attack.then((result) => {
    running = false;
    return result;
  });
  const visits: Promise<void>[] = [];
  while (running) {
    visits.push(
      (async () => {
        const start = performance.now();
        const res = await fetch(base + visitorPath, { headers: { 'Accept-Encoding': 'gzip' } });
        await res.arrayBuffer();
        if (res.ok) times.push(performance.now() - start);
      })(),
    );
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
  }
  const result = await done;
  await Promise.all(visits);
  return {
    attackRps: result.requests.average,
    answers,
    visitorP50Ms: percentile(times, 0.5),
    visitorP99Ms: percentile(times, 0.99),
    visitorSamples: times.length,
  };
}

/**
 * In process on PGlite with the demo catalogue and the built client (rendered pages need
 * client/dist-ssr): a course page under 100 connections of the cached page itself, then of
 * addresses made up to miss the cache; then a certificate's PDF once it is made.
 */
export async function measureHardening(seconds: number): Promise<HardeningResults> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-bench-hardening-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    PAYMENTS_SANDBOX: '1',
    // Production with local accounts needs an SMTP server; these runs send no mail.
    SMTP_URL: 'smtp://127.0.0.1:25',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await migrate(database.db);
  await seedDemoData(database.db, {
    uploadDir: path.join(dataDir, 'uploads'),
    demoAccounts: false,
  });
  const app = createApp(await buildDeps(config, database, createLogger('silent')));
  const server = app.listen(0);
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const catalogue = (await (await fetch(`${base}/api/course/all`)).json()) as {
      courses: { _id: string; courseTitle: string }[];
    };
    const course = catalogue.courses[0]!;
    const coursePage = `/course/${course._id}`;
    const page = await fetch(base + coursePage);
    if (!page.ok || !(await page.text()).includes(course.courseTitle))
      throw new Error(`${coursePage}: not a rendered page (is client/dist-ssr built?)`);

    const scenarios: { scenario: string; attack: string; path: () => string }[] = [
      { scenario: 'cached page (ordinary load)', attack: coursePage, path: () => coursePage },
      {
        scenario: 'random parameter on the course page',
        attack: `${coursePage}?utm_source=<random>`,
        path: () => `${coursePage}?utm_source=${randomWord()}`,
      },
      {
        scenario: 'random search on the course list',
        attack: '/course-list?q=<random>',
        path: () => `/course-list?q=${randomWord()}`,
      },
      {
        scenario: 'random course ids',
        attack: '/course/<random uuid>',
        path: () => `/course/${crypto.randomUUID()}`,
      },
    ];
    // Warm-up: the first seconds of any run are the JIT's, not the page's.
    await underLoad(base, coursePage, () => coursePage, 3);
    const pages: PageLoadRow[] = [];
    for (const { scenario, attack, path: attackPath } of scenarios) {
      console.log(`  ${scenario}…`);
      pages.push({ scenario, attack, ...(await underLoad(base, coursePage, attackPath, seconds)) });
    }

    const learner = await insertUser(database.db, {
      id: 'usr_bench_certificate',
      name: 'Ana Bench',
      email: 'ana@bench.test',
    });
    const certificateId = newCertificateId();
    await insertCertificate(database.db, {
      id: certificateId,
      userId: learner.id,
      courseId: course._id,
      learnerName: 'محمد Ana 王 😀',
      courseTitle: course.courseTitle,
      educatorName: 'Prof. Bench',
      hours: '2.5',
      completedAt: new Date(),
    });
    const pdfUrl = `${base}/api/certificate/${certificateId}/pdf`;
    const start = performance.now();
    const first = await fetch(pdfUrl);
    const bytes = (await first.arrayBuffer()).byteLength;
    const firstMs = performance.now() - start;
    if (!first.ok) throw new Error(`${pdfUrl}: ${first.status}`);
    const served = await autocannon({
      url: pdfUrl,
      connections: PDF_CONNECTIONS,
      duration: seconds,
    });
    if (served.non2xx > 0 || served.errors > 0)
      throw new Error(`${pdfUrl}: ${served.non2xx} non-2xx, ${served.errors} errors`);
    return { seconds, pages, pdf: { firstMs, bytes, rps: served.requests.average } };
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await database.close();
  }
}

export function hardeningSection(results: HardeningResults | { notMeasured: string }): string {
  if ('notMeasured' in results) return `## Hardening\n\nNot measured: ${results.notMeasured}\n`;
  const [baseline] = results.pages;
  const rows = results.pages.map((row) => {
    const ratio = row.visitorP99Ms / baseline!.visitorP99Ms;
    const answers = Object.entries(row.answers)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
    const verdict =
      row === baseline ? '—' : ratio <= VISITOR_P99_RATIO_BUDGET ? 'pass' : '**FAIL**';
    return `| ${row.scenario} | \`${row.attack}\` | ${row.attackRps.toFixed(0)} | ${answers} | ${row.visitorP50Ms.toFixed(1)} | ${row.visitorP99Ms.toFixed(1)} | ${ratio.toFixed(2)} | ${verdict} |`;
  });
  const pdfOk = results.pdf.rps >= PDF_RPS_BUDGET;
  return `## Hardening

In process on PGlite with the demo catalogue and the built client. ${ATTACK_CONNECTIONS} connections
× ${results.seconds} s ask for each pattern while a visitor opens the cached course page every
${SAMPLE_EVERY_MS} ms; budget: the visitor's p99 within ${VISITOR_P99_RATIO_BUDGET}× of its p99 under
the same load of the cached page itself (first row).

| scenario | 100 connections ask for | req/s | answers | visitor p50 (ms) | visitor p99 (ms) | p99 ÷ first row | |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Certificate PDF (a name in Arabic, Latin, Chinese and emoji): made in ${results.pdf.firstMs.toFixed(0)} ms
(${(results.pdf.bytes / 1024).toFixed(0)} KB), then served from the database at
${results.pdf.rps.toFixed(0)} req/s with ${PDF_CONNECTIONS} connections (budget ≥ ${PDF_RPS_BUDGET}): ${pdfOk ? 'pass' : '**FAIL**'}.
`;
}
