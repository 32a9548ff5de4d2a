/**
 * `npm run bench` (through scripts/bench.mjs, which builds the client first when stale): the
 * performance budgets measured on this machine, written to bench/REPORT.md.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureAnalytics } from './analytics';
import { measureApi } from './api';
import { startAppServer } from './app-server';
import { measureBundle } from './bundle';
import { auditPages, warmUp } from './lighthouse';
import {
  analyticsSection,
  harshLighthouseSection,
  lighthouseSection,
  type BenchResults,
  type MachineState,
  renderReport,
  searchSection,
} from './report';
import { budgetsSection, measureBudgets } from './budgets';
import { hardeningSection, measureHardening } from './hardening';
import { measureSearch, SEARCH_SCALES } from './search';
import { measureStaticDuringSignIns } from './static-burst';
import { measureSignedIn, signedInSection } from './signed-in';
import { measureVideo, videoSection } from './video';
import { measureSignedInLighthouse, signedInLighthouseSection } from './lighthouse-signed-in';
import { measureScale, scaleSection, scaleSectionOf, withScaleSection } from './scale';

const here = path.dirname(fileURLToPath(import.meta.url));
const distDir = path.resolve(here, '../client/dist');
const API_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const QUIET_WAIT_S = Number(process.env.BENCH_QUIET_WAIT_SECONDS ?? 300);
const QUIET_POLL_MS = 10_000;

/**
 * On a machine shared with test suites and browsers, waits (up to QUIET_WAIT_S) for the 1-minute
 * load average to fall below the core count before a part starts, and records what it was then.
 */
async function waitForQuiet(machine: MachineState, part: string): Promise<void> {
  const deadline = Date.now() + QUIET_WAIT_S * 1000;
  let load = os.loadavg()[0]!;
  while (load >= machine.cores && Date.now() < deadline) {
    console.log(`load ${load.toFixed(1)} on ${machine.cores} cores: waiting before ${part}…`);
    await new Promise((resolve) => setTimeout(resolve, QUIET_POLL_MS));
    load = os.loadavg()[0]!;
  }
  machine.load.push({ part, load1: load });
}

function findChromium(): string | undefined {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (candidate): candidate is string => Boolean(candidate && existsSync(candidate)),
  );
}

type LighthouseBoth = Pick<BenchResults, 'lighthouse' | 'lighthouseHarsh'>;

/** Lighthouse on the default and the harsh profile, one after the other against one server. */
async function measureLighthouse(): Promise<LighthouseBoth> {
  const chromePath = findChromium();
  const notMeasured = (why: string): LighthouseBoth => ({
    lighthouse: { notMeasured: why },
    lighthouseHarsh: { notMeasured: why },
  });
  if (!chromePath) return notMeasured('no Chromium (set CHROMIUM_PATH)');
  if (!existsSync(path.join(distDir, 'index.html'))) return notMeasured('client/dist not built');
  const app = await startAppServer(distDir);
  try {
    const catalogue = (await (await fetch(`${app.base}/api/course/all`)).json()) as {
      courses: { _id: string }[];
    };
    const courseId = catalogue.courses[0]?._id;
    if (!courseId) throw new Error('the demo catalogue is empty');
    await warmUp(app.base, app.clientDist);
    const reportDir = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-lighthouse-'));
    console.log(`Lighthouse JSON reports: ${reportDir}`);
    const pages = [
      { name: 'home', path: '/' },
      { name: 'course-list', path: '/course-list' },
      { name: 'course-detail', path: `/course/${courseId}` },
    ];
    const options = { chromePath, runs: LIGHTHOUSE_RUNS, reportDir };
    return {
      lighthouse: await auditPages(app.base, pages, { ...options, profile: 'default' }),
      lighthouseHarsh: await auditPages(app.base, pages, { ...options, profile: 'harsh' }),
    };
  } finally {
    await app.stop();
  }
}

/** Lighthouse on the signed-in pages, or why it could not run. */
async function measureSignedInPages(): Promise<Parameters<typeof signedInLighthouseSection>[0]> {
  const chromePath = findChromium();
  if (!chromePath) return { notMeasured: 'no Chromium (set CHROMIUM_PATH)' };
  if (!existsSync(path.join(distDir, 'index.html')))
    return { notMeasured: 'client/dist not built' };
  return measureSignedInLighthouse(distDir, chromePath).catch((err: unknown) => ({
    notMeasured: err instanceof Error ? err.message : String(err),
  }));
}

