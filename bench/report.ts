import {
  type ApiResults,
  CONNECTIONS,
  EDUCATOR_P95_BUDGET_MS,
  THROUGHPUT_RATIO_BUDGET,
} from './api';
import {
  ANALYTICS_COURSES,
  ANALYTICS_ENROLLMENTS,
  ANALYTICS_P95_BUDGET_MS,
  type AnalyticsResults,
} from './analytics';
import type { BundleResult } from './bundle';
import { type SearchScale, type SearchResults } from './search';
import {
  CATEGORIES,
  HARSH_BUDGETS,
  type LighthouseResults,
  LIGHTHOUSE_BUDGETS,
  PROFILES,
} from './lighthouse';
import {
  SIGN_IN_BURST,
  STATIC_DURING_BURST_P95_BUDGET_MS,
  type StaticBurstResults,
} from './static-burst';

export interface MachineState {
  cores: number;
  node: string;
  /** os.loadavg()[0] when each part started: at or above the core count, figures are noisy. */
  load: { part: string; load1: number }[];
}

export interface BenchResults {
  date: string;
  machine: MachineState;
  apiSeconds: number;
  api: ApiResults;
  /** One per SEARCH_SCALES entry. */
  search: (SearchResults | { scale: SearchScale; notMeasured: string })[];
  analytics: AnalyticsResults | { notMeasured: string };
  staticDuringSignIns: StaticBurstResults | { notMeasured: string };
  bundle: BundleResult | { notMeasured: string };
  lighthouse: LighthouseResults | { notMeasured: string };
  lighthouseHarsh: LighthouseResults | { notMeasured: string };
}

const verdict = (ok: boolean) => (ok ? 'pass' : '**FAIL**');

function apiSection(api: ApiResults, seconds: number): string {
  const throughput = api.throughput.map(
    (r) =>
      `| GET ${r.route} | ${r.rps.toFixed(0)} | ${r.ceilingRps.toFixed(0)} | ${r.ratio.toFixed(2)} | ${verdict(r.ratio >= THROUGHPUT_RATIO_BUDGET)} |`,
  );
  const latency = api.latency.map(
    (r) =>
      `| GET ${r.route} | ${r.p95Ms.toFixed(1)} ms | ${verdict(r.p95Ms < EDUCATOR_P95_BUDGET_MS)} |`,
  );
  return `## API throughput vs. the in-memory ceiling (budget ≥ ${THROUGHPUT_RATIO_BUDGET})
In process on PGlite with the demo catalogue; autocannon ${CONNECTIONS} connections × ${seconds} s per row.

| route | req/s | ceiling req/s | ratio | verdict |
|---|---|---|---|---|
${throughput.join('\n')}

## Educator queries with 1,000 courses and 100,000 paid enrollments (budget p95 < ${EDUCATOR_P95_BUDGET_MS} ms)
| route | p95 | verdict |
|---|---|---|
${latency.join('\n')}
`;
}

/** The catalogue search section; also printed alone by `BENCH_ONLY=search npm run bench`. */
export function searchSection(search: BenchResults['search'][number]): string {
  const { courses, budgetMs, suggestBudgetMs } = search.scale;
  const title = `## Catalogue search at ${courses.toLocaleString('en')} courses (budget p95 < ${budgetMs} ms)`;
  if ('notMeasured' in search) return `${title}\nNot measured: ${search.notMeasured}\n`;
  const rows = search.rows.map((r) => `| \`${r.query}\` | ${r.total} | ${r.p95Ms.toFixed(1)} ms |`);
  return `${title}
In process on PGlite: ${courses.toLocaleString('en')} published courses from 300 educators, 20,000
ratings; each query below asked ${search.samplesPerQuery} times in a row.

**p95 over every request: ${search.p95Ms.toFixed(1)} ms**: ${verdict(search.p95Ms < budgetMs)}

**Suggestions (GET /api/course/suggest), p95 over every request: ${search.suggestP95Ms.toFixed(1)} ms** ${suggestBudgetMs === undefined ? '(no budget at this size)' : `(budget ${suggestBudgetMs} ms): ${verdict(search.suggestP95Ms < suggestBudgetMs)}`}

| GET /api/course/search? (or suggest) | matches | p95 |
|---|---|---|
${rows.join('\n')}

The index in memory (lexemes, postings and positions of ${search.memory.courses.toLocaleString('en')} courses): ${(search.memory.bytes / 1024 / 1024).toFixed(1)} MB of typed arrays, built in ${(search.memory.buildMs / 1000).toFixed(2)} s as the server starts.

Word search's share of the database: ${search.index.map((part) => `${part.name} ${part.name.endsWith('words') ? part.bytes : `${(part.bytes / 1024 / 1024).toFixed(1)} MB`}`).join('; ')}.
`;
}

