import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

// Test helper: the real server (server/src/main.ts) as a child process, as an operator runs it, so
// tests can stop it with SIGTERM or kill it with SIGKILL and start it again on the same data.

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
/** Migrating on a busy two-core machine, with other processes doing the same. */
export const START_TIMEOUT_MS = 180_000;

export interface AppProcess {
  name: string;
  child: ChildProcess;
  output: string[];
  url: string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

export async function startApp(name: string, env: Record<string, string>): Promise<AppProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SEED: 'none',
      PORT: '0',
      ...env,
      CLIENT_DIST: path.join(env.DATA_DIR ?? ROOT, 'no-client'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );

  const url = await new Promise<string>((resolve, reject) => {
    const settle = (err?: Error, found?: string) => {
      clearTimeout(timer);
      child.off('exit', exitedEarly);
      child.stdout!.off('data', readPort);
      if (err) reject(new Error(`${name}: ${err.message}\n${output.join('')}`));
      else resolve(found!);
    };
    const timer = setTimeout(() => settle(new Error('did not start in time')), START_TIMEOUT_MS);
    const exitedEarly = (code: number | null, signal: string | null) =>
      settle(new Error(`exited early (${code ?? signal})`));
    const readPort = () => {
      const port = /rodando em http:\/\/localhost:(\d+)/.exec(output.join(''))?.[1];
      if (port) settle(undefined, `http://127.0.0.1:${port}`);
    };
    child.on('exit', exitedEarly);
    child.stdout!.on('data', readPort);
  });
  return { name, child, output, url, exited };
}

/** SIGTERM, as Ctrl-C or a deploy would; SIGKILL after `timeoutMs` if it has not exited. */
export async function stopApp(app: AppProcess, timeoutMs = 30_000): Promise<number | null> {
  if (app.child.exitCode !== null || app.child.signalCode !== null) return app.child.exitCode;
  app.child.kill('SIGTERM');
  const timer = setTimeout(() => app.child.kill('SIGKILL'), timeoutMs);
  const code = await app.exited;
  clearTimeout(timer);
  return code;
}

export async function killApp(app: AppProcess): Promise<void> {
  if (app.child.exitCode !== null || app.child.signalCode !== null) return;
  app.child.kill('SIGKILL');
  await app.exited;
}

export async function api<T = Record<string, unknown>>(
  app: AppProcess,
  route: string,
  options: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${app.url}${route}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: res.status, body: (await res.json()) as T };
}
