import { mkdir, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';

/** Lighthouse (mobile) category scores, 0–100, on the default profile. */
export const LIGHTHOUSE_BUDGETS = {
  performance: 98,
  accessibility: 100,
  'best-practices': 95,
  seo: 95,
} as const;
export type Category = keyof typeof LIGHTHOUSE_BUDGETS;
export const CATEGORIES = Object.keys(LIGHTHOUSE_BUDGETS) as Category[];

// The system Chromium, headless, with nothing that phones home or updates itself mid-run.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

/**
 * The throttling Lighthouse simulates. `default` is Lighthouse's own mobile profile; `harsh` is the
 * low-end Android phone on a mobile network our learners use (issue 30): CPU ×6, 300 ms RTT,
 * 700 kbps. The harsh profile is audited for performance only, against its own budgets.
 */
export const PROFILES: Record<'default' | 'harsh', { label: string; flags: Flags }> = {
  default: { label: 'default (mobile, simulated throttling)', flags: {} },
  harsh: {
    label: 'harsh (simulated: cpuSlowdownMultiplier 6, rttMs 300, throughputKbps 700)',
    flags: {
      throttlingMethod: 'simulate',
      throttling: { rttMs: 300, throughputKbps: 700, cpuSlowdownMultiplier: 6 },
      onlyCategories: ['performance'],
    },
  },
};
export type Profile = keyof typeof PROFILES;
export const HARSH_BUDGETS = { performance: 90, tbtMs: 200 } as const;

export interface PageToAudit {
  name: string;
  path: string;
  /** Run before each Lighthouse run of the page, with the port of the Chrome it drives (a session
   * to store, for the signed-in pages). */
  beforeEachRun?: (chromePort: number) => Promise<void>;
  /** Checks the run measured the page it was meant to (signed in, say); throws if not. */
  checkRun?: (lhr: Result) => void;
}

/** An audit that cost points in a category that missed its budget. */
export interface Finding {
  category: Category;
  id: string;
  title: string;
  score: number;
  displayValue: string;
  /** The first element the audit names (the LCP image, the shifted footer), as HTML. */
  element?: string;
}

export interface PageRun {
  scores: Record<Category, number>;
  /** Total blocking time, ms. */
  tbtMs: number;
  /** The machine's 1-minute load average when the run started. */
  load1: number;
  metrics: { label: string; value: string }[];
  findings: Finding[];
  benchmarkIndex: number;
}

export interface PageResult extends Pick<PageToAudit, 'name' | 'path'> {
  /** The run with the median performance score, as Lighthouse's docs advise for noisy machines. */
  median: PageRun;
  /** The run with the lowest performance score. */
  worst: PageRun;
  performanceScores: number[];
  /** The 1-minute load average at the start of each run. */
  loads: number[];
}

export interface LighthouseResults {
  profile: Profile;
  pages: PageResult[];
  runsPerPage: number;
  lighthouseVersion: string;
  browser: string;
}

function score(result: Result, category: Category): number {
  return Math.round((result.categories[category]?.score ?? 0) * 100);
}

const SNIPPET_MAX = 160;

function firstNodeSnippet(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  if ('type' in value && value.type === 'node' && 'snippet' in value) {
    return typeof value.snippet === 'string' ? value.snippet.slice(0, SNIPPET_MAX) : undefined;
  }
  for (const child of Object.values(value)) {
    const found = firstNodeSnippet(child);
    if (found) return found;
  }
  return undefined;
}

/** Why a category missed its budget: its weighted audits below par, and for performance the
 * opportunities and diagnostics that Lighthouse itself flags. */
function findingsOf(result: Result, scores: Record<Category, number>): Finding[] {
  const findings: Finding[] = [];
  for (const category of CATEGORIES) {
    if (!result.categories[category]) continue;
    if (scores[category] >= LIGHTHOUSE_BUDGETS[category]) continue;
    for (const ref of result.categories[category]?.auditRefs ?? []) {
      const audit = result.audits[ref.id];
      if (!audit || audit.score === null) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual') continue;
      const counts = ref.weight > 0 || category === 'performance';
      if (!counts || audit.score >= 0.9) continue;
      findings.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue ?? '',
        element: firstNodeSnippet(audit.details),
      });
    }
  }
  return findings;
}

