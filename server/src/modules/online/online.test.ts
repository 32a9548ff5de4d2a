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
  ctx = await createTestContext({ TRUST_PROXY: '1' });
});
afterAll(() => ctx.close());

let nextAddress = 1;
/** The test app trusts one proxy hop, so X-Forwarded-For stands for distinct machines. */
function newAddress(): string {
  return `198.51.100.${nextAddress++}`;
}

const ping = (app: Parameters<typeof request>[0], clientId: unknown, address = newAddress()) =>
  request(app).post('/api/online').set('X-Forwarded-For', address).send({ clientId });

describe('POST /api/online in memory', () => {
  it('when distinct clients ping, then the answer is a bare JSON number of clients seen', async () => {
    expect(ctx.deps.online.kind).toBe('memory');
    const [a, b] = [randomUUID(), randomUUID()];
    const [homeA, homeB] = [newAddress(), newAddress()];

    const first = await ping(ctx.app, a, homeA);
    const second = await ping(ctx.app, b, homeB);
    const again = await ping(ctx.app, a, homeA);

    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.text).toMatch(/^\d+$/);
    expect(second.body).toBe((first.body as number) + 1);
    expect(again.body).toBe(second.body);
  });

  it('when the client id is missing, blank, too long or not text, then 400 and nothing is counted', async () => {
    const home = newAddress();
    const before = (await ping(ctx.app, 'contador', home)).body as number;

    for (const clientId of [undefined, '   ', 'x'.repeat(65), 42]) {
      const res = await ping(ctx.app, clientId);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect((await ping(ctx.app, 'contador', home)).body).toBe(before);
  });

  it('when one address pings with 300 made-up ids, then the counter grows by three at most', async () => {
    const attacker = newAddress();
    const before = (await ping(ctx.app, randomUUID())).body as number;
    let last = before;
    for (let i = 0; i < 300; i++)
      last = (await ping(ctx.app, `robo-${i}`, attacker)).body as number;
    expect(last).toBe(before + 3);
    expect((await ping(ctx.app, randomUUID())).body).toBe(before + 4);
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

  it('when one address pings with many ids on Redis, then at most three count, across instances', async () => {
    const capped = `${key}:capped`;
    const one = createRedisOnlineCounter(redisA, { key: capped, maxPerAddress: 3 });
    const two = createRedisOnlineCounter(redisB, { key: capped, maxPerAddress: 3 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          (i % 2 ? one : two).touch(`robo-${i}`, '203.0.113.66'),
        ),
      );
      expect(Math.max(...answers)).toBe(3);
      expect(await one.touch('vizinha', '203.0.113.67')).toBe(4);
      expect(await redisA.zCard(capped)).toBe(4);
    } finally {
      await redisA.del([
        capped,
        `${capped}:address:203.0.113.66`,
        `${capped}:address:203.0.113.67`,
      ]);
    }
  });

  it('when two app instances each have their own Redis connection, then they share one count', async () => {
    const one = createApp({ ...ctx.deps, online: createRedisOnlineCounter(redisA, { key }) });
    const two = createApp({ ...ctx.deps, online: createRedisOnlineCounter(redisB, { key }) });

    expect((await ping(one, 'ana', '192.0.2.1')).body).toBe(1);
    expect((await ping(two, 'bruno', '192.0.2.2')).body).toBe(2);
    expect((await ping(one, 'bruno', '192.0.2.2')).body).toBe(2);
    expect((await ping(two, 'carla', '192.0.2.3')).body).toBe(3);

    const ttl = await redisA.ttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(120);
  });

  it('when a client was last seen over 60 s ago, then Redis no longer counts it', async () => {
    const staleKey = `${key}:stale`;
    let now = Date.now();
    const counter = createRedisOnlineCounter(redisA, { key: staleKey, now: () => now });
    try {
      await counter.touch('antigo', '192.0.2.4');
      now += 30_000;
      expect(await counter.touch('recente', '192.0.2.5')).toBe(2);
      now += 31_000;
      expect(await counter.touch('recente', '192.0.2.5')).toBe(1);
      expect(await redisA.zRange(staleKey, 0, -1)).toEqual(['192.0.2.5 recente']);
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