/** The educator analytics section; also printed alone by `BENCH_ONLY=analytics npm run bench`. */
export function analyticsSection(analytics: BenchResults['analytics']): string {
  const title = `## Educator analytics with ${ANALYTICS_COURSES.toLocaleString('en')} courses and ${ANALYTICS_ENROLLMENTS.toLocaleString('en')} paid enrollments (budget p95 < ${ANALYTICS_P95_BUDGET_MS} ms)`;
  if ('notMeasured' in analytics) return `${title}\nNot measured: ${analytics.notMeasured}\n`;
  const rows = analytics.rows.map(
    (r) =>
      `| GET ${r.route} | ${r.p95Ms.toFixed(1)} ms | ${verdict(r.p95Ms < ANALYTICS_P95_BUDGET_MS)} |`,
  );
  return `${title}
In process on PGlite: one educator, 10 lectures per course, enrollments spread over 100 days,
${analytics.progressRows.toLocaleString('en')} lecture completions; ${analytics.samples} requests per row.

| route | p95 | verdict |
|---|---|---|
${rows.join('\n')}
`;
}

function staticBurstSection(results: BenchResults['staticDuringSignIns']): string {
  const title = `## Static files during a burst of ${SIGN_IN_BURST} sign-ins (budget p95 ≤ ${STATIC_DURING_BURST_P95_BUDGET_MS} ms with the hashing queue)`;
  if ('notMeasured' in results) return `${title}\nNot measured: ${results.notMeasured}\n`;
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const rows = results.rows.map((r) => {
    const answers = Object.entries(r.signIns)
      .map(([status, count]) => `${count} × ${status}`)
      .join(', ');
    const verdictCell = r.budgeted
      ? verdict(r.p95Ms <= STATIC_DURING_BURST_P95_BUDGET_MS)
      : 'for comparison';
    return `| ${r.scenario} | ${ms(r.p95Ms)} | ${ms(r.maxMs)} | ${r.samples} | ${answers || '—'} | ${r.burstMs ? ms(r.burstMs) : '—'} | ${verdictCell} |`;
  });
  return `${title}
In process on PGlite: \`${results.file}\` (the client's entry script, uncompressed so the server
reads it from disk as it does images) requested every 20 ms while ${SIGN_IN_BURST} wrong sign-ins for
one account, sent at once, are answered. Password hashing (scrypt, 128 MiB) runs on the thread pool
that file reads share; the queue lets one core's worth of hashes run at a time. "No queue" is the
same app with the queue unbounded, as it was before.

| scenario | static p95 | static max | static requests | sign-in answers | burst took | verdict |
|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
}

function bundleSection(bundle: BenchResults['bundle']): string {
  if ('notMeasured' in bundle)
    return `## JS executed on \`/\` before idle\nNot measured: ${bundle.notMeasured}\n`;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const files = bundle.files.map((f) => `| ${f.file} | ${kb(f.gzip)} | before idle |`);
  const hydration = bundle.hydration.files.map((f) => `| ${f.file} | ${kb(f.gzip)} | once idle |`);
  const critical = bundle.totalGzipKb + bundle.hydration.totalGzipKb;
  return `## JS executed on \`/\` before idle (budget ≤ ${bundle.budgetKb} kB gzip)
**${bundle.totalGzipKb.toFixed(1)} kB** gzip: ${verdict(bundle.totalGzipKb <= bundle.budgetKb)}.
A server-rendered page runs only its first script until it has loaded and the browser is idle
(or a control is touched); the app then hydrates it. Critical path of \`/\` (first script + what
hydrates it): **${critical.toFixed(1)} kB** gzip (ceiling ${bundle.ceilingKb} kB).

| file | gzip | runs |
|---|---|---|
${[...files, ...hydration].join('\n')}
`;
}

