/**
 * `BENCH_ONLY=scale npm run bench` (issue 48): the scale data set on PostgreSQL
 * (BENCH_DATABASE_URL), two production instances on it sharing the machine's Redis, and every
 * budget of the issue measured at 100 connections spread over both, for one visitor asked again
 * and again and for many distinct ones, each request a first visit (a miss in every cache).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import { POSITION_FLUSH_MS } from '../server/src/modules/learning/position-writer';
import { createLocalTokens } from '../server/src/providers/auth-local';
import { type AppServer, rssMb, startAppServer, watchPeakRss } from './app-server';
import { LOADED_RSS_BUDGET_MB } from './signed-in';
import {
  CROWDED_LECTURE,
  courseIdOf,
  educatorId,
  educatorOneCourseOf,
  ensureScaleData,
  learnerId,
  lectureId,
  SCALE,
  type ScaleDataInfo,
} from './scale-data';

export const SCALE_CONNECTIONS = 100;
const INSTANCES = 2;
/** Seconds per repeated-visitor row. */
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 8);
/** Distinct visitors per first-visit row: each is asked once. */
const FIRST_VISITS = Number(process.env.BENCH_SCALE_FIRST_VISITS ?? 3000);
/** Position saves: the issue's 10,000 people watching, each saving every 10 s, across both instances. */
const WATCHERS = 10_000;
const SAVE_EVERY_S = 10;
const POSITION_RATE = WATCHERS / SAVE_EVERY_S;
const POSITION_SECONDS = Number(process.env.BENCH_SCALE_POSITION_SECONDS ?? 20);
export const START_BUDGET_MS = 20_000;
/** The build of the data set, when it has to be built. */
export const BUILD_BUDGET_S = 600;
const RSS_SAMPLE_MS = 250;

type Stat = 'p99' | 'p95';

export interface ScaleRow {
  budget: string;
  route: string;
  /** 'repeat': one visitor asked again and again; 'first': each request a distinct visitor. */
  visits: 'repeat' | 'first' | 'rate';
  stat: Stat;
  limitMs: number;
  figureMs: number;
  p50Ms: number;
  requests: number;
  rps: number;
  /** Answers other than 2xx, by status ('' when none). */
  errors: string;
  pass: boolean;
}

export interface ScaleResults {
  data: ScaleDataInfo;
  startMs: number[];
  rows: ScaleRow[];
  /** Requests of the position-save row that were not answered 2xx (must be 0). */
  positionErrors: number;
  positionRps: number;
  /** Per instance: RSS once started (its search index built), and the highest under load. */
  memory: { idleMb: number[]; peakMb: number[] };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

interface Shot {
  method?: 'GET' | 'POST';
  path: string;
  token?: string;
  body?: string;
}

interface LoadOptions {
  /** The next request; `i` counts requests across both instances. */
  next: (i: number) => Shot;
  /** Requests in all, or seconds of load. */
  amount?: number;
  seconds?: number;
  /** Requests per second across both instances. */
  rate?: number;
}

/**
 * 100 connections, half on each instance, every latency kept (not autocannon's per-run
 * percentiles, which cannot be merged), and any answer other than 2xx an error.
 */
async function load(
  bases: string[],
  options: LoadOptions,
): Promise<{ times: number[]; rps: number; errors: number; statuses: string }> {
  const times: number[] = [];
  let issued = 0;
  let errors = 0;
  const statuses = new Map<number, number>();
  const started = performance.now();
  await Promise.all(
    bases.map(
      (base) =>
        new Promise<void>((resolve, reject) => {
          const instance = autocannon(
            {
              url: base,
              connections: Math.min(
                SCALE_CONNECTIONS / bases.length,
                options.amount === undefined ? Infinity : Math.ceil(options.amount / bases.length),
              ),
              ...(options.amount !== undefined
                ? { amount: Math.ceil(options.amount / bases.length) }
                : { duration: options.seconds ?? SECONDS }),
              ...(options.rate !== undefined && { overallRate: options.rate / bases.length }),
              requests: [
                {
                  setupRequest: (request) => {
                    const shot = options.next(issued++);
                    return {
                      ...request,
                      method: shot.method ?? 'GET',
                      path: shot.path,
                      headers: {
                        ...(shot.token && { authorization: `Bearer ${shot.token}` }),
                        ...(shot.body && { 'content-type': 'application/json' }),
                      },
                      ...(shot.body && { body: shot.body }),
                    };
                  },
                },
              ],
            },
            (err: Error | null, result?: autocannon.Result) => {
              if (err) return reject(err);
              // Connection errors, timeouts included, never answered: each counts against the budget.
              const unanswered = result?.errors ?? 0;
              if (unanswered > 0) {
                errors += unanswered;
                statuses.set(0, (statuses.get(0) ?? 0) + unanswered);
              }
              resolve();
            },
          );
          instance.on('response', (_client, status: number, _bytes, ms: number) => {
            if (status < 200 || status >= 300) {
              errors++;
              statuses.set(status, (statuses.get(status) ?? 0) + 1);
            }
            times.push(ms);
          });
        }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    times,
    rps: times.length / seconds,
    errors,
    statuses: [...statuses]
      .map(([status, n]) => `${n} × ${status === 0 ? 'no answer' : status}`)
      .join(', '),
  };
}

/** Tokens as the server's sign-in issues them, for learners first..first+count-1. */
async function learnerTokens(
  tokens: ReturnType<typeof createLocalTokens>,
  first: number,
  count: number,
): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) => tokens.issue(learnerId(first + i), 0)),
  );
}

