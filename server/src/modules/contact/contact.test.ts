import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { contactErrorsSchema } from '@aprendiz/contract/site';
import { createApp } from '../../app';
import { contactMessages } from '../../db/schema/contact-messages';
import { createLogger } from '../../logger';
import { connectRedis, type RedisClient } from '../../providers/redis-client';
import { createTestContext, type TestContext } from '../../test/test-app';
import { CONTACT_RATE_LIMIT, CONTACT_RATE_LIMITED } from './contact.routes';

// The Redis suites need a real server: CI and `npm test` set TEST_REDIS_URL when one answers.
const REDIS_URL = process.env.TEST_REDIS_URL ?? '';

let ctx: TestContext;
beforeAll(async () => {
  // The tests speak from many addresses through one trusted proxy hop (X-Forwarded-For).
  ctx = await createTestContext({ TRUST_PROXY: '1' });
});
afterAll(() => ctx.close());

/** Each test speaks from its own address (behind the one trusted proxy), so rate limits never leak between tests. */
function freshIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

const send = (body: unknown, ip: string, app = ctx.app) =>
  request(app)
    .post('/api/contact')
    .set('X-Forwarded-For', ip)
    .send(body as object);

async function messagesFrom(email: string) {
  return ctx.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));
}

describe('POST /api/contact', () => {
  it('when the e-mail and message are valid, then {ok, next: "/"} and the message is stored', async () => {
    const email = `visitante-${randomInt(1e9)}@exemplo.test`;

    const res = await send(
      { email, message: 'Gostaria de saber mais sobre os cursos.' },
      freshIp(),
    );

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, next: '/' });
    const stored = await messagesFrom(email);
    expect(stored.map((m) => m.message)).toEqual(['Gostaria de saber mais sobre os cursos.']);
  });

  it('when both fields are missing, then 400 with REQUIRED_FIELD_MISSING for each', async () => {
    const res = await send({}, freshIp());

    expect(res.status).toBe(400);
    expect(contactErrorsSchema.parse(res.body).errors).toEqual([
      { field: 'email', code: 'REQUIRED_FIELD_MISSING', message: 'is required' },
      { field: 'message', code: 'REQUIRED_FIELD_MISSING', message: 'is required' },
    ]);
  });

  it('when the fields are blank, then REQUIRED_FIELD_EMPTY', async () => {
    const res = await send({ email: '  ', message: '' }, freshIp());

    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { code: string }) => e.code)).toEqual([
      'REQUIRED_FIELD_EMPTY',
      'REQUIRED_FIELD_EMPTY',
    ]);
  });

  it('when the e-mail is not an e-mail, then TYPE_EMAIL and nothing is stored', async () => {
    const res = await send({ email: 'nao-e-email', message: 'Olá' }, freshIp());

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [{ field: 'email', code: 'TYPE_EMAIL', message: 'should be an email' }],
    });
    expect(await messagesFrom('nao-e-email')).toEqual([]);
  });

  it('when the message is longer than 5,000 characters, then TYPE_TEXT and nothing is stored', async () => {
    const email = `longo-${randomInt(1e9)}@exemplo.test`;

    const res = await send({ email, message: 'a'.repeat(5001) }, freshIp());

    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'message', code: 'TYPE_TEXT', message: 'should be at most 5000 characters' },
    ]);
    expect(await messagesFrom(email)).toEqual([]);
  });

  it(`when one address sends more than ${CONTACT_RATE_LIMIT} requests in a minute, then 429 {error} and other addresses are unaffected`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT; i++) {
      expect((await send({ email: 'a@b.test', message: `n${i}` }, ip)).status).toBe(200);
    }

    const blocked = await send({ email: 'a@b.test', message: 'mais um' }, ip);
    const other = await send({ email: 'a@b.test', message: 'outro endereço' }, freshIp());

    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ error: CONTACT_RATE_LIMITED });
    expect(other.status).toBe(200);
    expect((await messagesFrom('a@b.test')).some((m) => m.message === 'mais um')).toBe(false);
  });
});

describe.runIf(REDIS_URL)('POST /api/contact rate limit on Redis', () => {
  let redisA: RedisClient;
  let redisB: RedisClient;
  const ip = freshIp();

  beforeAll(async () => {
    const logger = createLogger('silent');
    [redisA, redisB] = await Promise.all([
      connectRedis(REDIS_URL, logger),
      connectRedis(REDIS_URL, logger),
    ]);
  });
  afterAll(async () => {
    await redisA.del(`aprendiz:rl:contact:${ip}`);
    await Promise.all([redisA.close(), redisB.close()]);
  });

  it('when two instances share Redis, then one address has one budget across both', async () => {
    const one = createApp({ ...ctx.deps, redis: redisA });
    const two = createApp({ ...ctx.deps, redis: redisB });
    const body = { email: 'partilhado@exemplo.test', message: 'Olá' };

    const statuses: number[] = [];
    for (let i = 0; i < CONTACT_RATE_LIMIT + 1; i++) {
      statuses.push((await send(body, ip, i % 2 === 0 ? one : two)).status);
    }

    expect(statuses).toEqual([...Array<number>(CONTACT_RATE_LIMIT).fill(200), 429]);
  });
});
