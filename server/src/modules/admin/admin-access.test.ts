import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { COURSE_REVIEW_CHECKLIST } from '@aprendiz/contract/rules/course-status';
import { createStaff } from '../../test/fixtures/staff-fixtures';
import { courseOfNewEducator } from '../../test/fixtures/enrollment-fixtures';
import {
  owedManualRefund,
  paidLearner,
  reportedQuestion,
  reportedReview,
  suspendedPerson,
} from '../../test/fixtures/admin-fixtures';
import { askedPayout } from '../../test/fixtures/payout-fixtures';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertApplication } from '../educator-applications/educator-applications.repository';
import { approvePayout } from '../payouts/payouts.service';
import { ADMIN_ONLY, STAFF_ONLY, TWO_STEP_REQUIRED } from './staff';

/**
 * Every /api/admin endpoint × every kind of caller. Runs on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
let ctx: TestContext;
beforeAll(async () => {
  // Reais: the payouts' fixture asks for a Pix withdrawal.
  ctx = await createTestContext({ CURRENCY: 'brl' });
});

/** A withdrawal an operator approved, waiting to be marked paid or failed. */
async function approvedPayout(): Promise<string> {
  const { payoutId } = await askedPayout(ctx);
  await approvePayout(ctx.deps, payoutId);
  return payoutId;
}
afterAll(() => ctx.close());

type Caller = 'anonymous' | 'learner' | 'educator' | 'support' | 'admin without two-step' | 'admin';
const CALLERS: readonly Caller[] = [
  'anonymous',
  'learner',
  'educator',
  'support',
  'admin without two-step',
  'admin',
];

/** Who may call it: every staff member, or admins only. */
type Access = 'staff' | 'admin';

interface Endpoint {
  method: 'get' | 'post';
  access: Access;
  /** Builds what the call acts on, fresh for each caller, so a success never meets a used target. */
  request(): Promise<{ path: string; body?: object }>;
  /** What an allowed caller gets: 200, or 404 where the target cannot be made here. */
  ok?: number;
}