/** How the instances reach PostgreSQL: on one machine, its Unix socket costs less than TCP. */
function databaseTransport(): string {
  const url = new URL(process.env.BENCH_DATABASE_URL ?? '');
  const host = url.searchParams.get('host') ?? decodeURIComponent(url.hostname);
  return host.startsWith('/') ? 'its Unix socket' : `TCP to ${host}`;
}

export async function measureScale(distDir: string): Promise<ScaleResults> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('set BENCH_DATABASE_URL to a PostgreSQL database of the bench’s own');
  const redis = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const data = await ensureScaleData(url);

  const secret = randomBytes(32).toString('hex');
  const env = {
    DATABASE_URL: url,
    REDIS_URL: redis,
    SEED: 'none',
    AUTH_SECRET: secret,
  };
  const apps: AppServer[] = [];
  const startMs: number[] = [];
  let peakRss: ReturnType<typeof watchPeakRss> | undefined;
  try {
    for (let i = 0; i < INSTANCES; i++) {
      const app = await startAppServer(distDir, { env });
      apps.push(app);
      // The index is built before the server listens (main.ts); the first search shows it answers.
      const searchStarted = performance.now();
      const res = await fetch(`${app.base}/api/course/search?q=python`);
      if (!res.ok) throw new Error(`first search: ${res.status}`);
      await res.arrayBuffer();
      startMs.push(app.readyMs + (performance.now() - searchStarted));
    }
    const idleMb = await Promise.all(apps.map((app) => rssMb(app.pid)));
    peakRss = watchPeakRss(
      apps.map((app) => app.pid),
      RSS_SAMPLE_MS,
    );
    const bases = apps.map((app) => app.base);
    const tokens = createLocalTokens(secret);
    const rows: ScaleRow[] = [];
    let nextLearner = 2;
    const take = (count: number) => {
      const first = nextLearner;
      nextLearner += count;
      if (nextLearner > SCALE.learners + 1) throw new Error('not enough distinct learners left');
      return first;
    };
    const courseIds = courseIdsByNumber();

    const measure = async (
      budget: string,
      route: string,
      visits: ScaleRow['visits'],
      stat: Stat,
      limitMs: number,
      options: LoadOptions,
    ) => {
      const { times, rps, errors, statuses } = await load(bases, options);
      const figureMs = percentile(times, stat === 'p99' ? 0.99 : 0.95);
      const row: ScaleRow = {
        budget,
        route,
        visits,
        stat,
        limitMs,
        figureMs,
        p50Ms: percentile(times, 0.5),
        requests: times.length,
        rps,
        errors: statuses,
        // An answer other than 2xx is a failure whatever its time.
        pass: figureMs < limitMs && errors === 0,
      };
      rows.push(row);
      console.log(
        `${row.pass ? 'PASS' : 'FAIL'} ${budget} ${route} (${visits}): ${stat} ${figureMs.toFixed(1)} ms < ${limitMs} ms, ${rps.toFixed(0)} req/s${statuses ? `, not 2xx: ${statuses}` : ''}`,
      );
      return row;
    };

    // Public reads.
    await measure('catalogue', '/api/course/all', 'repeat', 'p99', 50, {
      next: () => ({ path: '/api/course/all' }),
    });
    const published = [...courseIds.entries()].filter(([n]) => n % 97 !== 0 || n <= 10);
    await measure('course page', '/api/course/:id', 'first', 'p99', 50, {
      amount: FIRST_VISITS,
      next: (i) => ({ path: `/api/course/${published[(i * 7919) % published.length]![1]}` }),
    });
    const words = ['python', 'react', 'excel', 'docker', 'marketing', 'liderança', 'sql', 'java'];
    await measure('search', '/api/course/search?q=…', 'repeat', 'p95', 30, {
      next: (i) => ({
        path: `/api/course/search?q=${encodeURIComponent(words[i % words.length]!)}&page=${1 + (i % 3)}`,
      }),
    });

    // A learner's reads: the busy learner repeated, one ordinary learner repeated, and first visits.
    const busy = await tokens.issue(learnerId(1), 0);
    const ordinary = await tokens.issue(learnerId(2), 0);
    const learnerRoutes: {
      budget: string;
      route: string;
      path: (learner: number) => string;
    }[] = [
      {
        budget: 'enrolled courses',
        route: '/api/user/enrolled-courses',
        path: () => '/api/user/enrolled-courses',
      },
      { budget: 'user data', route: '/api/user/data', path: () => '/api/user/data' },
      {
        budget: "player's course",
        route: '/api/user/enrolled-courses/:courseId',
        path: (l) => `/api/user/enrolled-courses/${courseIds.get(educatorOneCourseOf(l))}`,
      },
      {
        budget: 'resume',
        route: '/api/user/resume/:courseId',
        path: (l) => `/api/user/resume/${courseIds.get(educatorOneCourseOf(l))}`,
      },
      {
        budget: 'notification bell',
        route: '/api/notifications',
        path: () => '/api/notifications',
      },
    ];
    for (const { budget, route, path } of learnerRoutes) {
      const limit = budget === 'notification bell' ? 30 : 50;
      await measure(budget, route, 'repeat', 'p99', limit, {
        next: () => ({ path: path(2), token: ordinary }),
      });
      await measure(`${budget}, 300-course learner`, route, 'repeat', 'p99', limit, {
        next: () => ({ path: path(1), token: busy }),
      });
      const first = take(FIRST_VISITS);
      const firstTokens = await learnerTokens(tokens, first, FIRST_VISITS);
      await measure(budget, route, 'first', 'p99', limit, {
        amount: FIRST_VISITS,
        next: (i) => ({
          path: path(first + (i % FIRST_VISITS)),
          token: firstTokens[i % FIRST_VISITS]!,
        }),
      });
    }

    // The crowded lecture's questions, paged, asked by its own learners (course 1: learners 1, 11, …).
    const crowdedCourse = courseIds.get(CROWDED_LECTURE.course)!;
    const askers = Math.min(FIRST_VISITS, Math.floor((SCALE.learners - 1) / 10) + 1);
    const courseOneLearners = await Promise.all(
      Array.from({ length: askers }, (_, i) => tokens.issue(learnerId(1 + i * 10), 0)),
    );
    const questionsPath = (i: number) =>
      `/api/course/${crowdedCourse}/questions?lectureId=${CROWDED_LECTURE.lectureId}&page=${1 + (i % 50)}`;
    await measure(
      "a lecture's questions (20,000), paged",
      '/api/course/:id/questions',
      'repeat',
      'p99',
      50,
      {
        next: (i) => ({ path: questionsPath(i), token: courseOneLearners[0]! }),
      },
    );
    await measure(
      "a lecture's questions (20,000), paged",
      '/api/course/:id/questions',
      'first',
      'p99',
      50,
      {
        amount: askers,
        next: (i) => ({ path: questionsPath(i), token: courseOneLearners[i % askers]! }),
      },
    );

    // The educator with 200,000 students, and first visits across the other educators.
    const bigEducator = await tokens.issue(educatorId(1), 0);
    const otherEducators = await Promise.all(
      Array.from({ length: SCALE.educators - 1 }, (_, i) => tokens.issue(educatorId(i + 2), 0)),
    );
    for (const [budget, route, limit] of [
      ['educator dashboard', '/api/educator/dashboard', 200],
      ['educator course list', '/api/educator/courses', 200],
      ['educator analytics', '/api/educator/analytics', 200],
      ['students list (newest page)', '/api/educator/enrolled-students', 100],
    ] as const) {
      await measure(`${budget}, 200,000 students`, route, 'repeat', 'p99', limit, {
        next: () => ({ path: route, token: bigEducator }),
      });
      await measure(budget, route, 'first', 'p99', limit, {
        amount: otherEducators.length,
        next: (i) => ({ path: route, token: otherEducators[i % otherEducators.length]! }),
      });
    }

    // Position saves: 1,000 a second across both instances, the watchers in turn, each every 10 s.
    const savers = Math.min(WATCHERS, SCALE.learners - nextLearner);
    const saveFirst = take(savers);
    const saveTokens = await learnerTokens(tokens, saveFirst, savers);
    const positions = await load(bases, {
      seconds: POSITION_SECONDS,
      rate: POSITION_RATE,
      next: (i) => {
        const learner = saveFirst + (i % savers);
        const course = educatorOneCourseOf(learner);
        return {
          method: 'POST',
          path: '/api/user/lecture-position',
          token: saveTokens[i % savers]!,
          body: JSON.stringify({
            courseId: courseIds.get(course),
            lectureId: lectureId(course, 2, 1 + (i % SCALE.lecturesPerChapter)),
            seconds: SAVE_EVERY_S * (1 + Math.floor(i / savers)),
          }),
        };
      },
    });
    const saveP99 = percentile(positions.times, 0.99);
    const sustained = positions.rps >= POSITION_RATE * 0.95;
    rows.push({
      budget: `position saves at ${POSITION_RATE}/s for ${POSITION_SECONDS} s`,
      route: 'POST /api/user/lecture-position',
      visits: 'rate',
      stat: 'p99',
      limitMs: 50,
      figureMs: saveP99,
      p50Ms: percentile(positions.times, 0.5),
      requests: positions.times.length,
      rps: positions.rps,
      errors: positions.statuses,
      pass: saveP99 < 50 && sustained && positions.errors === 0,
    });
    console.log(
      `${rows.at(-1)!.pass ? 'PASS' : 'FAIL'} position saves: p99 ${saveP99.toFixed(1)} ms, ${positions.rps.toFixed(0)}/s, ${positions.errors} errors`,
    );

    return {
      data,
      startMs,
      rows,
      positionErrors: positions.errors,
      positionRps: positions.rps,
      // The idle reading counts too: the peak is never below where the load started.
      memory: {
        idleMb,
        peakMb: peakRss.stop().peakMb.map((mb, i) => Math.max(mb, idleMb[i]!)),
      },
    };
  } finally {
    peakRss?.stop();
    for (const app of apps) await app.stop();
  }
}

