import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import request from 'supertest';
import type { z } from 'zod';
import {
  payoutFailedBodySchema,
  payoutPaidBodySchema,
  payoutProfileInputSchema,
  withdrawalBodySchema,
} from '@aprendiz/contract/payouts';
import { createTestContext, type TestContext } from '../test-app';
import { insertCourse } from '../fixtures/course-fixtures';
import { insertSale, PIX_PROFILE } from '../fixtures/payout-fixtures';
import { snapshotStore } from './store-snapshot';
import { fuzzInput, hostileString, type FuzzHints } from './zod-arbitrary';

/**
 * The payout endpoints fed inputs derived from their contract schemas, as an educator, a learner,
 * nobody and the operator: never a 5xx, and a 4xx leaves every table as it was.
 */
const SEED = 20_261_128;
const OPS_TOKEN = 'ops-token-for-the-payout-fuzz-0123456789';

let ctx: TestContext;
let headers: Record<'educator' | 'learner' | 'anonymous' | 'operator', Record<string, string>>;
let payoutId: string;
let hints: FuzzHints;

beforeAll(async () => {
  ctx = await createTestContext({ CURRENCY: 'brl', OPS_TOKEN });
  const educator = await ctx.createUser({ role: 'educator' });
  const learner = await ctx.createUser();
  const course = await insertCourse(ctx.database.db, educator.user.id, { guaranteeDays: 7 });
  await insertSale(ctx.database.db, {
    buyerId: learner.user.id,
    courseId: course.id,
    amount: '500.00',
    currency: 'brl',
    daysAgo: 20,
  });
  await request(ctx.app).put('/api/educator/payout-profile').set(educator.auth).send(PIX_PROFILE);
  const asked = await request(ctx.app)
    .post('/api/educator/payouts')
    .set(educator.auth)
    .send({ amount: 100 });
  payoutId = asked.body.payout._id as string;
  headers = {
    educator: educator.auth,
    learner: learner.auth,
    anonymous: {},
    operator: { Authorization: `Bearer ${OPS_TOKEN}` },
  };
  hints = { uuids: [payoutId, '00000000-0000-4000-8000-000000000000'], texts: ['2026-11', 'pix'] };
});
afterAll(() => ctx.close());

interface Target {
  method: 'put' | 'post' | 'get';
  path: () => string;
  schema?: z.ZodType;
}

const TARGETS: Target[] = [
  {
    method: 'put',
    path: () => '/api/educator/payout-profile',
    schema: payoutProfileInputSchema('brl', false),
  },
  { method: 'post', path: () => '/api/educator/payouts', schema: withdrawalBodySchema },
  { method: 'post', path: () => `/api/ops/payouts/${payoutId}/paid`, schema: payoutPaidBodySchema },
  {
    method: 'post',
    path: () => `/api/ops/payouts/${payoutId}/failed`,
    schema: payoutFailedBodySchema,
  },
];

const ROLES = ['educator', 'learner', 'anonymous', 'operator'] as const;

describe('payout endpoints (fuzz)', () => {
  it.each(
    TARGETS.map(
      (t) => [`${t.method.toUpperCase()} ${t.path().replace('undefined', ':id')}`, t] as const,
    ),
  )(
    'when %s gets any body from any role, then never a 5xx, and a refusal changes nothing',
    async (_name, target) => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...ROLES),
          fuzzInput(target.schema!, hints),
          async (role, body) => {
            const before = await snapshotStore(ctx);
            const agent = request(ctx.app);
            const res = await agent[target.method](target.path())
              .set(headers[role])
              .send(body as object);
            expect(res.status, JSON.stringify(body)).toBeLessThan(500);
            if (res.status >= 400) expect(await snapshotStore(ctx)).toEqual(before);
          },
        ),
        { seed: SEED, numRuns: 40 },
      );
    },
    120_000,
  );

  it('when the paths and queries carry anything, then never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROLES), hostileString(), async (role, text) => {
        const part = encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '?')).slice(0, 2000);
        for (const path of [
          `/api/educator/statements/${part}`,
          `/api/educator/statements/${part}.pdf`,
          `/api/educator/payouts/${part}`,
          `/api/ops/payouts?status=${part}`,
          `/api/ops/payouts/export.csv?rail=${part}`,
          `/api/ops/payouts/${part}/approve`,
        ]) {
          const agent = request(ctx.app);
          const res = await (path.endsWith('/approve') ? agent.post(path) : agent.get(path)).set(
            headers[role],
          );
          expect(res.status, path).toBeLessThan(500);
        }
      }),
      { seed: SEED, numRuns: 30 },
    );
  }, 120_000);
});
