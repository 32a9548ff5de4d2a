import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CONSOLE_ADMIN_EMAILS } from './support/console';
import { APPLICATIONS_ADMIN_EMAILS } from './support/educator-applications';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

/** Asks the OS for a port nobody uses right now (the config must be synchronous). */
function freePort(): number {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script]).toString().trim());
}

// Playwright re-evaluates this file in every worker: the first evaluation picks the port and data
// directory and passes them on through the environment.
process.env.E2E_PORT ??= String(freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'aprendiz-e2e-'));
// Two more deployments, the same built client each with its own port and data directory: one charging
// in reais (Pix) for the journeys tagged @brl, one in euros (Multibanco, MB WAY) for those tagged
// @eur. They read the address from E2E_BRL_URL and E2E_EUR_URL.
process.env.E2E_BRL_PORT ??= String(freePort());
process.env.E2E_BRL_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'aprendiz-e2e-brl-'));
process.env.E2E_EUR_PORT ??= String(freePort());
process.env.E2E_EUR_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'aprendiz-e2e-eur-'));
// One more, with EDUCATOR_APPLICATIONS=on, for the educator applications journey alone: every other
// deployment has journeys that become educators in one click, which the flag turns off.
process.env.E2E_APPLY_PORT ??= String(freePort());
process.env.E2E_APPLY_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'aprendiz-e2e-apply-'));
// The operator's token of the reais server: the payouts journey approves and pays through /api/ops.
process.env.E2E_OPS_TOKEN ??= 'e2e-operator-token-for-payouts-0123456789';
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const brlPort = Number(process.env.E2E_BRL_PORT);
process.env.E2E_BRL_URL = `http://127.0.0.1:${brlPort}`;
const eurPort = Number(process.env.E2E_EUR_PORT);
process.env.E2E_EUR_URL = `http://127.0.0.1:${eurPort}`;
const applyPort = Number(process.env.E2E_APPLY_PORT);
process.env.E2E_APPLY_URL = `http://127.0.0.1:${applyPort}`;

/** The app as `npm start` runs it, on a fresh data directory. */
function appServer(serverPort: number, dataDir: string, env: Record<string, string>) {
  const url = `http://127.0.0.1:${serverPort}`;
  return {
    command: `${process.execPath} --import tsx server/src/main.ts`,
    cwd: root,
    url: `${url}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'development',
      PORT: String(serverPort),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      // Every journey signs up fresh users from one address.
      AUTH_RATE_LIMIT_MAX: '1000',
      // Hundreds of sign-ups and sign-ins on 2 cores: scrypt at 2^14 (the same code and format,
      // an eighth of the work) instead of production's 2^17, which a test server may lower.
      PASSWORD_HASH_COST: '14',
      // Both projects (and a CI retry) push to the same test number from this one address.
      PUSH_PAYMENTS_PER_PHONE: '1000',
      // Parallel workers render many pages at once from one address: no app shell in their place.
      PAGE_RENDER_CONCURRENCY: '64',
      PAGE_RENDER_RATE_LIMIT: '100000',
      ...env,
    },
  };
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
};

export default defineConfig({
  testDir: path.join(here, 'journeys'),
  outputDir: path.join(here, 'test-results'),
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // .ci/run reads the JSON report for the slowest journeys.
  reporter: process.env.CI_REPORTS_DIR
    ? [['list'], ['json', { outputFile: path.join(process.env.CI_REPORTS_DIR, 'playwright.json') }]]
    : [['list']],
  use: {
    baseURL,
    locale: 'pt-PT',
    timezoneId: 'Africa/Luanda',
    // A trace records a screencast of every page, which Chromium draws and encodes in its GPU and
    // browser processes as the page changes: on 2 cores that made journeys half again as slow
    // (learner.spec 4.8 -> 3.1 min without it). CI traces a journey's retry, so a failure that
    // repeats is traced; a local run keeps a failure's trace without the screencast (DOM snapshots
    // still show each step).
    trace: process.env.CI ? 'on-first-retry' : { mode: 'retain-on-failure', screenshots: false },
    launchOptions,
  },
  projects: [
    {
      name: 'desktop',
      // What only a phone has (the bottom bar) is tested on the phone alone.
      grepInvert: /@phone-only/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: 'phone',
      // Long journeys run once, on the desktop; the phone checks every page's layout on its own.
      grepInvert: /@desktop-only/,
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        launchOptions,
      },
    },
  ],
  webServer: [
    // Started first and not waited for (no url): they boot while the kwanza server below does, so
    // they add no time before the run; the @brl and @eur journeys wait for their health themselves.
    {
      ...appServer(brlPort, process.env.E2E_BRL_DATA_DIR, {
        CURRENCY: 'brl',
        // privacy.spec.ts closes an account for real here; no other journey on it closes one.
        ACCOUNT_DELETION_COOL_OFF_DAYS: '0',
        OPS_TOKEN: process.env.E2E_OPS_TOKEN,
        // The console's payouts half pays a Pix withdrawal, which only reais have.
        ADMIN_EMAILS: CONSOLE_ADMIN_EMAILS,
      }),
      url: undefined,
    },
    // Euros, and course review on (the console journey's review half): the @eur journeys buy seeded
    // courses, which the seed publishes and never pass review, so one server serves both; the reais
    // one stays without review, since the payouts journey sells a course it makes there.
    {
      ...appServer(eurPort, process.env.E2E_EUR_DATA_DIR, {
        CURRENCY: 'eur',
        COURSE_REVIEW: 'on',
        ADMIN_EMAILS: CONSOLE_ADMIN_EMAILS,
      }),
      url: undefined,
    },
    {
      ...appServer(applyPort, process.env.E2E_APPLY_DATA_DIR, {
        CURRENCY: 'aoa',
        EDUCATOR_APPLICATIONS: 'on',
        ADMIN_EMAILS: APPLICATIONS_ADMIN_EMAILS,
      }),
      url: undefined,
    },
    // Kwanzas, as the spec's 'Kz' says, whatever the shell running the tests has set.
    appServer(port, process.env.E2E_DATA_DIR, {
      CURRENCY: 'aoa',
      ADMIN_EMAILS: CONSOLE_ADMIN_EMAILS,
    }),
  ],
});