/** Course number → id, as the data set derives them. */
function courseIdsByNumber(): Map<number, string> {
  const ids = new Map<number, string>();
  for (let n = 1; n <= SCALE.courses; n++) ids.set(n, courseIdOf(n));
  return ids;
}

export function scaleSection(
  results: ScaleResults | { notMeasured: string },
  load1?: number,
  load1AtEnd?: number,
): string {
  const heading = '## Scale: a million enrollments on PostgreSQL (issue 48)';
  if ('notMeasured' in results) return `${heading}\nNot measured: ${results.notMeasured}\n`;
  const { data } = results;
  const verdict = (pass: boolean) => (pass ? 'PASS' : '**FAIL**');
  const startWorst = Math.max(...results.startMs);
  const lines = [
    heading,
    `${INSTANCES} production instances (\`server/src/main.ts\`) on one PostgreSQL (over ${databaseTransport()}) and the machine's Redis,`,
    `${SCALE_CONNECTIONS} connections spread over both; percentiles over every response of both.`,
    `"repeat": one visitor asked again and again; "first": ${FIRST_VISITS.toLocaleString('en')} distinct visitors (every educator but`,
    `the first for the educator rows), each asked once, so every answer is a cache miss.` +
      (load1 === undefined
        ? ''
        : ` Load average (1 min) at the start: ${load1.toFixed(1)}` +
          (load1AtEnd === undefined ? '' : `, at the end: ${load1AtEnd.toFixed(1)}`) +
          ` on ${os.cpus().length} cores shared with other work.`),
    '',
    ...(SCALE.fraction === 1
      ? []
      : [
          `**At ${SCALE.fraction} of the issue's size** (BENCH_SCALE_FRACTION): the budget names keep the`,
          `issue's figures; the busy learner still has 300 courses, educator 1 has ${SCALE.learners.toLocaleString('en')} students.`,
          '',
        ]),
    `Data set version ${data.version} (${data.method}), ${data.built ? 'built by this run' : 'reused'}: ` +
      `built in ${data.buildSeconds.toFixed(0)} s (budget < ${BUILD_BUDGET_S} s: ${verdict(data.buildSeconds < BUILD_BUDGET_S)}).`,
    `Position saves of a lecture already watched are held and written in batches every ${POSITION_FLUSH_MS} ms: ` +
      `a crash loses at most the saves an instance answered in its last ${POSITION_FLUSH_MS} ms, one per lecture being watched. ` +
      "A lecture's first save past its start is written before it is answered.",
    '',
    '| table | rows |',
    '|---|---|',
    ...Object.entries(data.rows).map(([table, n]) => `| ${table} | ${n.toLocaleString('en')} |`),
    '',
    '| budget | route | visits | figure | budget | p50 | req/s | verdict |',
    '|---|---|---|---|---|---|---|---|',
    `| an instance starts, search index included | — | — | ${(startWorst / 1000).toFixed(1)} s | < ${START_BUDGET_MS / 1000} s | — | — | ${verdict(startWorst < START_BUDGET_MS)} |`,
    ...results.rows.map(
      (row) =>
        `| ${row.budget} | ${row.route} | ${row.visits} | ${row.stat} ${row.figureMs.toFixed(1)} ms | < ${row.limitMs} ms | ${row.p50Ms.toFixed(1)} ms | ${row.rps.toFixed(0)} | ${verdict(row.pass)}${row.errors ? ` (not 2xx: ${row.errors})` : ''} |`,
    ),
    '',
    ...memoryLines(results.memory, verdict),
  ];
  return lines.join('\n');
}