function summarise(result: Result, load1: number): PageRun {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, score(result, c)])) as Record<
    Category,
    number
  >;
  return {
    scores,
    tbtMs: result.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    load1,
    metrics: METRICS.map(([id, label]) => ({
      label,
      value: result.audits[id]?.displayValue ?? '?',
    })),
    findings: findingsOf(result, scores),
    benchmarkIndex: result.environment.benchmarkIndex,
  };
}

/**
 * Asks the server for every file of the build once, so the first Lighthouse run does not pay for
 * compressing them (the server compresses each file once, then serves it from memory).
 */
export async function warmUp(base: string, distDir: string): Promise<void> {
  const entries = await readdir(distDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.relative(distDir, path.join(entry.parentPath, entry.name));
    const res = await fetch(`${base}/${file.split(path.sep).join('/')}`, {
      headers: { 'Accept-Encoding': 'br, gzip' },
    });
    await res.arrayBuffer();
  }
}

// A busy machine sometimes loses the trace (NO_NAVSTART, NO_FCP); a fresh attempt usually has it.
const ATTEMPTS = 3;

async function runOnce(url: string, port: number, profile: Profile): Promise<Result> {
  let lastError = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const outcome = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      ...PROFILES[profile].flags,
    });
    if (outcome && !outcome.lhr.runtimeError) return outcome.lhr;
    lastError = outcome?.lhr.runtimeError?.message ?? 'Lighthouse returned nothing';
    console.log(`  lighthouse ${url}: ${lastError}; trying again`);
  }
  throw new Error(`${url}: ${lastError}`);
}

/**
 * Runs Lighthouse's default (mobile, simulated throttling) config `runs` times on each page and
 * keeps the median run; each run's full JSON goes to `reportDir` for a closer look.
 */
export async function auditPages(
  base: string,
  pages: PageToAudit[],
  options: { chromePath: string; runs: number; reportDir: string; profile?: Profile },
): Promise<LighthouseResults> {
  await mkdir(options.reportDir, { recursive: true });
  const chrome = await chromeLauncher.launch({
    chromePath: options.chromePath,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'error',
  });
  try {
    const profile = options.profile ?? 'default';
    const results: PageResult[] = [];
    let versions = { lighthouseVersion: '?', browser: '?' };
    for (const page of pages) {
      const runs: PageRun[] = [];
      for (let i = 1; i <= options.runs; i++) {
        await page.beforeEachRun?.(chrome.port);
        const load1 = os.loadavg()[0]!;
        const lhr = await runOnce(`${base}${page.path}`, chrome.port, profile);
        versions = {
          lighthouseVersion: lhr.lighthouseVersion,
          browser: /(?:Headless)?Chrome\/[\d.]+/.exec(lhr.environment.hostUserAgent)?.[0] ?? '?',
        };
        await writeFile(
          path.join(options.reportDir, `${profile}-${page.name}-${i}.json`),
          JSON.stringify(lhr),
        );
        page.checkRun?.(lhr);
        runs.push(summarise(lhr, load1));
        const run = runs.at(-1)!;
        console.log(
          `  lighthouse ${profile} ${page.path} run ${i}: ${CATEGORIES.filter(
            (c) => lhr.categories[c],
          )
            .map((c) => `${c} ${run.scores[c]}`)
            .join(', ')}, TBT ${run.tbtMs.toFixed(0)} ms, load ${load1.toFixed(1)}`,
        );
      }
      const byPerformance = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
      results.push({
        name: page.name,
        path: page.path,
        median: byPerformance[Math.floor(byPerformance.length / 2)]!,
        worst: byPerformance[0]!,
        performanceScores: runs.map((r) => r.scores.performance),
        loads: runs.map((r) => r.load1),
      });
    }
    return { profile, pages: results, runsPerPage: options.runs, ...versions };
  } finally {
    chrome.kill();
  }
}
