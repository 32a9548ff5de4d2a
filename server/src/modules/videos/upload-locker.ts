import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { MemoryLocker } from '@tus/server';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { Logger } from '../../logger';
import type { RedisClient } from '../../providers/redis-client';

/**
 * tus takes a lock on an upload for every request that reads or writes it, so two PATCHes never
 * append at once. Its own locker lives in one process's memory: with several instances, a client
 * that reconnects through another instance while its old request still hangs there would write
 * beside it. On Redis, the lock is a key every instance sees, and the request asking for it tells
 * the holder, wherever it runs, to let go (the tus protocol's way: the newer request wins).
 */
export interface UploadLocker {
  readonly locker: Locker;
  close(): Promise<void>;
}

export const UPLOAD_LOCK_PREFIX = 'aprendiz:upload-lock:';
export const UPLOAD_RELEASE_CHANNEL = 'aprendiz:upload-release';

export interface RedisUploadLockerOptions {
  /** How long a lock outlives its holder's last renewal: a crashed instance's locks end by then. */
  leaseMs?: number;
  /** How long a request waits for the lock before tus answers it 500 'lock timeout'. */
  acquireTimeoutMs?: number;
  /** Between two tries while the holder lets go. */
  retryMs?: number;
  keyPrefix?: string;
  channel?: string;
}

// KEYS: the lock. ARGV: the holder's token, the lease (ms). Only the holder renews or deletes it.
const RENEW_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
`;
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
`;

interface Held {
  token: string;
  requestRelease: RequestRelease;
  renewal: NodeJS.Timeout;
}

export function createMemoryUploadLocker(): UploadLocker {
  return { locker: new MemoryLocker(), close: async () => {} };
}

export async function createRedisUploadLocker(
  redis: RedisClient,
  logger: Logger,
  options: RedisUploadLockerOptions = {},
): Promise<UploadLocker> {
  const leaseMs = options.leaseMs ?? 15_000;
  const acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
  const retryMs = options.retryMs ?? 100;
  const prefix = options.keyPrefix ?? UPLOAD_LOCK_PREFIX;
  const channel = options.channel ?? UPLOAD_RELEASE_CHANNEL;
  /** This process's locks, by upload id: the ones a release request may name. */
  const held = new Map<string, Held>();

  const askToRelease = (id: string) => {
    const holder = held.get(id);
    if (!holder) return;
    Promise.resolve(holder.requestRelease()).catch((err: unknown) =>
      logger.warn({ err, uploadId: id }, 'an upload lock was not released on request'),
    );
  };
  // A subscribed connection takes no other command: the shared client stays free for SET and EVAL.
  const subscriber = redis.duplicate();
  subscriber.on('error', (err: unknown) =>
    logger.warn({ err }, 'redis connection error (upload locks)'),
  );
  await subscriber.connect();
  await subscriber.subscribe(channel, askToRelease);

  const key = (id: string) => `${prefix}${id}`;

  function renew(id: string, token: string): void {
    redis
      .eval(RENEW_SCRIPT, { keys: [key(id)], arguments: [token, String(leaseMs)] })
      .then((kept) => {
        // Lost (this process stalled past its lease and another request took over): stop writing.
        if (Number(kept) === 0 && held.get(id)?.token === token) askToRelease(id);
      })
      .catch((err: unknown) =>
        logger.warn({ err, uploadId: id }, 'an upload lock was not renewed'),
      );
  }

  function newLock(id: string): Lock {
    const token = randomUUID();
    return {
      async lock(stopSignal, requestRelease) {
        const deadline = Date.now() + acquireTimeoutMs;
        let asked = 0;
        for (;;) {
          if (stopSignal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
          const taken = await redis.set(key(id), token, {
            condition: 'NX',
            expiration: { type: 'PX', value: leaseMs },
          });
          if (taken === 'OK') {
            const renewal = setInterval(() => renew(id, token), Math.floor(leaseMs / 3));
            renewal.unref();
            held.set(id, { token, requestRelease, renewal });
            return;
          }
          // Ask the holder now, and again every second in case it was still starting its request.
          if (Date.now() - asked >= 1000) {
            asked = Date.now();
            await redis.publish(channel, id);
          }
          if (Date.now() + retryMs > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
          await sleep(retryMs, undefined, { signal: stopSignal }).catch(() => undefined);
        }
      },
      async unlock() {
        const holder = held.get(id);
        if (holder?.token === token) {
          clearInterval(holder.renewal);
          held.delete(id);
        }
        await redis.eval(RELEASE_SCRIPT, { keys: [key(id)], arguments: [token] });
      },
    };
  }

  return {
    locker: { newLock },
    async close() {
      for (const holder of held.values()) clearInterval(holder.renewal);
      held.clear();
      if (subscriber.isOpen) await subscriber.close();
    },
  };
}