const ENDPOINTS: Record<string, Endpoint> = {
  'GET /admin/me': {
    method: 'get',
    access: 'staff',
    request: async () => ({ path: '/api/admin/me' }),
  },
  'GET /admin/overview': {
    method: 'get',
    access: 'staff',
    request: async () => ({ path: '/api/admin/overview' }),
  },
  'GET /admin/users?q=': {
    method: 'get',
    access: 'staff',
    request: async () => ({ path: '/api/admin/users?q=carla' }),
  },
  'GET /admin/users/:id': {
    method: 'get',
    access: 'staff',
    request: async () => ({ path: `/api/admin/users/${(await ctx.createUser()).user.id}` }),
  },
  'POST /admin/users/:id/suspend': {
    method: 'post',
    access: 'admin',
    request: async () => ({
      path: `/api/admin/users/${(await ctx.createUser()).user.id}/suspend`,
      body: { reason: 'Spam nas perguntas' },
    }),
  },
  'POST /admin/users/:id/reinstate': {
    method: 'post',
    access: 'admin',
    request: async () => ({
      path: `/api/admin/users/${(await suspendedPerson(ctx)).user.id}/reinstate`,
    }),
  },
  'POST /admin/users/:id/role': {
    method: 'post',
    access: 'admin',
    request: async () => ({
      path: `/api/admin/users/${(await ctx.createUser()).user.id}/role`,
      body: { role: 'support' },
    }),
  },
  'POST /admin/users/:id/sign-out': {
    method: 'post',
    access: 'admin',
    request: async () => ({
      path: `/api/admin/users/${(await ctx.createUser()).user.id}/sign-out`,
    }),
  },
  // A session cannot be opened on demand for a created user here: an allowed caller reaches the
  // handler (404); the session tests end real ones.
  'POST /admin/users/:id/sessions/:sessionId/end': {
    method: 'post',
    access: 'admin',
    ok: 404,
    request: async () => ({
      path: `/api/admin/users/${(await ctx.createUser()).user.id}/sessions/${randomUUID()}/end`,
    }),
  },
  'GET /admin/purchases?q=': {
    method: 'get',
    access: 'staff',
    request: async () => ({
      path: `/api/admin/purchases?q=${(await paidLearner(ctx)).purchase.providerRef}`,
    }),
  },
  'POST /admin/purchases/:id/resend-receipt': {
    method: 'post',
    access: 'staff',
    request: async () => ({
      path: `/api/admin/purchases/${(await paidLearner(ctx)).purchase.id}/resend-receipt`,
    }),
  },
  'GET /admin/refunds': {
    method: 'get',
    access: 'staff',
    request: async () => ({ path: '/api/admin/refunds' }),
  },
  'POST /admin/refunds/:id/paid': {
    method: 'post',
    access: 'admin',
    request: async () => ({
      path: `/api/admin/refunds/${(await owedManualRefund(ctx)).purchase.id}/paid`,
      body: { reference: 'PIX-E2E-123' },
    }),
  },
  'GET /admin/moderation': {
    method: 'get',
    access: 'staff',
    request: async () => ({ path: '/api/admin/moderation' }),
  },
  'POST /admin/moderation/question/:id/hide': {
    method: 'post',
    access: 'admin',
    request: async () => ({
      path: `/api/admin/moderation/question/${(await reportedQuestion(ctx)).question.id}/hide`,
      body: { note: 'Propaganda' },
    }),
  },
  'POST /admin/moderation/question/:id/dismiss': {
    method: 'post',
    access: 'admin',
    request: async () => ({
      path: `/api/admin/moderation/question/${(await reportedQuestion(ctx)).question.id}/dismiss`,
    }),
  },
  'POST /admin/moderation/review/:id/hide': {
    method: 'post',
    access: 'admin',
    request: async () => ({
      path: `/api/admin/moderation/review/${(await reportedReview(ctx)).review.id}/hide`,
      body: { note: 'Ofensiva' },
    }),
  },
  'POST /admin/moderation/review/:id/show': {
    method: 'post',
    access: 'admin',
    request: async () => ({
      path: `/api/admin/moderation/review/${(await reportedReview(ctx, { hidden: true })).review.id}/show`,
    }),
  },
  'POST /admin/moderation/review/:id/dismiss': {
    method: 'post',
    access: 'admin',
    request: async () => ({
      path: `/api/admin/moderation/review/${(await reportedReview(ctx)).review.id}/dismiss`,
    }),
  },
  'GET /admin/reviews': {
    method: 'get',
    access: 'staff',
    request: async () => ({ path: '/api/admin/reviews' }),
  },
  'POST /admin/courses/:id/approve': {
    method: 'post',
    access: 'admin',
    request: async () => ({
      path: `/api/admin/courses/${(await courseOfNewEducator(ctx, { status: 'in_review' })).course.id}/approve`,
    }),
  },
  'POST /admin/courses/:id/request-changes': {
    method: 'post',
    access: 'admin',
    request: async () => ({
      path: `/api/admin/courses/${(await courseOfNewEducator(ctx, { status: 'in_review' })).course.id}/request-changes`,
      body: { checklist: [COURSE_REVIEW_CHECKLIST[0]], note: 'Descreva melhor o curso' },
    }),
  },
  'POST /admin/courses/:id/takedown': {
    method: 'post',
    access: 'admin',
    request: async () => ({
      path: `/api/admin/courses/${(await courseOfNewEducator(ctx, {})).course.id}/takedown`,
      body: { reason: 'Pedido de direitos autorais' },
    }),
  },
  'GET /admin/payouts': {
    method: 'get',
    access: 'staff',
    request: async () => ({ path: '/api/admin/payouts?status=requested' }),
  },
  'GET /admin/payouts/export.csv?rail=': {
    method: 'get',
    access: 'admin',
    request: async () => ({ path: '/api/admin/payouts/export.csv?rail=pix' }),
  },
  'POST /admin/payouts/:id/approve': {
    method: 'post',
    access: 'admin',
    request: async () => ({
      path: `/api/admin/payouts/${(await askedPayout(ctx)).payoutId}/approve`,
    }),
  },
  'POST /admin/payouts/:id/paid': {
    method: 'post',
    access: 'admin',
    request: async () => ({
      path: `/api/admin/payouts/${await approvedPayout()}/paid`,
      body: { reference: 'E2026112800001' },
    }),
  },
  'POST /admin/payouts/:id/failed': {
    method: 'post',
    access: 'admin',
    request: async () => ({
      path: `/api/admin/payouts/${await approvedPayout()}/failed`,
      body: { reason: 'Conta encerrada' },
    }),
  },
  'GET /admin/privacy-requests': {
    method: 'get',
    access: 'staff',
    request: async () => ({ path: '/api/admin/privacy-requests?open=1' }),
  },
  'GET /admin/jobs': {
    method: 'get',
    access: 'staff',
    request: async () => ({ path: '/api/admin/jobs' }),
  },
  // A failed job cannot be made on demand here: an allowed caller reaches the handler (404).
  'POST /admin/jobs/:id/retry': {
    method: 'post',
    access: 'staff',
    ok: 404,
    request: async () => ({ path: `/api/admin/jobs/${randomUUID()}/retry` }),
  },
  'GET /admin/educator-applications?status=': {
    method: 'get',
    access: 'staff',
    request: async () => ({ path: '/api/admin/educator-applications?status=pending' }),
  },
  'POST /admin/educator-applications/:id/approve': {
    method: 'post',
    access: 'admin',
    request: async () => ({
      path: `/api/admin/educator-applications/${(await pendingApplication()).id}/approve`,
    }),
  },
  'POST /admin/educator-applications/:id/decline': {
    method: 'post',
    access: 'admin',
    request: async () => ({
      path: `/api/admin/educator-applications/${(await pendingApplication()).id}/decline`,
      body: { note: 'Conte mais sobre a sua experiência' },
    }),
  },
  'GET /admin/audit': {
    method: 'get',
    access: 'staff',
    request: async () => ({ path: '/api/admin/audit' }),
  },
  'GET /admin/audit?format=csv': {
    method: 'get',
    access: 'staff',
    request: async () => ({ path: '/api/admin/audit?format=csv' }),
  },
};

