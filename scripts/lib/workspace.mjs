import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs a command inheriting stdio; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function runOrExit(command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) process.exit(code);
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Installs dependencies on a fresh clone, or when the lock file changed since the last install. */
export async function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && newestMtime(lock) <= newestMtime(marker)) return;
  console.log('Instalando dependências (npm ci)…');
  await runOrExit('npm', ['ci', '--no-audit', '--no-fund'], {
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
}

/** Builds the client when any of its sources (or the shared contract) is newer than the build. */
export async function ensureClientBuilt({ force = false } = {}) {
  const built = path.join(root, 'client', 'dist', 'index.html');
  const sources = [
    'client/src',
    'client/public',
    'client/index.html',
    'client/vite.config.ts',
    'client/package.json',
    'contract/src',
  ].map((p) => newestMtime(path.join(root, p)));
  if (!force && existsSync(built) && Math.max(...sources) <= newestMtime(built)) return;
  console.log('Compilando o cliente (vite build)…');
  await runOrExit('npm', ['run', 'build', '-w', 'client']);
}

export function findChromium() {
  // Debian's headless shell first: the same engine without the browser's window machinery, a
  // quarter less CPU per journey on 2 cores
  // (docs/decisions/2026-11-28-ci-s-time-budget-30-minutes-on-2-cores.md).
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  return candidates.find((c) => c && existsSync(c));
}

/** Resolves true when something accepts TCP connections at host:port within the timeout. */
export function isListening(host, port, timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
