import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createApp } from '../../app';
import { connectRedis, type RedisClient } from '../../providers/redis-client';
import { createRedisOnlineCounter } from '../../providers/online-redis';
import { createLogger } from '../../logger';
import { createTestContext, type TestContext } from '../../test/test-app';

// The Redis suites need a real server: CI and `npm test` set TEST_REDIS_URL when one answers.
const REDIS_URL = process.env.TEST_REDIS_URL ?? '';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const ping = (app: Parameters<typeof request>[0], clientId: unknown) =>
  request(app).post('/api/online').send({ clientId });

describe('POST /api/online in memory', () => {
  it('when distinct clients ping, then the answer is a bare JSON number of clients seen', async () => {
    expect(ctx.deps.online.kind).toBe('memory');
    const [a, b] = [randomUUID(), randomUUID()];

    const first = await ping(ctx.app, a);
    const second = await ping(ctx.app, b);
    const again = await ping(ctx.app, a);

    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.text).toMatch(/^\d+$/);
    expect(second.body).toBe((first.body as number) + 1);
    expect(again.body).toBe(second.body);
  });

  it('when the client id is missing, blank, too long or not text, then 400 and nothing is counted', async () => {
    const before = (await ping(ctx.app, 'contador')).body as number;

    for (const clientId of [undefined, '   ', 'x'.repeat(65), 42]) {
      const res = await ping(ctx.app, clientId);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect((await ping(ctx.app, 'contador')).body).toBe(before);
  });

  it('when the id is exactly 64 characters, then it is accepted', async () => {
    expect((await ping(ctx.app, 'y'.repeat(64))).status).toBe(200);
  });
});

describe.runIf(REDIS_URL)('POST /api/online on Redis', () => {
  // A key of this run's own, so parallel runs and real data on the same Redis never meet.
  const key = `aprendiz:test:${randomUUID()}:online`;
  let redisA: RedisClient;
  let redisB: RedisClient;

  beforeAll(async () => {
    const logger = createLogger('silent');
    [redisA, redisB] = await Promise.all([
      connectRedis(REDIS_URL, logger),
      connectRedis(REDIS_URL, logger),
    ]);
  });
  afterAll(async () => {
    await redisA.del(key);
    await Promise.all([redisA.close(), redisB.close()]);
  });

  it('when two app instances each have their own Redis connection, then they share one count', async () => {
    const one = createApp({ ...ctx.deps, online: createRedisOnlineCounter(redisA, { key }) });
    const two = createApp({ ...ctx.deps, online: createRedisOnlineCounter(redisB, { key }) });

    expect((await ping(one, 'ana')).body).toBe(1);
    expect((await ping(two, 'bruno')).body).toBe(2);
    expect((await ping(one, 'bruno')).body).toBe(2);
    expect((await ping(two, 'carla')).body).toBe(3);

    const ttl = await redisA.ttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(120);
  });

  it('when a client was last seen over 60 s ago, then Redis no longer counts it', async () => {
    const staleKey = `${key}:stale`;
    let now = Date.now();
    const counter = createRedisOnlineCounter(redisA, { key: staleKey, now: () => now });
    try {
      await counter.touch('antigo');
      now += 30_000;
      expect(await counter.touch('recente')).toBe(2);
      now += 31_000;
      expect(await counter.touch('recente')).toBe(1);
      expect(await redisA.zRange(staleKey, 0, -1)).toEqual(['recente']);
    } finally {
      await redisA.del(staleKey);
    }
  });

  it('when REDIS_URL is configured, then buildDeps chooses the Redis counter and close() releases the connection', async () => {
    const withRedis = await createTestContext({ REDIS_URL });
    try {
      expect(withRedis.deps.online.kind).toBe('redis');
      expect(withRedis.deps.redis?.isOpen).toBe(true);
      expect((await ping(withRedis.app, `deps-${randomUUID()}`)).status).toBe(200);
    } finally {
      await withRedis.deps.close();
      await withRedis.close();
    }
    expect(withRedis.deps.redis?.isOpen).toBe(false);
  });
});
