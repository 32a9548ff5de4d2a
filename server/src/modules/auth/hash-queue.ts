import os from 'node:os';
import { AppError } from '../../http/errors';

/** Node's default libuv pool (we never raise UV_THREADPOOL_SIZE): file reads and zlib share it. */
const LIBUV_POOL_THREADS = 4;

/**
 * Password hashes at once: each scrypt holds a pool thread and a core for ~0.3 s (and 128 MiB). One
 * core and one pool thread are always left over, so static files, compression and the event loop
 * keep flowing during a burst of sign-ins; more hashes at once than cores would not finish sooner.
 */
export const HASH_CONCURRENCY = Math.max(
  1,
  Math.min(os.availableParallelism() - 1, LIBUV_POOL_THREADS - 1),
);

/**
 * Sign-ins allowed to wait for a slot: a burst of 20 at once is served even on two cores, and at
 * ~0.3 s a hash the last in line waits about 10 s. Beyond that the answer is an immediate 503, so
 * a flood cannot stretch everyone's wait without bound.
 */
export const HASH_MAX_WAITING = 32 * HASH_CONCURRENCY;

export const HASHING_BUSY =
  'Há muitas tentativas de entrada neste momento. Tente novamente em alguns segundos.';

export interface HashQueue {
  /** Runs the task when a slot is free, in arrival order; a 503 AppError when the line is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

export function createHashQueue({
  concurrency = HASH_CONCURRENCY,
  maxWaiting = HASH_MAX_WAITING,
}: { concurrency?: number; maxWaiting?: number } = {}): HashQueue {
  let running = 0;
  const line: (() => void)[] = [];

  function release(): void {
    const next = line.shift();
    // The finished task's slot passes straight to the next in line, so `running` stays put.
    if (next) next();
    else running--;
  }

  return {
    async run(task) {
      if (running < concurrency) {
        running++;
      } else if (line.length < maxWaiting) {
        await new Promise<void>((resolve) => line.push(resolve));
      } else {
        throw new AppError('UNAVAILABLE', HASHING_BUSY);
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return line.length;
    },
  };
}
