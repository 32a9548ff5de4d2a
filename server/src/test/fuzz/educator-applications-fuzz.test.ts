import { afterAll, beforeAll, describe, it } from 'vitest';
import fc from 'fast-check';
import request from 'supertest';
import type { z } from 'zod';
import {
  declineApplicationBodySchema,
  educatorApplicationBodySchema,
} from '@aprendiz/contract/educator-applications';
import { insertApplication } from '../../modules/educator-applications/educator-applications.repository';
import { createStaff } from '../fixtures/staff-fixtures';
import { createTestContext, type TestContext } from '../test-app';
import { harmlessCheck, snapshotStore } from './store-snapshot';
import { fuzzBody, hostileAddressPart, type FuzzHints } from './zod-arbitrary';

/**
 * The educator application endpoints (EDUCATOR_APPLICATIONS=on), fed schema-derived, hostile and
 * wrong-kind bodies and hostile path and query parts, as an admin with two-step on and as a learner.
 * Whatever comes in, never a 5xx, and a 4xx leaves every table as it was.
 */
const SEED = 20_261_128;

type Caller = 'admin' | 'learner';
let ctx: TestContext;
let headers: Record<Caller, Record<string, string>>;
let hints: FuzzHints;
let expectHarmless: (res: request.Response) => Promise<void>;
let applicationId: string;

beforeAll(async () => {
  ctx = await createTestContext({ EDUCATOR_APPLICATIONS: 'on', TRUST_PROXY: 'loopback' });
  const admin = await createStaff(ctx, 'admin');
  const learner = await ctx.createUser();
  const applicant = await ctx.createUser();
  applicationId = (
    await insertApplication(ctx.database.db, applicant.user.id, {
      about: 'Engenheiro de dados, dou aulas há cinco anos.',
      teaching: 'SQL para analistas, do SELECT às janelas.',
    })
  ).id;
  headers = { admin: admin.auth, learner: learner.auth };
  hints = { uuids: [applicationId], texts: ['pending', 'approved', 'declined'] };
  expectHarmless = harmlessCheck(ctx, await snapshotStore(ctx));
});
afterAll(() => ctx.close());

const callerArb = fc.constantFrom<Caller>('admin', 'learner');

const BODY_ENDPOINTS: { name: string; path: () => string; schema: z.ZodType; runs: number }[] = [
  {
    name: 'POST /api/educator/application',
    path: () => '/api/educator/application',
    schema: educatorApplicationBodySchema,
    runs: 40,
  },
  {
    name: 'POST /api/admin/educator-applications/:id/decline',
    path: () => `/api/admin/educator-applications/${applicationId}/decline`,
    schema: declineApplicationBodySchema,
    runs: 40,
  },
];

describe('fuzzing the educator application endpoints', () => {
  for (const endpoint of BODY_ENDPOINTS) {
    it(`when ${endpoint.name} gets any body, then never a 5xx and a 4xx changes nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(callerArb, fuzzBody(endpoint.schema, hints), async (caller, json) => {
          const res = await request(ctx.app)
            .post(endpoint.path())
            .set(headers[caller])
            .set('Content-Type', 'application/json')
            .send(JSON.stringify(json) ?? '');
          await expectHarmless(res);
        }),
        { seed: SEED, numRuns: endpoint.runs },
      );
    });
  }

  it('when the queue and the path ids get hostile text, then never a 5xx and nothing changes', async () => {
    const part = hostileAddressPart(['..', '%00', '-1', '', 'pending']);
    const getArb = part.map(
      (p) => `/api/admin/educator-applications?status=${encodeURIComponent(p)}`,
    );
    const postArb = fc.oneof(
      part.map((p) => `/api/admin/educator-applications/${encodeURIComponent(p)}/approve`),
      part.map((p) => `/api/admin/educator-applications/${encodeURIComponent(p)}/decline`),
    );
    await fc.assert(
      fc.asyncProperty(callerArb, getArb, postArb, async (caller, get, post) => {
        await expectHarmless(await request(ctx.app).get(get).set(headers[caller]));
        await expectHarmless(await request(ctx.app).post(post).set(headers[caller]).send({}));
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});
