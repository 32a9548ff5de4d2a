import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * How ffmpeg and ffprobe run here. They parse files strangers sent, so: never through a shell (the
 * arguments are an array), at the lowest CPU priority (`nice -n 19`, the site keeps answering),
 * with an address-space cap (`prlimit --as`, a crafted file cannot eat the machine's memory) and a
 * wall-clock limit after which the process is killed outright.
 */

/** 2 GB of address space: far above what a 720p ladder uses, far below the machine. */
export const FFMPEG_MEMORY_BYTES = 2 * 1024 ** 3;

export interface ToolRun {
  child: ChildProcess;
  /** Resolves with stdout when the tool exits 0; rejects with its last stderr lines otherwise. */
  done: Promise<string>;
}

/** Why a tool stopped: it refused (exit), it was stopped from outside (signal), or it overran. */
export type ToolEnd = 'exit' | 'signal' | 'timeout' | 'spawn';

export class ToolFailed extends Error {
  constructor(
    message: string,
    readonly stderr: string,
    readonly end: ToolEnd,
  ) {
    super(message);
    this.name = 'ToolFailed';
  }
}

const PRLIMIT = '/usr/bin/prlimit';
const NICE = '/usr/bin/nice';

/** The command line that runs `tool` niced and memory-bounded, with what exists on this machine. */
export function boundedCommand(tool: string, args: readonly string[]): [string, string[]] {
  const inner = existsSync(PRLIMIT)
    ? [PRLIMIT, `--as=${FFMPEG_MEMORY_BYTES}`, '--', tool, ...args]
    : [tool, ...args];
  if (existsSync(NICE)) return [NICE, ['-n', '19', ...inner]];
  return [inner[0]!, inner.slice(1)];
}

export function runTool(
  tool: string,
  args: readonly string[],
  options: { timeoutMs: number; onStdout?: (chunk: string) => void },
): ToolRun {
  const [command, argv] = boundedCommand(tool, args);
  const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
  let stdout = '';
  let stderr = '';
  let timedOut = false;
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    if (options.onStdout) options.onStdout(chunk);
    else if (stdout.length < 1_000_000) stdout += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    // Only the tail matters (the error); a hostile file can make ffmpeg print without end.
    stderr = (stderr + chunk).slice(-8000);
  });
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, options.timeoutMs);
  const done = new Promise<string>((resolve, reject) => {
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new ToolFailed(`${tool} did not start: ${err.message}`, '', 'spawn'));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else {
        const why = timedOut ? 'timed out' : signal ? `killed by ${signal}` : `exited ${code}`;
        const end: ToolEnd = timedOut ? 'timeout' : signal ? 'signal' : 'exit';
        reject(new ToolFailed(`${tool} ${why}`, stderr.trim(), end));
      }
    });
  });
  return { child, done };
}

/**
 * Whether the tool runs at all, with the first line it prints about itself. No file is read, so it
 * runs unwrapped; a busy machine at start may take a while, which must not turn video off.
 */
export async function toolVersion(tool: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(tool, ['-version'], { timeout: 60_000, shell: false }, (err, stdout) => {
      resolve(err ? null : (String(stdout).split('\n')[0] ?? ''));
    });
  });
}