export function lighthouseSection(lh: BenchResults['lighthouse']): string {
  const budgets = CATEGORIES.map((c) => `${c} ≥ ${LIGHTHOUSE_BUDGETS[c]}`).join(', ');
  if ('notMeasured' in lh) {
    return `## Lighthouse (mobile; budgets ${budgets})\nNot measured: ${lh.notMeasured}\n`;
  }
  const rows = lh.pages.map((p) => {
    const cells = CATEGORIES.map((c) => {
      const value = p.median.scores[c];
      return value >= LIGHTHOUSE_BUDGETS[c] ? `${value}` : `**${value}** ✗`;
    });
    const ok = CATEGORIES.every((c) => p.median.scores[c] >= LIGHTHOUSE_BUDGETS[c]);
    return `| \`${p.path}\` | ${cells.join(' | ')} | ${p.performanceScores.join(', ')} | ${p.loads.map((l) => l.toFixed(1)).join(', ')} | ${verdict(ok)} |`;
  });
  const metrics = lh.pages.map(
    (p) =>
      `| \`${p.path}\` | ${p.median.metrics.map((m) => m.value).join(' | ')} | ${p.median.benchmarkIndex.toFixed(0)} |`,
  );
  const findings = lh.pages
    .filter((p) => p.median.findings.length > 0)
    .map((p) => {
      const lines = p.median.findings.map(
        (f) =>
          `- ${f.category}: \`${f.id}\` ${f.title}${f.displayValue ? ` — ${f.displayValue}` : ''} (score ${f.score.toFixed(2)})${f.element ? `: \`${f.element}\`` : ''}`,
      );
      return `#### \`${p.path}\`\n${lines.join('\n')}`;
    });
  const metricHeads = lh.pages[0]?.median.metrics.map((m) => m.label) ?? [];
  return `## Lighthouse (mobile; budgets ${budgets})
Lighthouse ${lh.lighthouseVersion}, default config (mobile, simulated throttling), ${lh.browser}
(system Chromium), against the production build served by \`server/src/main.ts\` on a fresh demo
database. ${lh.runsPerPage} runs per page; the run with the median performance score is shown.

| page | ${CATEGORIES.join(' | ')} | performance, every run | load, every run | verdict |
|---|${CATEGORIES.map(() => '---|').join('')}---|---|---|
${rows.join('\n')}

Metrics of the median run (\`benchmarkIndex\` is Lighthouse's measure of the CPU it had: lower
means a busier or slower machine, and simulated timings grow with it):

| page | ${metricHeads.join(' | ')} | benchmarkIndex |
|---|${metricHeads.map(() => '---|').join('')}---|
${metrics.join('\n')}
${findings.length > 0 ? `\n### Audits behind the missed budgets (median run)\n\n${findings.join('\n\n')}\n` : ''}`;
}

/** Performance on the harsh profile: the median of the runs, its TBT, and the load of every run. */
export function harshLighthouseSection(lh: BenchResults['lighthouseHarsh']): string {
  const title = `## Lighthouse, harsh profile (budgets performance ≥ ${HARSH_BUDGETS.performance}, TBT ≤ ${HARSH_BUDGETS.tbtMs} ms)`;
  if ('notMeasured' in lh) return `${title}\nNot measured: ${lh.notMeasured}\n`;
  const rows = lh.pages.map((p) => {
    const ok =
      p.median.scores.performance >= HARSH_BUDGETS.performance &&
      p.median.tbtMs <= HARSH_BUDGETS.tbtMs;
    return `| \`${p.path}\` | ${p.median.scores.performance} | ${p.median.tbtMs.toFixed(0)} ms | ${p.median.metrics
      .filter((m) => m.label !== 'TBT')
      .map((m) => m.value)
      .join(
        ' | ',
      )} | ${p.performanceScores.join(', ')} | ${p.loads.map((l) => l.toFixed(1)).join(', ')} | ${p.median.benchmarkIndex.toFixed(0)} | ${verdict(ok)} |`;
  });
  // TBT has its own column, as a number the budget is checked against.
  const metricHeads =
    lh.pages[0]?.median.metrics.map((m) => m.label).filter((label) => label !== 'TBT') ?? [];
  return `${title}
Lighthouse ${lh.lighthouseVersion}, ${PROFILES.harsh.label}, ${lh.browser}; ${lh.runsPerPage} runs
per page, the median shown. The load column is the machine's 1-minute load average as each run
started (shared machine: simulated timings grow with it).

| page | performance | TBT | ${metricHeads.join(' | ')} | performance, every run | load, every run | benchmarkIndex | verdict |
|---|---|---|${metricHeads.map(() => '---|').join('')}---|---|---|---|
${rows.join('\n')}
`;
}

/** The Markdown of bench/REPORT.md, and whether any budget failed or went unmeasured. */
export function renderReport(results: BenchResults): { markdown: string; failed: boolean } {
  const load = results.machine.load.map((l) => `${l.part} ${l.load1.toFixed(1)}`).join(', ');
  const markdown = `# Benchmark report

Generated by \`npm run bench\` on ${results.date}: ${results.machine.cores} cores, Node ${results.machine.node}.
Load average (1 min) when each part started: ${load}. The bench first waits a while for it to
fall below the core count; at or above it, other work shared the CPU and the figures are noisier.

${apiSection(results.api, results.apiSeconds)}
${results.search.map(searchSection).join('\n')}
${analyticsSection(results.analytics)}
${staticBurstSection(results.staticDuringSignIns)}
${bundleSection(results.bundle)}
${lighthouseSection(results.lighthouse)}
${harshLighthouseSection(results.lighthouseHarsh)}`;
  return { markdown, failed: /\*\*FAIL\*\*|Not measured/.test(markdown) };
}
