/**
 * Lighthouse on the pages people use once signed in (issue 46): My Courses, the player (a YouTube
 * lecture), the payment page of a reference voucher, the certificate page and the educator's
 * dashboard, as the demo learner and the demo educator, on the default and the harsh profile.
 */
import { readdir, readFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Result } from 'lighthouse';
import { authResponseSchema } from '@aprendiz/contract/auth';
import { openDatabase } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { DEMO_PASSWORD, seedDemoData } from '../server/src/db/seed/seed';
import { DEMO_EDUCATOR, DEMO_STUDENT } from '../server/src/db/seed/plan';
import { startAppServer } from './app-server';
import { type BrowserSession, SESSION_KEYS, storeSession } from './browser-session';
import {
  auditPages,
  HARSH_BUDGETS,
  LIGHTHOUSE_BUDGETS,
  type LighthouseResults,
  type PageRun,
  type PageToAudit,
  PROFILES,
  warmUp,
} from './lighthouse';

export interface SignedInLighthouse {
  default: LighthouseResults;
  harsh: LighthouseResults;
}

/** The demo catalogue with the demo learner and educator, as outside production (the server runs
 * in production here, which seeds no account one could sign in with). */
async function seedWithDemoAccounts(dataDir: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrate(database.db);
    await seedDemoData(database.db, {
      uploadDir: path.join(dataDir, 'uploads'),
      demoAccounts: true,
      currency: 'aoa',
    });
  } finally {
    await database.close();
  }
}

/** The build must still keep the session under the keys the bench writes, or every run is signed out. */
async function checkSessionKeys(distDir: string): Promise<void> {
  const assets = path.join(distDir, 'assets');
  const scripts = (await readdir(assets)).filter((file) => file.endsWith('.js'));
  const texts = await Promise.all(scripts.map((file) => readFile(path.join(assets, file), 'utf8')));
  for (const key of Object.values(SESSION_KEYS)) {
    const quoted = new RegExp(`["'\`]${key.replace('.', '\\.')}["'\`]`);
    if (!texts.some((text) => quoted.test(text))) {
      throw new Error(`no script of the build names the session key ${key}`);
    }
  }
}

