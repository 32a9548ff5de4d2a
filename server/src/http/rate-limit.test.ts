import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import express from 'express';
import { sql } from 'drizzle-orm';
import { createLogger } from '../logger';
import { connectRedis, type RedisClient } from '../providers/redis-client';
import { CONTACT_RATE_LIMIT } from '../modules/contact/contact.routes';
import { createTestContext, type TestContext } from '../test/test-app';
import { authRateLimits, RATE_LIMITED, SIGN_IN_DELAY_STEP_MS } from './rate-limit';

// 4 attempts per address, 2 failures per (address, e-mail), slowed past 4 failures per e-mail.
const MAX_PER_IP = 4;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: String(MAX_PER_IP), TRUST_PROXY: '1' });
});
afterAll(() => ctx.close());

let nextAddress = 1;
/** This app trusts one proxy hop, so X-Forwarded-For stands for distinct clients. */
function newAddress(): string {
  return `198.51.100.${nextAddress++}`;
}

function signIn(address: string, body: object) {
  return request(ctx.app).post('/api/auth/sign-in').set('X-Forwarded-For', address).send(body);
}

describe('rate limits on sign-in and sign-up', () => {
  it('when one address makes more attempts than allowed, then 429 with the Portuguese message, and other addresses still get through', async () => {
    const address = newAddress();
    for (let i = 0; i < MAX_PER_IP; i++) {
      // Different e-mails, so only the per-address budget is spent; the bodies are invalid to stay fast.
      const res = await signIn(address, { email: `ip-${i}-${randomUUID()}@exemplo.pt` });
      expect(res.status).toBe(400);
    }

    const limited = await request(ctx.app)
      .post('/api/auth/sign-up')
      .set('X-Forwarded-For', address)
      .send({ name: 'Ana', email: `${randomUUID()}@exemplo.pt`, password: 'uma-senha-longa' });

    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, message: RATE_LIMITED });
    expect(limited.headers['ratelimit-policy']).toBeDefined();
    expect((await signIn(newAddress(), { email: `${randomUUID()}@exemplo.pt` })).status).toBe(400);
  });

  it('when one address guesses one account past its budget, then that address gets 429 and the owner elsewhere signs in at once', async () => {
    const email = `alvo-${randomUUID().slice(0, 8)}@exemplo.pt`;
    const password = 'a-senha-certa-123';
    await request(ctx.app)
      .post('/api/auth/sign-up')
      .set('X-Forwarded-For', newAddress())
      .send({ name: 'Dona', email, password })
      .expect(201);
    const attacker = newAddress();
    const wrong = { password: 'nao-e-a-senha' };
    expect((await signIn(attacker, { email, ...wrong })).status).toBe(401);
    expect((await signIn(attacker, { email: email.toUpperCase(), ...wrong })).status).toBe(401);

    const limited = await signIn(attacker, { email: `  ${email} `, ...wrong });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, message: RATE_LIMITED });
    // The same address may still sign in to another account, and the owner from home is not slowed.
    expect((await signIn(attacker, { email: `outra-${email}`, ...wrong })).status).toBe(401);
    // Not slowed means no added wait (a whole SIGN_IN_DELAY_STEP_MS): measured against an account
    // nobody guessed, the fastest of two each, since a password hash alone varies with the load.
    const control = `controle-${randomUUID().slice(0, 8)}@exemplo.pt`;
    await request(ctx.app)
      .post('/api/auth/sign-up')
      .set('X-Forwarded-For', newAddress())
      .send({ name: 'Controle', email: control, password })
      .expect(201);
    const fastest = async (account: string) => {
      const times: number[] = [];
      for (let i = 0; i < 2; i++) {
        const started = performance.now();
        expect((await signIn(newAddress(), { email: account, password })).status).toBe(200);
        times.push(performance.now() - started);
      }
      return Math.min(...times);
    };
    const owner = await fastest(email);
    const unguessed = await fastest(control);
    expect(owner).toBeLessThan(unguessed + 0.9 * SIGN_IN_DELAY_STEP_MS);
  });

  it('when one account is guessed from many addresses, then each further attempt waits longer, and the owner still signs in', async () => {
    const email = `dona-${randomUUID().slice(0, 8)}@exemplo.pt`;
    const password = 'a-senha-certa-123';
    await request(ctx.app)
      .post('/api/auth/sign-up')
      .set('X-Forwarded-For', newAddress())
      .send({ name: 'Dona', email, password })
      .expect(201);
    // The account-wide budget is MAX_PER_IP failures; each comes from a fresh address.
    for (let i = 0; i < MAX_PER_IP; i++) {
      expect((await signIn(newAddress(), { email, password: 'errada-errada' })).status).toBe(401);
    }
    const slowed = Date.now();
    expect((await signIn(newAddress(), { email, password: 'errada-errada' })).status).toBe(401);
    expect(Date.now() - slowed).toBeGreaterThanOrEqual(SIGN_IN_DELAY_STEP_MS - 50);

    const owner = Date.now();
    const res = await signIn(newAddress(), { email, password });
    expect(res.status).toBe(200);
    expect(Date.now() - owner).toBeGreaterThanOrEqual(2 * SIGN_IN_DELAY_STEP_MS - 50);
  });
});