function pendingApplication() {
  return ctx.createUser().then(({ user }) =>
    insertApplication(ctx.database.db, user.id, {
      about: 'Professora de matemática há doze anos.',
      teaching: 'Álgebra para quem vai prestar o ENEM.',
    }),
  );
}

async function headersOf(caller: Caller): Promise<Record<string, string>> {
  switch (caller) {
    case 'anonymous':
      return {};
    case 'learner':
      return (await ctx.createUser()).auth;
    case 'educator':
      return (await ctx.createUser({ role: 'educator' })).auth;
    case 'support':
      return (await createStaff(ctx, 'support')).auth;
    case 'admin without two-step':
      return (await createStaff(ctx, 'admin', { twoStep: false })).auth;
    case 'admin':
      return (await createStaff(ctx, 'admin')).auth;
  }
}

function expected(caller: Caller, endpoint: Endpoint): { status: number; message?: string } {
  const ok = endpoint.ok ?? 200;
  switch (caller) {
    case 'anonymous':
      return { status: 401 };
    case 'learner':
    case 'educator':
      return { status: 403, message: STAFF_ONLY };
    case 'admin without two-step':
      return { status: 403, message: TWO_STEP_REQUIRED };
    case 'support':
      return endpoint.access === 'admin' ? { status: 403, message: ADMIN_ONLY } : { status: ok };
    case 'admin':
      return { status: ok };
  }
}

describe('the console role matrix', () => {
  for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
    it(`${name}: anonymous 401; learner and educator 403; admin without two-step 403 saying to turn it on; support ${endpoint.access === 'admin' ? '403' : 'allowed'}; admin allowed`, async () => {
      for (const caller of CALLERS) {
        const { path, body } = await endpoint.request();
        const agent = request(ctx.app);
        const call = (endpoint.method === 'get' ? agent.get(path) : agent.post(path)).set(
          await headersOf(caller),
        );
        const res = await (body ? call.send(body) : call);
        const want = expected(caller, endpoint);
        expect({ caller, status: res.status }).toEqual({ caller, status: want.status });
        if (want.message) expect(res.body.message).toBe(want.message);
      }
    });
  }
});
