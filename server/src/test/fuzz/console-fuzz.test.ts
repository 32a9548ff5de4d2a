import { afterAll, beforeAll, describe, it } from 'vitest';
import fc from 'fast-check';
import request from 'supertest';
import type { z } from 'zod';
import {
  manualRefundPaidBodySchema,
  moderationHideBodySchema,
  setStaffRoleBodySchema,
  suspendBodySchema,
  takedownBodySchema,
  twoStepCodeBodySchema,
  twoStepSignInBodySchema,
} from '@aprendiz/contract/staff';
import { payoutFailedBodySchema, payoutPaidBodySchema } from '@aprendiz/contract/payouts';
import { reviewReportBodySchema } from '@aprendiz/contract/reviews';
import { approvePayout } from '../../modules/payouts/payouts.service';
import { createStaff } from '../fixtures/staff-fixtures';
import { courseOfNewEducator } from '../fixtures/enrollment-fixtures';
import { askedPayout } from '../fixtures/payout-fixtures';
import { owedManualRefund, reportedQuestion, reportedReview } from '../fixtures/admin-fixtures';
import { createTestContext, type TestContext } from '../test-app';
import { harmlessCheck, snapshotStore } from './store-snapshot';
import { fuzzBody, hostileAddressPart, type FuzzHints } from './zod-arbitrary';

/**
 * The console's and two-step's endpoints, fed schema-derived, hostile and wrong-kind bodies and
 * hostile path and query parts, as an admin with two-step on (who gets furthest) and as a learner.
 * Whatever comes in, never a 5xx, and a 4xx leaves every table as it was.
 */
const SEED = 20_261_128;

type Caller = 'admin' | 'learner';
let ctx: TestContext;
let headers: Record<Caller, Record<string, string>>;
let hints: FuzzHints;
let expectHarmless: (res: request.Response) => Promise<void>;
let targets: {
  userId: string;
  purchaseId: string;
  questionId: string;
  reviewId: string;
  courseId: string;
  paidPayoutId: string;
  failedPayoutId: string;
};

beforeAll(async () => {
  ctx = await createTestContext({
    AUTH_RATE_LIMIT_MAX: '1000000',
    TRUST_PROXY: 'loopback',
    // Reais: the payouts' fixture asks for a Pix withdrawal.
    CURRENCY: 'brl',
  });
  const admin = await createStaff(ctx, 'admin');
  const learner = await ctx.createUser();
  const { purchase, buyer } = await owedManualRefund(ctx);
  const { question } = await reportedQuestion(ctx);
  const { review } = await reportedReview(ctx);
  const { course } = await courseOfNewEducator(ctx, {});
  const approved = async () => {
    const { payoutId } = await askedPayout(ctx);
    await approvePayout(ctx.deps, payoutId);
    return payoutId;
  };
  targets = {
    userId: buyer.user.id,
    purchaseId: purchase.id,
    questionId: question.id,
    reviewId: review.id,
    courseId: course.id,
    paidPayoutId: await approved(),
    failedPayoutId: await approved(),
  };
  headers = { admin: admin.auth, learner: learner.auth };
  hints = {
    // Unchanged when endpoints were added: the seed's draws for the two-step bodies stay the same.
    uuids: [purchase.id, question.id],
    texts: [buyer.user.id, buyer.user.email, 'admin', 'support', 'none', '123456'],
  };
  expectHarmless = harmlessCheck(ctx, await snapshotStore(ctx));
});
afterAll(() => ctx.close());

const callerArb = fc.constantFrom<Caller>('admin', 'learner');

