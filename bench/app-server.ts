import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENV, SERVER_NODE_ARGS } from '../scripts/lib/server-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A first start on an empty folder (initdb, migrations, seed) has taken minutes on a busy shared
// machine (a load of 20+); tsx alone has taken 90 s to bring the server up there.
const READY_TIMEOUT_MS = Number(process.env.BENCH_READY_TIMEOUT_MS ?? 300_000);

/** A process's resident memory now, from the kernel (VmRSS), in MB. */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) / 1024;
}

/**
 * The highest RSS each process reaches until stopped, read every `everyMs`; `samples` counts the
 * readings taken (a process that has exited is skipped).
 */
export function watchPeakRss(
  pids: number[],
  everyMs: number,
): { stop(): { peakMb: number[]; samples: number } } {
  const peakMb = pids.map(() => 0);
  let samples = 0;
  const sample = () =>
    pids.forEach((pid, i) => {
      rssMb(pid).then(
        (mb) => {
          samples++;
          peakMb[i] = Math.max(peakMb[i]!, mb);
        },
        () => undefined,
      );
    });
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return { peakMb, samples };
    },
  };
}

export interface AppServer {
  base: string;
  /** The server's own process (node running server/src/main.ts): its RSS is what the bench reports. */
  pid: number;
  /** The copy of the build that this server serves. */
  clientDist: string;
  /** The server's DATA_DIR (its database, uploads and video files), removed by stop(). */
  dataDir: string;
  /** From the process's spawn to its first healthy /api/health: how long an instance takes to start. */
  readyMs: number;
  stop(): Promise<void>;
}

/**
 * Other work on this checkout may rebuild client/dist mid-run, so the server gets a copy, checked
 * to hold every file its index.html names, with the server bundle beside it (client/dist-ssr): the
 * public pages are measured as users get them, rendered, not as the app shell.
 */
async function snapshotBuild(distDir: string, into: string): Promise<void> {
  const serverBundle = path.join(distDir, '..', 'dist-ssr');
  if (!existsSync(path.join(serverBundle, 'entry-server.js'))) {
    throw new Error(`${serverBundle} is missing: run npm run build -w client`);
  }
  await cp(distDir, into, { recursive: true });
  await cp(serverBundle, path.join(into, '..', 'dist-ssr'), { recursive: true });
  const html = await readFile(path.join(into, 'index.html'), 'utf8');
  const missing = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)]
    .map((m) => m[1]!)
    .filter((ref) => !existsSync(path.join(into, ref)));
  if (missing.length > 0) {
    throw new Error(
      `client/dist changed while it was copied (missing ${missing.join(', ')}): rerun`,
    );
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitUntilHealthy(base: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited while starting:\n${output()}`);
    const healthy = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app did not answer /api/health within ${READY_TIMEOUT_MS} ms:\n${output()}`);
}

/**
 * The real production app, as `npm start` runs it, on a free port and a fresh data directory with
 * the demo catalogue. Only the variables it needs are passed, so a developer's own environment
 * (Clerk, Stripe, a DATABASE_URL) cannot change what is measured.
 */
export async function startAppServer(
  distDir: string,
  options: {
    /** Fills the fresh data directory before the server opens it (PGlite allows one process). */
    prepare?: (dataDir: string) => Promise<void>;
    /** Variables added to the server's environment. */
    env?: Record<string, string>;
  } = {},
): Promise<AppServer> {
  // Inside the checkout: the server bundle imports React and the router by name, which resolve
  // from the checkout's node_modules, not from the system's temporary directory.
  const cacheDir = path.join(root, 'node_modules', '.cache');
  await mkdir(cacheDir, { recursive: true });
  const workDir = await mkdtemp(path.join(cacheDir, 'aprendiz-bench-app-'));
  const dataDir = path.join(workDir, 'data');
  const clientDist = path.join(workDir, 'client');
  try {
    await snapshotBuild(distDir, clientDist);
    await options.prepare?.(dataDir);
  } catch (err) {
    await rm(workDir, { recursive: true, force: true });
    throw err;
  }
  const port = await freePort();
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, SERVER_NODE_ARGS, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...SERVER_ENV,
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PAYMENTS_SANDBOX: '1',
      // Production with local accounts needs an SMTP server; these runs send no mail.
      SMTP_URL: 'smtp://127.0.0.1:25',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      CLIENT_DIST: clientDist,
      SEED: 'demo',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  if (process.env.BENCH_SERVER_LOG) child.stderr?.pipe(process.stderr);

  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await exited(child);
    await rm(workDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(base, child, () => log);
  } catch (err) {
    await stop();
    throw err;
  }
  const readyMs = performance.now() - spawnedAt;
  return { base, pid: child.pid!, clientDist, dataDir, readyMs, stop };
}
