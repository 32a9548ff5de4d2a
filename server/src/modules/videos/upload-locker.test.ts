import { randomBytes } from 'node:crypto';
import { ERRORS } from '@tus/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { connectRedis, type RedisClient } from '../../providers/redis-client';
import { createRedisUploadLocker, type UploadLocker } from './upload-locker';

// The Redis suites need a real server: CI and `npm test` set TEST_REDIS_URL when one answers.
const REDIS_URL = process.env.TEST_REDIS_URL ?? '';

describe.runIf(REDIS_URL)('upload locks shared through Redis', () => {
  const logger = createLogger('silent');
  const clients: RedisClient[] = [];
  const lockers: UploadLocker[] = [];
  // Each run its own names, so runs side by side (or a crashed one's keys) never meet.
  const run = randomBytes(4).toString('hex');
  const names = { keyPrefix: `test:${run}:lock:`, channel: `test:${run}:release` };

  /** An instance's locker, on its own Redis connection as each app process has. */
  async function instance(options: { leaseMs?: number; acquireTimeoutMs?: number } = {}) {
    const redis = await connectRedis(REDIS_URL, logger);
    clients.push(redis);
    const locker = await createRedisUploadLocker(redis, logger, { ...names, ...options });
    lockers.push(locker);
    return locker;
  }

  beforeAll(() => {
    expect(REDIS_URL).not.toBe('');
  });

  afterAll(async () => {
    await Promise.all(lockers.map((locker) => locker.close()));
    await Promise.all(clients.map((client) => client.close()));
  });

  const never = new AbortController().signal;

  it('when another instance asks for a held lock, then the holder is asked to let go and the asker gets it once it has', async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    const held = a.locker.newLock('u1');
    const order: string[] = [];
    await held.lock(never, () => {
      order.push('asked');
      // tus ends the holder's request, then unlocks.
      setTimeout(() => {
        order.push('released');
        void held.unlock();
      }, 50);
    });
    const asker = b.locker.newLock('u1');
    await asker.lock(never, () => {});
    order.push('taken');
    expect(order).toEqual(['asked', 'released', 'taken']);
    await asker.unlock();
  });

  it('when the holder never lets go, then the asker gives up with tus’s lock timeout, and an abort stops it sooner', async () => {
    const [a, b] = await Promise.all([instance(), instance({ acquireTimeoutMs: 400 })]);
    const stubborn = a.locker.newLock('u2');
    let asked = 0;
    await stubborn.lock(never, () => {
      asked++;
    });
    await expect(b.locker.newLock('u2').lock(never, () => {})).rejects.toBe(
      ERRORS.ERR_LOCK_TIMEOUT,
    );
    expect(asked).toBeGreaterThan(0);

    const aborted = new AbortController();
    const startedAt = Date.now();
    const waiting = b.locker.newLock('u2').lock(aborted.signal, () => {});
    setTimeout(() => aborted.abort(), 50);
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(Date.now() - startedAt).toBeLessThan(350);
    await stubborn.unlock();
  });

  it('when a holder stays alive, then its lease is renewed past the first term; when it crashes, then the lock ends with its lease', async () => {
    const leaseMs = 300;
    const [a, b] = await Promise.all([
      instance({ leaseMs }),
      instance({ leaseMs, acquireTimeoutMs: 2000 }),
    ]);
    const alive = a.locker.newLock('u3');
    await alive.lock(never, () => {});
    await new Promise((resolve) => setTimeout(resolve, leaseMs * 2));
    const early = b.locker.newLock('u3');
    const tooSoon = new AbortController();
    setTimeout(() => tooSoon.abort(), 200);
    await expect(early.lock(tooSoon.signal, () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);

    // A crash: its renewals stop and nobody unlocks.
    await a.close();
    const startedAt = Date.now();
    const after = b.locker.newLock('u3');
    await after.lock(never, () => {});
    expect(Date.now() - startedAt).toBeLessThanOrEqual(leaseMs + 200);
    await after.unlock();
  });

  it('when a lock is unlocked by an older request, then the newer holder keeps it', async () => {
    const [a, b] = await Promise.all([instance({ leaseMs: 300 }), instance()]);
    const older = a.locker.newLock('u4');
    await older.lock(never, () => {});
    await a.close();
    await new Promise((resolve) => setTimeout(resolve, 400));
    const newer = b.locker.newLock('u4');
    await newer.lock(never, () => {});
    // The older request ends late and unlocks: the key is the newer one's and stays.
    await older.unlock();
    const third = b.locker.newLock('u4');
    const soon = new AbortController();
    setTimeout(() => soon.abort(), 200);
    await expect(third.lock(soon.signal, () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await newer.unlock();
  });
});
