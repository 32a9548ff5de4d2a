import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  adminUserSearchSchema,
  auditQuerySchema,
  manualRefundPaidBodySchema,
  moderationHideBodySchema,
  purchaseSearchSchema,
  requestChangesBodySchema,
  setStaffRoleBodySchema,
  suspendBodySchema,
  takedownBodySchema,
} from '@aprendiz/contract/staff';
import { emailSchema } from '@aprendiz/contract/auth';
import { privacyRequestsQuerySchema } from '@aprendiz/contract/privacy';
import {
  opsExportQuerySchema,
  opsPayoutsQuerySchema,
  payoutFailedBodySchema,
  payoutPaidBodySchema,
} from '@aprendiz/contract/payouts';
import type { AppDeps } from '../../deps';
import { currentUser, requireAuth } from '../../http/auth';
import { conflict, notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { JOB_NOT_FAILED, JOB_NOT_FOUND, requireOperator } from '../jobs/ops.routes';
import { SESSION_NOT_FOUND } from '../account-security/sessions';
import { listPayoutsForOperator } from '../payouts/payouts-ops';
import { PAYOUT_NOT_FOUND } from '../payouts/payouts.service';
import {
  approvePayoutFromConsole,
  exportPayoutBatchFromConsole,
  markPayoutFailedFromConsole,
  markPayoutPaidFromConsole,
} from './admin-payouts';
import {
  listManualRefundsFor,
  listReportedPosts,
  searchPurchases,
  searchUsers,
  toAdminUserSummary,
} from './admin.repository';
import {
  endPersonSession,
  getOverview,
  getPerson,
  listPrivacyRequestsForConsole,
  markRefundPaid,
  moderatePost,
  reinstatePerson,
  resendReceipt,
  setPersonRole,
  setRoleByEmail,
  signOutEverywhere,
  suspendPerson,
} from './admin.service';
import { appendAudit, auditCsv, searchAudit } from './audit.repository';
import {
  approveCourse,
  COURSE_NOT_FOUND,
  listCoursesInReview,
  requestCourseChanges,
  takeDownCourse,
} from './course-review';
import { requireAdmin, requireStaff } from './staff';
import type { Actor } from './staff.repository';

const uuid = z.uuid();
const opsStaffBodySchema = z.object({
  email: emailSchema,
  role: setStaffRoleBodySchema.shape.role,
});
const postKindSchema = z.enum(['question', 'answer', 'review']);

function actorOf(req: Request): Actor {
  return { id: currentUser(req).id, address: req.ip ?? null };
}

function idParam(req: Request, name: string, missing: string): string {
  const id = uuid.safeParse(req.params[name]);
  if (!id.success) throw notFound(missing);
  return id.data;
}

/**
 * The operator console's API. Every endpoint needs a signed-in admin or support person with two-step
 * on (401 without a session, 403 otherwise); the ones that change people, money or posts need an
 * admin. Every change writes its audit row in its own transaction. `OPS_TOKEN` endpoints stay for
 * scripts (`/api/ops/…`).
 */
export function adminRoutes(deps: AppDeps): Router {
  const router = Router();
  const db = deps.database.db;
  const staff = [requireAuth(deps.auth), requireStaff(db, deps.auth)];
  const admin = [...staff, requireAdmin];
  const noStore = { 'Cache-Control': 'no-store' };

  // `npm run admin -- grant <email>`: the script's way in, with OPS_TOKEN (the platform acts).
  router.post('/ops/staff', requireOperator(deps.config.opsToken), async (req, res) => {
    const { email, role } = parseInput(opsStaffBodySchema, req.body);
    const user = await setRoleByEmail(deps, req.ip ?? null, email, role === 'none' ? null : role);
    res.json({ success: true, user });
  });

  router.get('/admin/me', ...staff, (req, res) => {
    res.set(noStore).json({ success: true, user: toAdminUserSummary(currentUser(req)) });
  });

  router.get('/admin/overview', ...staff, async (_req, res) => {
    res.set(noStore).json({ success: true, overview: await getOverview(deps) });
  });

  router.get('/admin/users', ...staff, async (req, res) => {
    const { q } = parseInput(adminUserSearchSchema, req.query);
    res.set(noStore).json({ success: true, users: await searchUsers(db, q) });
  });

  router.get('/admin/users/:id', ...staff, async (req, res) => {
    const person = await getPerson(deps, String(req.params.id));
    res.set(noStore).json({ success: true, person });
  });

  router.post('/admin/users/:id/suspend', ...admin, async (req, res) => {
    const { reason } = parseInput(suspendBodySchema, req.body);
    const user = await suspendPerson(deps, actorOf(req), String(req.params.id), reason);
    res.json({ success: true, user });
  });

  router.post('/admin/users/:id/reinstate', ...admin, async (req, res) => {
    const user = await reinstatePerson(deps, actorOf(req), String(req.params.id));
    res.json({ success: true, user });
  });

  router.post('/admin/users/:id/role', ...admin, async (req, res) => {
    const { role } = parseInput(setStaffRoleBodySchema, req.body);
    const user = await setPersonRole(
      deps,
      actorOf(req),
      String(req.params.id),
      role === 'none' ? null : role,
    );
    res.json({ success: true, user });
  });

  router.post('/admin/users/:id/sign-out', ...admin, async (req, res) => {
    await signOutEverywhere(deps, actorOf(req), String(req.params.id));
    res.json({ success: true });
  });

  router.post('/admin/users/:id/sessions/:sessionId/end', ...admin, async (req, res) => {
    const sessionId = idParam(req, 'sessionId', SESSION_NOT_FOUND);
    await endPersonSession(deps, actorOf(req), String(req.params.id), sessionId);
    res.json({ success: true });
  });

  router.get('/admin/purchases', ...staff, async (req, res) => {
    const { q } = parseInput(purchaseSearchSchema, req.query);
    res.set(noStore).json({ success: true, purchases: await searchPurchases(db, q) });
  });

  // A safe action: support may resend a receipt.
  router.post('/admin/purchases/:id/resend-receipt', ...staff, async (req, res) => {
    await resendReceipt(deps, actorOf(req), idParam(req, 'id', 'Compra não encontrada'));
    res.json({ success: true });
  });

  router.get('/admin/refunds', ...staff, async (req, res) => {
    const refunds = await listManualRefundsFor(db, { unpaidOnly: req.query.all !== '1' });
    res.set(noStore).json({ success: true, refunds });
  });

  router.post('/admin/refunds/:purchaseId/paid', ...admin, async (req, res) => {
    const { reference } = parseInput(manualRefundPaidBodySchema, req.body);
    await markRefundPaid(deps, actorOf(req), String(req.params.purchaseId), reference);
    res.json({ success: true });
  });

  router.get('/admin/payouts', ...staff, async (req, res) => {
    const { status } = parseInput(opsPayoutsQuerySchema, req.query);
    const payouts = await listPayoutsForOperator(deps, { status });
    res.set(noStore).json({ success: true, payouts });
  });

  // The full bank details of a rail's approved withdrawals: admins only, and audited.
  router.get('/admin/payouts/export.csv', ...admin, async (req, res) => {
    const { rail } = parseInput(opsExportQuerySchema, req.query);
    const csv = await exportPayoutBatchFromConsole(deps, actorOf(req), rail);
    res
      .set(noStore)
      .type('text/csv; charset=utf-8')
      .attachment(`saques-${rail}-${new Date().toISOString().slice(0, 10)}.csv`)
      .send(csv);
  });

  router.post('/admin/payouts/:id/approve', ...admin, async (req, res) => {
    const id = idParam(req, 'id', PAYOUT_NOT_FOUND);
    const payout = await approvePayoutFromConsole(deps, actorOf(req), id);
    res.json({ success: true, message: 'Saque aprovado', payout });
  });

  router.post('/admin/payouts/:id/paid', ...admin, async (req, res) => {
    const id = idParam(req, 'id', PAYOUT_NOT_FOUND);
    const { reference } = parseInput(payoutPaidBodySchema, req.body);
    const payout = await markPayoutPaidFromConsole(deps, actorOf(req), id, reference);
    res.json({ success: true, message: 'Saque marcado como pago', payout });
  });

  router.post('/admin/payouts/:id/failed', ...admin, async (req, res) => {
    const id = idParam(req, 'id', PAYOUT_NOT_FOUND);
    const { reason } = parseInput(payoutFailedBodySchema, req.body);
    const payout = await markPayoutFailedFromConsole(deps, actorOf(req), id, reason);
    res.json({ success: true, message: 'Saque marcado como falhado', payout });
  });

  router.get('/admin/moderation', ...staff, async (_req, res) => {
    res.set(noStore).json({ success: true, posts: await listReportedPosts(db) });
  });

  router.post('/admin/moderation/:kind/:id/:action', ...admin, async (req, res) => {
    const kind = postKindSchema.safeParse(req.params.kind);
    const action = z.enum(['hide', 'show', 'dismiss']).safeParse(req.params.action);
    if (!kind.success || !action.success) throw notFound('Ação de moderação desconhecida');
    const postId = idParam(req, 'id', 'Publicação não encontrada');
    const note =
      action.data === 'hide' ? parseInput(moderationHideBodySchema, req.body).note : null;
    const result = await moderatePost(deps, actorOf(req), kind.data, postId, action.data, note);
    res.json({ success: true, ...result });
  });

  router.get('/admin/reviews', ...staff, async (_req, res) => {
    res.set(noStore).json({ success: true, courses: await listCoursesInReview(db) });
  });

  router.post('/admin/courses/:id/approve', ...admin, async (req, res) => {
    await approveCourse(deps, actorOf(req), idParam(req, 'id', COURSE_NOT_FOUND));
    res.json({ success: true, status: 'published' });
  });

  router.post('/admin/courses/:id/request-changes', ...admin, async (req, res) => {
    const body = parseInput(requestChangesBodySchema, req.body);
    await requestCourseChanges(deps, actorOf(req), idParam(req, 'id', COURSE_NOT_FOUND), body);
    res.json({ success: true, status: 'changes_requested' });
  });

  router.post('/admin/courses/:id/takedown', ...admin, async (req, res) => {
    const body = parseInput(takedownBodySchema, req.body);
    await takeDownCourse(deps, actorOf(req), idParam(req, 'id', COURSE_NOT_FOUND), body);
    res.json({ success: true, status: 'taken_down' });
  });

  // Export and deletion requests with their LGPD deadline, open ones past it marked overdue.
  router.get('/admin/privacy-requests', ...staff, async (req, res) => {
    const query = parseInput(privacyRequestsQuerySchema, req.query);
    const requests = await listPrivacyRequestsForConsole(deps, {
      kind: query.kind,
      open: query.open === '1',
      limit: query.limit,
    });
    res.set(noStore).json({ success: true, requests });
  });

  router.get('/admin/jobs', ...staff, async (_req, res) => {
    const [counts, jobs] = await Promise.all([
      deps.jobs.counts(),
      deps.jobs.list({ state: 'failed', limit: 200 }),
    ]);
    res.set(noStore).json({ success: true, counts, jobs });
  });

  // A safe action: support may retry a failed job. The queue's own tables are not ours to join in
  // a transaction, so the audit row follows the retry it records.
  router.post('/admin/jobs/:id/retry', ...staff, async (req, res) => {
    const id = idParam(req, 'id', JOB_NOT_FOUND);
    const outcome = await deps.jobs.retry(id);
    if (outcome === 'missing') throw notFound(JOB_NOT_FOUND);
    if (outcome === 'not-failed') throw conflict(JOB_NOT_FAILED);
    await appendAudit(db, {
      ...{ actorId: currentUser(req).id, address: req.ip ?? null },
      action: 'job.retry',
      targetType: 'job',
      targetId: id,
    });
    res.json({ success: true, id, state: 'retry' });
  });

  router.get('/admin/audit', ...staff, async (req, res) => {
    const query = parseInput(auditQuerySchema, req.query);
    if (query.format === 'csv') {
      const entries = await searchAudit(db, { ...query, limit: 10_000 });
      res
        .set(noStore)
        .type('text/csv; charset=utf-8')
        .attachment('auditoria.csv')
        .send(auditCsv(entries));
      return;
    }
    res.set(noStore).json({ success: true, entries: await searchAudit(db, query) });
  });

  return router;
}