async function main() {
  const machine: MachineState = { cores: os.cpus().length, node: process.version, load: [] };

  if (process.env.BENCH_ONLY === 'search') {
    // One part alone, printed rather than written: REPORT.md holds only whole runs.
    for (const scale of SEARCH_SCALES) {
      await waitForQuiet(machine, 'search');
      console.log(searchSection(await measureSearch(scale)));
    }
    console.log(`load average (1 min) at the start: ${machine.load[0]!.load1.toFixed(1)}`);
    return;
  }

  if (process.env.BENCH_ONLY === 'api') {
    await waitForQuiet(machine, 'API');
    const { throughput, latency } = await measureApi(API_SECONDS);
    for (const row of throughput)
      console.log(
        `${row.route}: ${row.rps.toFixed(0)} req/s, ceiling ${row.ceilingRps.toFixed(0)}, ratio ${row.ratio.toFixed(2)}`,
      );
    for (const row of latency) console.log(`${row.route}: p95 ${row.p95Ms.toFixed(1)} ms`);
    return;
  }

  if (process.env.BENCH_ONLY === 'signed-in') {
    await waitForQuiet(machine, 'signed-in');
    console.log(
      signedInSection(await measureSignedIn(distDir, API_SECONDS), machine.load[0]!.load1),
    );
    return;
  }

  if (process.env.BENCH_ONLY === 'lighthouse') {
    await waitForQuiet(machine, 'Lighthouse');
    const both = await measureLighthouse();
    console.log(lighthouseSection(both.lighthouse));
    console.log(harshLighthouseSection(both.lighthouseHarsh));
    console.log(`load average (1 min) at the start: ${machine.load[0]!.load1.toFixed(1)}`);
    return;
  }

  if (process.env.BENCH_ONLY === 'lighthouse-signed-in') {
    await waitForQuiet(machine, 'Lighthouse signed in');
    const load1 = machine.load[0]!.load1;
    console.log(signedInLighthouseSection(await measureSignedInPages(), load1));
    console.log(`load average (1 min) at the end: ${os.loadavg()[0]!.toFixed(1)}`);
    return;
  }

  if (process.env.BENCH_ONLY === 'hardening') {
    await waitForQuiet(machine, 'hardening');
    console.log(hardeningSection(await measureHardening(API_SECONDS)));
    console.log(`load average (1 min) at the start: ${machine.load[0]!.load1.toFixed(1)}`);
    return;
  }

  if (process.env.BENCH_ONLY === 'budgets') {
    await waitForQuiet(machine, 'budgets');
    console.log(budgetsSection(await measureBudgets()));
    console.log(`load average (1 min) at the start: ${machine.load[0]!.load1.toFixed(1)}`);
    return;
  }

  if (process.env.BENCH_ONLY === 'scale') {
    await waitForQuiet(machine, 'scale');
    const results = await measureScale(distDir).catch((err: unknown) => ({
      notMeasured: err instanceof Error ? (err.stack ?? err.message) : String(err),
    }));
    const section = scaleSection(results, machine.load[0]!.load1, os.loadavg()[0]!);
    console.log(section);
    const reportPath = path.join(here, 'REPORT.md');
    const report = existsSync(reportPath) ? await readFile(reportPath, 'utf8') : '';
    await writeFile(reportPath, withScaleSection(report, section));
    if ('notMeasured' in results || /\*\*FAIL\*\*/.test(section)) process.exitCode = 1;
    return;
  }

  if (process.env.BENCH_ONLY === 'analytics') {
    await waitForQuiet(machine, 'analytics');
    console.log(analyticsSection(await measureAnalytics()));
    console.log(`load average (1 min) at the start: ${machine.load[0]!.load1.toFixed(1)}`);
    return;
  }

  if (process.env.BENCH_ONLY === 'video') {
    await waitForQuiet(machine, 'video');
    console.log(videoSection(await measureVideo(distDir, API_SECONDS), machine.load[0]!.load1));
    return;
  }

  await waitForQuiet(machine, 'API');
  console.log('API throughput and educator queries…');
  const api = await measureApi(API_SECONDS);

  const search: BenchResults['search'] = [];
  for (const scale of SEARCH_SCALES) {
    await waitForQuiet(machine, 'search');
    console.log(`Catalogue search at ${scale.courses.toLocaleString('en')} courses…`);
    search.push(
      await measureSearch(scale).catch((err: unknown) => ({
        scale,
        notMeasured: err instanceof Error ? err.message : String(err),
      })),
    );
  }

  await waitForQuiet(machine, 'analytics');
  console.log('Educator analytics at 1,000 courses and 100,000 enrollments…');
  const analytics = await measureAnalytics().catch((err: unknown) => ({
    notMeasured: err instanceof Error ? err.message : String(err),
  }));

  await waitForQuiet(machine, 'hardening');
  console.log('Rendered pages under random addresses, certificate PDFs…');
  const hardening = await measureHardening(API_SECONDS).catch((err: unknown) => ({
    notMeasured: err instanceof Error ? err.message : String(err),
  }));

  await waitForQuiet(machine, 'budgets');
  console.log("Coupon, 'Já paguei' and push budgets, and the forgot-password timing…");
  const budgets = await measureBudgets().catch((err: unknown) => ({
    notMeasured: err instanceof Error ? err.message : String(err),
  }));

  await waitForQuiet(machine, 'signed-in');
  console.log("Signed-in reads beside the catalogue, and the server's memory…");
  const signedInLoad = machine.load.at(-1)!.load1;
  const signedIn = existsSync(path.join(distDir, 'index.html'))
    ? await measureSignedIn(distDir, API_SECONDS).catch((err: unknown) => ({
        notMeasured: err instanceof Error ? err.message : String(err),
      }))
    : { notMeasured: 'client/dist not built' };

  console.log('Static files during a burst of sign-ins…');
  const staticDuringSignIns = existsSync(path.join(distDir, 'index.html'))
    ? await measureStaticDuringSignIns(distDir).catch((err: unknown) => ({
        notMeasured: err instanceof Error ? err.message : String(err),
      }))
    : { notMeasured: 'client/dist not built' };

  await waitForQuiet(machine, 'video');
  console.log('Video: upload, processing, the catalogue meanwhile, segments, a 2 GB upload…');
  const videoLoad = machine.load.at(-1)!.load1;
  const video = existsSync(path.join(distDir, 'index.html'))
    ? await measureVideo(distDir, API_SECONDS).catch((err: unknown) => ({
        notMeasured: err instanceof Error ? err.message : String(err),
      }))
    : { notMeasured: 'client/dist not built' };

  let bundle: BenchResults['bundle'];
  try {
    bundle = measureBundle(distDir);
  } catch (err) {
    bundle = { notMeasured: (err as Error).message };
  }

  await waitForQuiet(machine, 'Lighthouse');
  console.log('Lighthouse…');
  const { lighthouse, lighthouseHarsh } = await measureLighthouse().catch(
    (err: unknown): LighthouseBoth => {
      const notMeasured = err instanceof Error ? err.message : String(err);
      return { lighthouse: { notMeasured }, lighthouseHarsh: { notMeasured } };
    },
  );

  await waitForQuiet(machine, 'Lighthouse signed in');
  console.log('Lighthouse on the signed-in pages…');
  const signedInPagesLoad = machine.load.at(-1)!.load1;
  const signedInPages = await measureSignedInPages();

  const { markdown, failed } = renderReport({
    date: new Date().toISOString().slice(0, 10),
    machine,
    apiSeconds: API_SECONDS,
    api,
    search,
    analytics,
    staticDuringSignIns,
    bundle,
    lighthouse,
    lighthouseHarsh,
  });
  const signedInMarkdown = signedInSection(signedIn, signedInLoad);
  const hardeningMarkdown = `${hardeningSection(hardening)}\n${budgetsSection(budgets)}`;
  const videoMarkdown = videoSection(video, videoLoad);
  const signedInPagesMarkdown = signedInLighthouseSection(signedInPages, signedInPagesLoad);
  const reportPath = path.join(here, 'REPORT.md');
  // The scale section comes from its own run (BENCH_ONLY=scale) and is kept until the next one.
  const previousScale = existsSync(reportPath)
    ? scaleSectionOf(await readFile(reportPath, 'utf8'))
    : undefined;
  const fresh = [
    markdown,
    hardeningMarkdown,
    signedInMarkdown,
    signedInPagesMarkdown,
    videoMarkdown,
  ].join('\n');
  const report = previousScale ? withScaleSection(fresh, previousScale) : fresh;
  await writeFile(reportPath, report);
  console.log(report);
  const added = hardeningMarkdown + signedInMarkdown + signedInPagesMarkdown + videoMarkdown;
  if (failed || /\*\*FAIL\*\*|Not measured/.test(added)) process.exitCode = 1;
}

await main();
// Every part closes what it opened, yet whole runs have stayed alive after writing the report, on
// a handle none of them owns. Its kind is printed to be found later; the run itself is over.
const leftOpen = process.getActiveResourcesInfo().filter((kind) => kind !== 'TTYWrap');
if (leftOpen.length > 0) console.error(`still open after the run: ${leftOpen.join(', ')}`);
process.exit();