describe('client addresses without TRUST_PROXY (the default)', () => {
  let direct: TestContext;
  beforeAll(async () => {
    direct = await createTestContext({ AUTH_RATE_LIMIT_MAX: String(MAX_PER_IP) });
  });
  afterAll(() => direct.close());

  it('when one client rotates X-Forwarded-For over sign-ins and sign-ups, then it still has one budget and gets 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < MAX_PER_IP + 2; i++) {
      const path = i % 2 === 0 ? '/api/auth/sign-in' : '/api/auth/sign-up';
      const res = await request(direct.app)
        .post(path)
        .set('X-Forwarded-For', newAddress())
        .send({ email: `rodar-${i}-${randomUUID()}@exemplo.pt` });
      statuses.push(res.status);
    }

    expect(statuses).toEqual([...Array<number>(MAX_PER_IP).fill(400), 429, 429]);
  });

  it('when one client rotates X-Forwarded-For over contact messages, then it gets 429 past the limit and the extra message is not stored', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= CONTACT_RATE_LIMIT; i++) {
      const res = await request(direct.app)
        .post('/api/contact')
        .set('X-Forwarded-For', newAddress())
        .send({ email: 'rodar@exemplo.pt', message: `mensagem ${i}` });
      statuses.push(res.status);
    }

    expect(statuses).toEqual([...Array<number>(CONTACT_RATE_LIMIT).fill(200), 429]);
    const stored = await direct.database.db.execute(
      sql`select message from contact_messages where email = 'rodar@exemplo.pt'`,
    );
    expect(stored.rows).toHaveLength(CONTACT_RATE_LIMIT);
  });

  it('when TRUST_PROXY names the proxy, then the address it forwards is the client', async () => {
    const behindLoopback = await createTestContext({
      AUTH_RATE_LIMIT_MAX: '1',
      TRUST_PROXY: 'loopback',
    });
    try {
      const statuses: number[] = [];
      for (const address of ['198.51.100.200', '198.51.100.201', '198.51.100.200']) {
        const res = await request(behindLoopback.app)
          .post('/api/auth/sign-in')
          .set('X-Forwarded-For', address)
          .send({ email: `${randomUUID()}@exemplo.pt` });
        statuses.push(res.status);
      }

      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await behindLoopback.close();
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('rate limits shared through Redis', () => {
  let redis: RedisClient;
  beforeAll(async () => {
    redis = await connectRedis(process.env.TEST_REDIS_URL!, createLogger('silent'));
  });
  afterAll(async () => {
    await redis.close();
  });

  /** One "instance": its own app and limiters, counting in the shared Redis under one prefix. */
  function instance(prefix: string) {
    const app = express();
    app.set('trust proxy', 1);
    app.use(express.json());
    app.post(
      '/attempt',
      ...authRateLimits({ maxPerIp: 3, maxPerEmail: 10, redis, redisPrefix: prefix }),
      (_req, res) => {
        res.json({ success: true });
      },
    );
    return app;
  }

  it('when two instances share Redis, then attempts on either count against one budget', async () => {
    const prefix = `aprendiz:test:${randomUUID()}:`;
    const [a, b] = [instance(prefix), instance(prefix)];
    const address = '203.0.113.9';
    const attempt = (app: express.Express) =>
      request(app)
        .post('/attempt')
        .set('X-Forwarded-For', address)
        .send({ email: `${randomUUID()}@exemplo.pt` });

    expect((await attempt(a)).status).toBe(200);
    expect((await attempt(b)).status).toBe(200);
    expect((await attempt(a)).status).toBe(200);

    const limited = await attempt(b);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(RATE_LIMITED);

    const keys = await redis.keys(`${prefix}*`);
    await Promise.all(keys.map((key) => redis.del(key)));
  });
});
