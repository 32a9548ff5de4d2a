import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import request from 'supertest';
import { deleteAccountBodySchema, privacyRequestsQuerySchema } from '@aprendiz/contract/privacy';
import { createLocalTokens } from '../../providers/auth-local';
import { createTestContext, TEST_AUTH_SECRET, type TestContext } from '../test-app';
import { snapshotStore, type StoreSnapshot } from './store-snapshot';
import { fuzzInput, hostileString, wrongValue, type FuzzHints } from './zod-arbitrary';

/**
 * The privacy endpoints fed hostile input as anyone who can reach them: never a 5xx, and a refusal
 * leaves every table as it was. The signed-in caller's token is 11 minutes old and its password is
 * never typed, so no generated request can schedule a deletion; the requests that may write (an
 * export) are asked once each, in the test that checks them.
 */

const SEED = 20_261_128;
const OPS_TOKEN = 'ops-token-for-the-privacy-fuzz-0123456789';
const PASSWORD = 'senha-que-ninguem-adivinha-42';

let ctx: TestContext;
let known: StoreSnapshot;
let headers: Record<string, Record<string, string>>;
let requestId: string;

beforeAll(async () => {
  // Most generated bodies carry a password to check: the cheapest scrypt cost keeps the run short.
  ctx = await createTestContext({
    OPS_TOKEN,
    AUTH_RATE_LIMIT_MAX: '100000',
    PASSWORD_HASH_COST: '12',
  });
  const signUp = await request(ctx.app)
    .post('/api/auth/sign-up')
    .send({ name: 'Pessoa Fuzz', email: 'fuzz.privacidade@exemplo.com.br', password: PASSWORD })
    .expect(201);
  const id = String(signUp.body.user._id);
  const started = await request(ctx.app)
    .post('/api/account/export')
    .set('Authorization', `Bearer ${String(signUp.body.token)}`)
    .expect(201);
  requestId = String(started.body.requestId);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() - 11 * 60_000);
  const oldToken = await createLocalTokens(TEST_AUTH_SECRET).issue(id);
  vi.useRealTimers();
  headers = {
    anonymous: {},
    'forged token': { Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.forjado' },
    person: { Authorization: `Bearer ${oldToken}` },
    operator: { Authorization: `Bearer ${OPS_TOKEN}` },
  };
  // The export's job writes once; the store is compared from when it has.
  await vi.waitFor(
    async () => {
      const res = await request(ctx.app)
        .get(`/api/account/export/${requestId}`)
        .set(headers.person!);
      expect(res.body.status).toBe('ready');
    },
    { timeout: 15_000, interval: 200 },
  );
  known = await snapshotStore(ctx);
}, 60_000);
afterAll(() => ctx.close());

// The password is never among them: typed by the signed-in role, it would rightly schedule a deletion.
const hints: FuzzHints = {
  uuids: [],
  texts: ['fuzz.privacidade@exemplo.com.br', 'senha-errada-123'],
};
const roleArb = fc.constantFrom('anonymous', 'forged token', 'person', 'operator');

/** A lone surrogate cannot be percent-encoded; a browser sends U+FFFD in its place. */
function inPath(text: string): string {
  return encodeURIComponent(text.replace(/\p{Surrogate}/gu, '\uFFFD'));
}

async function expectRefusedHarmlessly(res: request.Response): Promise<void> {
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
  expect(res.body.success).toBe(false);
  expect(typeof res.body.message).toBe('string');
  expect(await snapshotStore(ctx)).toEqual(known);
}

describe('hostile input on the privacy endpoints', () => {
  it('POST /api/account/delete: whatever the body, without the password or a recent sign-in nothing is scheduled', async () => {
    await fc.assert(
      fc.asyncProperty(
        roleArb,
        fc.oneof(
          { weight: 4, arbitrary: fuzzInput(deleteAccountBodySchema, hints) },
          { weight: 1, arbitrary: wrongValue() },
        ),
        async (role, body) => {
          const res = await request(ctx.app)
            .post('/api/account/delete')
            .set(headers[role]!)
            .set('Content-Type', 'application/json')
            .send(JSON.stringify(body) ?? '');
          await expectRefusedHarmlessly(res);
        },
      ),
      { seed: SEED, numRuns: 40 },
    );
  }, 90_000);

  it('GET /api/account/export/:id and its file: any id, any token, nothing is read out and nothing changes', async () => {
    // Kept under Node's 16 kB header limit, past which the socket is closed before the app sees it.
    const inUrl = hostileString().map((text) => text.slice(0, 1000));
    const idArb = fc.oneof(inUrl, fc.uuid(), fc.constant(requestId));
    await fc.assert(
      fc.asyncProperty(roleArb, idArb, inUrl, async (role, id, token) => {
        const status = await request(ctx.app)
          .get(`/api/account/export/${inPath(id)}`)
          .set(role === 'person' && id === requestId ? {} : headers[role]!);
        await expectRefusedHarmlessly(status);
        const file = await request(ctx.app).get(
          `/api/account/export/${inPath(id)}/file?token=${inPath(token)}`,
        );
        await expectRefusedHarmlessly(file);
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('GET /api/ops/privacy-requests: hostile queries are 400 for the operator and 401/403 for anyone else', async () => {
    await fc.assert(
      fc.asyncProperty(
        roleArb,
        fuzzInput(privacyRequestsQuerySchema, hints),
        async (role, query) => {
          const res = await request(ctx.app)
            .get('/api/ops/privacy-requests')
            .query(query && typeof query === 'object' ? (query as Record<string, string>) : {})
            .set(headers[role]!);
          expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
          if (role !== 'operator') expect([401, 403]).toContain(res.status);
          expect(await snapshotStore(ctx)).toEqual(known);
        },
      ),
      { seed: SEED, numRuns: 40 },
    );
  });
});