/** Each instance's memory: idle once started (search index included), and the peak under load. */
function memoryLines(memory: ScaleResults['memory'], verdict: (pass: boolean) => string): string[] {
  const mb = (values: number[]) => values.map((v) => `${v.toFixed(0)} MB`).join(', ');
  const peak = Math.max(...memory.peakMb);
  return [
    `Server memory (VmRSS of each instance, read every ${RSS_SAMPLE_MS} ms during every row above):`,
    '',
    '| server RSS | per instance | budget | verdict |',
    '|---|---|---|---|',
    `| idle once started, the search index of ${SCALE.courses.toLocaleString('en')} courses in it (built before the server listens) | ${mb(memory.idleMb)} | — | — |`,
    `| highest under the load | ${mb(memory.peakMb)} | ≤ ${LOADED_RSS_BUDGET_MB} MB | ${verdict(peak <= LOADED_RSS_BUDGET_MB)} |`,
    '',
  ];
}

const SCALE_HEADING = '## Scale:';

/** The Scale section of a report, from its heading to the next section or the end. */
export function scaleSectionOf(report: string): string | undefined {
  const start = report.indexOf(`\n${SCALE_HEADING}`);
  if (start < 0) return undefined;
  const end = report.indexOf('\n## ', start + 1);
  return report.slice(start + 1, end < 0 ? undefined : end + 1);
}

/**
 * The scale run takes its own database and minutes of its own, so it is written into REPORT.md
 * beside the rest of the last whole run rather than making every run wait for it.
 */
export function withScaleSection(report: string, section: string): string {
  const old = scaleSectionOf(report);
  if (old !== undefined) return report.replace(old, section);
  return `${report.trimEnd()}\n\n${section}`;
}