const BODY_ENDPOINTS: { name: string; path: () => string; schema: z.ZodType; runs: number }[] = [
  {
    name: 'POST /api/admin/users/:id/suspend',
    path: () => `/api/admin/users/${targets.userId}/suspend`,
    schema: suspendBodySchema,
    runs: 40,
  },
  {
    name: 'POST /api/admin/users/:id/role',
    path: () => `/api/admin/users/${targets.userId}/role`,
    schema: setStaffRoleBodySchema,
    runs: 40,
  },
  {
    name: 'POST /api/admin/refunds/:id/paid',
    path: () => `/api/admin/refunds/${targets.purchaseId}/paid`,
    schema: manualRefundPaidBodySchema,
    runs: 40,
  },
  {
    name: 'POST /api/admin/moderation/question/:id/hide',
    path: () => `/api/admin/moderation/question/${targets.questionId}/hide`,
    schema: moderationHideBodySchema,
    runs: 40,
  },
  {
    name: 'POST /api/admin/moderation/review/:id/hide',
    path: () => `/api/admin/moderation/review/${targets.reviewId}/hide`,
    schema: moderationHideBodySchema,
    runs: 40,
  },
  {
    // Reporting a review is the learner's side of the same moderation: a report, then only 409s.
    name: 'POST /api/review/:id/report',
    path: () => `/api/review/${targets.reviewId}/report`,
    schema: reviewReportBodySchema,
    runs: 40,
  },
  {
    name: 'POST /api/admin/courses/:id/takedown',
    path: () => `/api/admin/courses/${targets.courseId}/takedown`,
    schema: takedownBodySchema,
    runs: 30,
  },
  {
    name: 'POST /api/admin/payouts/:id/paid',
    path: () => `/api/admin/payouts/${targets.paidPayoutId}/paid`,
    schema: payoutPaidBodySchema,
    runs: 30,
  },
  {
    name: 'POST /api/admin/payouts/:id/failed',
    path: () => `/api/admin/payouts/${targets.failedPayoutId}/failed`,
    schema: payoutFailedBodySchema,
    runs: 30,
  },
  {
    name: 'POST /api/account/2fa/enable',
    path: () => '/api/account/2fa/enable',
    schema: twoStepCodeBodySchema,
    runs: 30,
  },
  {
    name: 'POST /api/account/2fa/disable',
    path: () => '/api/account/2fa/disable',
    schema: twoStepCodeBodySchema,
    runs: 30,
  },
  {
    name: 'POST /api/auth/sign-in/2fa',
    path: () => '/api/auth/sign-in/2fa',
    schema: twoStepSignInBodySchema,
    runs: 40,
  },
];

describe('fuzzing the console and two-step endpoints', () => {
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

  it('when the reads and the path ids get hostile text, then never a 5xx and nothing changes', async () => {
    const part = hostileAddressPart(['..', '%00', 'usr_x', '-1', '']);
    const pathArb = fc.oneof(
      part.map((p) => `/api/admin/users?q=${encodeURIComponent(p)}`),
      part.map((p) => `/api/admin/purchases?q=${encodeURIComponent(p)}`),
      part.map((p) => `/api/admin/audit?target=${encodeURIComponent(p)}&format=csv`),
      part.map(
        (p) => `/api/admin/audit?actor=${encodeURIComponent(p)}&format=${encodeURIComponent(p)}`,
      ),
      part.map((p) => `/api/admin/users/${encodeURIComponent(p)}`),
      part.map((p) => `/api/admin/payouts?status=${encodeURIComponent(p)}`),
      part.map(
        (p) =>
          `/api/admin/privacy-requests?kind=${encodeURIComponent(p)}&limit=${encodeURIComponent(p)}`,
      ),
      part.map((p) => `/api/admin/payouts/export.csv?rail=${encodeURIComponent(p)}`),
    );
    const postArb = fc.oneof(
      part.map((p) => `/api/admin/users/${encodeURIComponent(p)}/reinstate`),
      part.map((p) => `/api/admin/purchases/${encodeURIComponent(p)}/resend-receipt`),
      part.map((p) => `/api/admin/jobs/${encodeURIComponent(p)}/retry`),
      part.map((p) => `/api/admin/payouts/${encodeURIComponent(p)}/approve`),
      part.map((p) => `/api/admin/users/${targets.userId}/sessions/${encodeURIComponent(p)}/end`),
      part.map(
        (p) => `/api/admin/moderation/${encodeURIComponent(p)}/${encodeURIComponent(p)}/show`,
      ),
      part.map((p) => `/api/admin/moderation/review/${encodeURIComponent(p)}/dismiss`),
      part.map((p) => `/api/review/${encodeURIComponent(p)}/report`),
    );
    await fc.assert(
      fc.asyncProperty(callerArb, pathArb, postArb, async (caller, get, post) => {
        await expectHarmless(await request(ctx.app).get(get).set(headers[caller]));
        await expectHarmless(await request(ctx.app).post(post).set(headers[caller]).send({}));
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});