async function api<T>(base: string, route: string, init: RequestInit & { token?: string } = {}) {
  const { token, ...rest } = init;
  const res = await fetch(`${base}${route}`, {
    ...rest,
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function signIn(base: string, email: string): Promise<BrowserSession> {
  const { token, user } = authResponseSchema.parse(
    await api(base, '/api/auth/sign-in', {
      method: 'POST',
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    }),
  );
  // Stored as the local auth provider stores it after signing in (its own user shape).
  return {
    token,
    user: { id: user._id, name: user.name, email: user.email, imageUrl: user.imageUrl },
  };
}

type Course = { _id: string; coursePrice: number; discount: number; educator?: unknown };
type Lectures = { courseData: { courseContent: { chapterContent: { lectureId: string }[] }[] } };

/**
 * The addresses to audit, made through the API as a learner would: a reference voucher for a paid
 * course the learner does not have, and a certificate for a free course they finish.
 */
async function prepareAddresses(base: string, learner: BrowserSession) {
  const { enrolledCourses } = await api<{
    enrolledCourses: { _id: string; coursePrice: number }[];
  }>(base, '/api/user/enrolled-courses', { token: learner.token });
  const enrolled = new Set(enrolledCourses.map((c) => c._id));
  // The paid course with progress under way plays a YouTube lecture; the free one is finished.
  const paidEnrolled = enrolledCourses.find((c) => c.coursePrice > 0);
  const freeEnrolled = enrolledCourses.find((c) => c.coursePrice === 0);
  if (!paidEnrolled || !freeEnrolled)
    throw new Error('the demo learner lacks a paid and a free course');

  const { courses } = await api<{ courses: Course[] }>(base, '/api/course/all');
  const toBuy = courses.find(
    (c) => !enrolled.has(c._id) && c.coursePrice * (1 - c.discount / 100) > 0,
  );
  if (!toBuy) throw new Error('the demo catalogue has no paid course left to buy');
  const purchase = await api<{ session_url: string }>(base, '/api/user/purchase', {
    method: 'POST',
    token: learner.token,
    body: JSON.stringify({ courseId: toBuy._id, method: 'reference' }),
  });
  const paymentPath = new URL(purchase.session_url, base).pathname;
  if (!paymentPath.startsWith('/payment/')) {
    throw new Error(`the reference voucher opened ${purchase.session_url}, not a payment page`);
  }

  const free = await api<Lectures>(base, `/api/course/${freeEnrolled._id}`, {
    token: learner.token,
  });
  for (const chapter of free.courseData.courseContent) {
    for (const { lectureId } of chapter.chapterContent) {
      await api(base, '/api/user/update-course-progress', {
        method: 'POST',
        token: learner.token,
        body: JSON.stringify({ courseId: freeEnrolled._id, lectureId }),
      });
    }
  }
  const { certificateId } = await api<{ certificateId: string }>(
    base,
    `/api/user/certificate/${freeEnrolled._id}`,
    { method: 'POST', token: learner.token },
  );
  return {
    player: `/player/${paidEnrolled._id}`,
    payment: paymentPath,
    certificate: `/certificate/${certificateId}`,
  };
}

type NetworkItem = { url: string; statusCode: number };

function apiRequests(lhr: Result): NetworkItem[] {
  const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
  return details?.items ?? [];
}

/** A run that never asked the API as the signed-in user measured a signed-out page. */
function askedSignedIn(route: RegExp) {
  return (lhr: Result) => {
    const ok = apiRequests(lhr).some(
      (item) => route.test(new URL(item.url).pathname) && item.statusCode === 200,
    );
    if (!ok) throw new Error(`${lhr.finalDisplayedUrl}: no 200 from ${route} (signed out?)`);
  };
}

/** Only signed-in callers get a 200 from it; the top bar's bell reads it on every page. */
const SIGNED_IN_ONLY = /^\/api\/notifications$/;

/**
 * A page the server drew for the viewer: the browser was signed in (the bell read its
 * notifications), yet never asked for `ownRead`, which it would have had the server sent the app
 * shell (signed out, or the page session refused).
 */
function drawnForViewer(ownRead: RegExp) {
  const signedIn = askedSignedIn(SIGNED_IN_ONLY);
  return (lhr: Result) => {
    signedIn(lhr);
    const asked = apiRequests(lhr).some((item) => ownRead.test(new URL(item.url).pathname));
    if (asked)
      throw new Error(`${lhr.finalDisplayedUrl}: asked ${ownRead} (drawn in the browser?)`);
  };
}

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

export async function measureSignedInLighthouse(
  distDir: string,
  chromePath: string,
): Promise<SignedInLighthouse> {
  await checkSessionKeys(distDir);
  const app = await startAppServer(distDir, { prepare: seedWithDemoAccounts });
  try {
    const learner = await signIn(app.base, DEMO_STUDENT.email);
    const educator = await signIn(app.base, DEMO_EDUCATOR.email);
    const addresses = await prepareAddresses(app.base, learner);
    await warmUp(app.base, app.clientDist);
    const as = (session: BrowserSession) => (port: number) => storeSession(port, app.base, session);
    const pages: PageToAudit[] = [
      {
        // Drawn on the server from the page session: the browser never asks for the courses.
        name: 'my-courses',
        path: '/my-enrollments',
        beforeEachRun: as(learner),
        checkRun: drawnForViewer(/^\/api\/user\/enrolled-courses$/),
      },
      {
        name: 'player',
        path: addresses.player,
        beforeEachRun: as(learner),
        checkRun: askedSignedIn(/^\/api\/user\/enrolled-courses\/|^\/api\/course\//),
      },
      {
        name: 'payment',
        path: addresses.payment,
        beforeEachRun: as(learner),
        checkRun: askedSignedIn(/^\/api\/payments\/[^/]+$/),
      },
      // Public and server-rendered, read here by its owner as they arrive from My Courses.
      { name: 'certificate', path: addresses.certificate, beforeEachRun: as(learner) },
      {
        name: 'educator-dashboard',
        path: '/educator',
        beforeEachRun: as(educator),
        checkRun: askedSignedIn(/^\/api\/educator\/dashboard$/),
      },
    ];
    // BENCH_PAGES=my-courses,player: only those (a change measured alone, quicker than all five).
    const only = process.env.BENCH_PAGES?.split(',').filter(Boolean);
    if (only) pages.splice(0, pages.length, ...pages.filter((p) => only.includes(p.name)));
    const reportDir = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-lighthouse-signed-in-'));
    console.log(`Lighthouse JSON reports (signed in): ${reportDir}`);
    const options = { chromePath, runs: RUNS, reportDir };
    return {
      default: await auditPages(app.base, pages, { ...options, profile: 'default' }),
      harsh: await auditPages(app.base, pages, { ...options, profile: 'harsh' }),
    };
  } finally {
    await app.stop();
  }
}

const verdict = (ok: boolean) => (ok ? 'pass' : '**FAIL**');
const metric = (run: PageRun, label: string) =>
  run.metrics.find((m) => m.label === label)?.value ?? '?';

function profileTable(lh: LighthouseResults, budget: (run: PageRun) => boolean): string {
  const rows = lh.pages.map((p) => {
    const cell = (run: PageRun) =>
      `${run.scores.performance} (TBT ${run.tbtMs.toFixed(0)} ms, LCP ${metric(run, 'LCP')}, FCP ${metric(run, 'FCP')}; benchmarkIndex ${run.benchmarkIndex.toFixed(0)})`;
    return `| ${p.name} | ${cell(p.median)} | ${cell(p.worst)} | ${p.performanceScores.join(', ')} | ${p.loads.map((l) => l.toFixed(1)).join(', ')} | ${verdict(budget(p.median))} |`;
  });
  return `| page | median run | worst run | performance, every run | load, every run | verdict (median) |
|---|---|---|---|---|---|
${rows.join('\n')}`;
}

/** The section of bench/REPORT.md; also printed alone by `BENCH_ONLY=lighthouse-signed-in`. */
export function signedInLighthouseSection(
  results: SignedInLighthouse | { notMeasured: string },
  load1?: number,
): string {
  const title = `## Lighthouse on the signed-in pages (issue 46; budgets default performance ≥ ${LIGHTHOUSE_BUDGETS.performance}, harsh ≥ ${HARSH_BUDGETS.performance} with TBT ≤ ${HARSH_BUDGETS.tbtMs} ms)`;
  if ('notMeasured' in results) return `${title}\nNot measured: ${results.notMeasured}\n`;
  const paths = results.default.pages.map((p) => `${p.name} \`${p.path}\``).join(', ');
  return `${title}
Lighthouse ${results.default.lighthouseVersion}, ${results.default.browser}, ${results.default.runsPerPage} runs per page and
profile against the production server on a fresh demo database, signed in as the demo learner (the
educator for the dashboard): the session is written into the origin's localStorage before each run,
as the app keeps it, and each run is checked to have read the API as that user. Pages: ${paths}.
The player's YouTube lecture cannot load here (no Internet): its frame stays empty.${load1 === undefined ? '' : ` Load average (1 min) at the start: ${load1.toFixed(1)}.`}

### Default (mobile) profile
${profileTable(results.default, (run) => run.scores.performance >= LIGHTHOUSE_BUDGETS.performance)}

### Harsh profile: ${PROFILES.harsh.label}
${profileTable(
  results.harsh,
  (run) => run.scores.performance >= HARSH_BUDGETS.performance && run.tbtMs <= HARSH_BUDGETS.tbtMs,
)}
`;
}
