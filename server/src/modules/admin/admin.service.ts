import { eq, sql } from 'drizzle-orm';
import type { AdminPrivacyRequest, PrivacyRequestKind } from '@aprendiz/contract/privacy';
import type { AdminOverview, AdminPerson, StaffRole } from '@aprendiz/contract/staff';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { answers, questions } from '../../db/schema/questions';
import { conflict, notFound } from '../../http/errors';
import { describeUserAgent } from '@aprendiz/contract/rules/user-agent';
import { endSession, findOpenSessions } from '../account-security/account-security.repository';
import { SESSION_NOT_FOUND } from '../account-security/sessions';
import { MAIL_JOBS } from '../mail/mail-jobs';
import { confirmManualRefundPaid } from '../payments/refunds';
import { countOpenPayouts } from '../payouts/payouts.repository';
import {
  deleteReviewReports,
  findReviewHiding,
  setReviewHiding,
} from '../learning/reviews.repository';
import { listRequests } from '../privacy/privacy.service';
import {
  deleteReports,
  hideAnswerRow,
  hideQuestionRow,
  unhideAnswerRow,
  unhideQuestionRow,
} from '../questions/questions.repository';
import { findUserByEmail, findUserById } from '../users/users.repository';
import { isTwoStepEnabled } from '../two-step/two-step.repository';
import {
  countOpenManualRefunds,
  countOpenReports,
  countPeople,
  findNamesByIds,
  findPersonRecords,
  findPurchase,
  moneySince,
  toAdminUserSummary,
} from './admin.repository';
import { appendAudit } from './audit.repository';
import { listCoursesInReview } from './course-review';
import { countPendingApplications } from '../educator-applications/educator-applications.repository';
import { reinstateUser, setStaffRole, suspendUser, type Actor } from './staff.repository';

export const PERSON_NOT_FOUND = 'Pessoa não encontrada';
export const PURCHASE_NOT_FOUND = 'Compra não encontrada';
export const POST_NOT_FOUND = 'Publicação não encontrada';
export const NOT_ON_YOURSELF = 'Você não pode fazer isto na sua própria conta';
export const ALREADY_SUSPENDED = 'Esta conta já está suspensa';
export const NOT_SUSPENDED = 'Esta conta não está suspensa';
export const RECEIPT_ONLY_FOR_PAID = 'Só uma compra paga tem recibo';

type AdminDeps = Pick<AppDeps, 'database' | 'jobs' | 'logger' | 'auth' | 'sessionCache'>;
type ModerationDeps = AdminDeps & Pick<AppDeps, 'catalogueCache'>;

const OVERVIEW_WINDOWS = [1, 7, 30] as const;

export async function getOverview(deps: AdminDeps): Promise<AdminOverview> {
  const db = deps.database.db;
  const [
    windows,
    counts,
    openReports,
    manualRefundsOpen,
    people,
    inReview,
    applicationsPending,
    payoutsOpen,
  ] = await Promise.all([
    Promise.all(
      OVERVIEW_WINDOWS.map(async (days) => ({ days, money: await moneySince(db, days) })),
    ),
    deps.jobs.counts(),
    countOpenReports(db),
    countOpenManualRefunds(db),
    countPeople(db),
    listCoursesInReview(db),
    countPendingApplications(db),
    countOpenPayouts(db),
  ]);
  const failedJobs = counts
    .filter((c) => c.state === 'failed')
    .reduce((sum, c) => sum + c.count, 0);
  return {
    windows,
    failedJobs,
    openReports,
    manualRefundsOpen,
    coursesInReview: inReview.length,
    applicationsPending,
    payoutsOpen,
    people,
  };
}

export async function getPerson(deps: AdminDeps, userId: string): Promise<AdminPerson> {
  const db = deps.database.db;
  const row = await findUserById(db, userId);
  if (!row) throw notFound(PERSON_NOT_FOUND);
  const [records, twoStepEnabled, sessions] = await Promise.all([
    findPersonRecords(db, userId),
    isTwoStepEnabled(db, userId),
    findOpenSessions(db, userId),
  ]);
  return {
    ...toAdminUserSummary(row),
    imageUrl: row.imageUrl,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    suspensionReason: row.suspensionReason,
    twoStepEnabled,
    ...records,
    sessions: sessions.map((session) => ({
      _id: session.id,
      ...describeUserAgent(session.userAgent),
      address: session.address,
      firstSeenAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
    })),
  };
}

/** The privacy requests log, each with whose it is (a deleted account shows its pseudonym). */
export async function listPrivacyRequestsForConsole(
  deps: AdminDeps,
  filter: { kind?: PrivacyRequestKind; open: boolean; limit: number },
): Promise<AdminPrivacyRequest[]> {
  const requests = await listRequests(deps, filter);
  const people = await findNamesByIds(
    deps.database.db,
    requests.map((r) => r.userId),
  );
  return requests.map((request) => ({
    ...request,
    userName: people.get(request.userId)?.name ?? null,
    userEmail: people.get(request.userId)?.email ?? null,
  }));
}

function refuseOwnAccount(actor: Actor, userId: string): void {
  if (actor.id === userId) throw conflict(NOT_ON_YOURSELF);
}

export async function suspendPerson(deps: AdminDeps, actor: Actor, userId: string, reason: string) {
  refuseOwnAccount(actor, userId);
  const outcome = await suspendUser(deps.database.db, actor, userId, reason);
  if (outcome.status === 'missing') throw notFound(PERSON_NOT_FOUND);
  if (outcome.status === 'unchanged') throw conflict(ALREADY_SUSPENDED);
  deps.logger.info({ userId, actorId: actor.id }, 'account suspended by an operator');
  return toAdminUserSummary(outcome.user);
}

export async function reinstatePerson(deps: AdminDeps, actor: Actor, userId: string) {
  const outcome = await reinstateUser(deps.database.db, actor, userId);
  if (outcome.status === 'missing') throw notFound(PERSON_NOT_FOUND);
  if (outcome.status === 'unchanged') throw conflict(NOT_SUSPENDED);
  return toAdminUserSummary(outcome.user);
}

export async function setPersonRole(
  deps: AdminDeps,
  actor: Actor,
  userId: string,
  role: StaffRole | null,
) {
  refuseOwnAccount(actor, userId);
  return toAdminUserSummary(await writeStaffRole(deps, actor, userId, role));
}

/** `npm run admin` (POST /api/ops/staff): the same change as the console's, found by e-mail. */
export async function setRoleByEmail(
  deps: AdminDeps,
  address: string | null,
  email: string,
  role: StaffRole | null,
) {
  const person = await findUserByEmail(deps.database.db, email);
  if (!person) throw notFound('Nenhuma conta com este e-mail: crie a conta primeiro');
  const row = await writeStaffRole(deps, { id: null, address }, person.id, role, 'npm run admin');
  return toAdminUserSummary(row);
}

/** A staff role change, with its audit row: under Clerk, in its metadata first. */
async function writeStaffRole(
  deps: AdminDeps,
  actor: Actor,
  userId: string,
  role: StaffRole | null,
  reason?: string,
) {
  let changedAt: Date | null = null;
  if (deps.auth.kind === 'clerk') {
    // With Clerk the role lives in its public metadata: written there first, so the next sync of
    // the account keeps it instead of undoing it, and the row remembers when Clerk took it, so an
    // event already under way with the old role cannot undo it either (as for educators).
    if (!(await findUserById(deps.database.db, userId))) throw notFound(PERSON_NOT_FOUND);
    changedAt = await deps.auth.publishStaffRole(userId, role);
  }
  const row = await setStaffRole(deps.database.db, actor, userId, role, {
    changedAt,
    ...(reason ? { reason } : {}),
  });
  if (!row) throw notFound(PERSON_NOT_FOUND);
  return row;
}

/** Signs a person out of every session at once (a lost phone, a shared computer). */
export async function signOutEverywhere(deps: AdminDeps, actor: Actor, userId: string) {
  const done = await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!row) return false;
    await appendAudit(tx, {
      actorId: actor.id,
      action: 'user.sign-out-everywhere',
      targetType: 'user',
      targetId: userId,
      address: actor.address,
    });
    return true;
  });
  if (!done) throw notFound(PERSON_NOT_FOUND);
}

/**
 * 'Encerrar' on one of a person's sessions (a device they lost): its token is refused at once, on
 * every instance, with the audit row in the same transaction.
 */
export async function endPersonSession(
  deps: AdminDeps,
  actor: Actor,
  userId: string,
  sessionId: string,
) {
  const ended = await deps.database.db.transaction(async (tx) => {
    if (!(await endSession(tx, userId, sessionId))) return false;
    await appendAudit(tx, {
      actorId: actor.id,
      action: 'user.end-session',
      targetType: 'user',
      targetId: userId,
      after: { sessionId },
      address: actor.address,
    });
    return true;
  });
  if (!ended) throw notFound(SESSION_NOT_FOUND);
  deps.sessionCache.forgetUser(userId);
}

/**
 * Sends a paid purchase's receipt again: a new mail job (its own key, so the first one's does not
 * swallow it), queued in the transaction of its audit row.
 */
export async function resendReceipt(deps: AdminDeps, actor: Actor, purchaseId: string) {
  const purchase = await findPurchase(deps.database.db, purchaseId);
  if (!purchase) throw notFound(PURCHASE_NOT_FOUND);
  if (purchase.completedAt === null) throw conflict(RECEIPT_ONLY_FOR_PAID);
  await deps.database.db.transaction(async (tx) => {
    await appendAudit(tx, {
      actorId: actor.id,
      action: 'purchase.resend-receipt',
      targetType: 'purchase',
      targetId: purchaseId,
      after: { to: purchase.userEmail },
      address: actor.address,
    });
    await deps.jobs.send(
      tx,
      MAIL_JOBS.purchaseReceipt,
      { purchaseId },
      `purchase:${purchaseId}:resend:${Date.now()}`,
    );
  });
}

export async function markRefundPaid(
  deps: AdminDeps,
  actor: Actor,
  purchaseId: string,
  reference: string,
) {
  await confirmManualRefundPaid(deps, purchaseId, (tx) =>
    appendAudit(tx, {
      actorId: actor.id,
      action: 'refund.paid',
      targetType: 'manual_refund',
      targetId: purchaseId,
      before: { paid: false },
      after: { paid: true, reference },
      address: actor.address,
    }),
  );
}

export type ModerationAction = 'hide' | 'show' | 'dismiss';
export type PostKind = 'question' | 'answer' | 'review';

async function findPostOwner(db: Db, kind: 'question' | 'answer', postId: string) {
  if (kind === 'question') {
    const [row] = await db
      .select({ id: questions.id, questionId: questions.id, hiddenAt: questions.hiddenAt })
      .from(questions)
      .where(eq(questions.id, postId))
      .limit(1);
    return row ?? null;
  }
  const [row] = await db
    .select({ id: answers.id, questionId: answers.questionId, hiddenAt: answers.hiddenAt })
    .from(answers)
    .where(eq(answers.id, postId))
    .limit(1);
  return row ?? null;
}

/** What one action did: whether it changed anything, and whether the post was hidden before. */
type Moderated = { changed: boolean; hiddenBefore: boolean } | null;

async function moderateQuestionOrAnswer(
  tx: Db,
  kind: 'question' | 'answer',
  postId: string,
  action: ModerationAction,
  note: string,
): Promise<Moderated> {
  const post = await findPostOwner(tx, kind, postId);
  if (!post) return null;
  let changed: boolean;
  if (action === 'dismiss') {
    changed =
      (await deleteReports(
        tx,
        kind === 'question' ? { questionId: postId } : { answerId: postId },
      )) > 0;
  } else if (action === 'hide') {
    changed =
      kind === 'question'
        ? await hideQuestionRow(tx, postId, note)
        : await hideAnswerRow(tx, postId, post.questionId, note);
  } else {
    changed =
      kind === 'question' ? await unhideQuestionRow(tx, postId) : await unhideAnswerRow(tx, postId);
  }
  return { changed, hiddenBefore: post.hiddenAt !== null };
}

async function moderateReview(
  tx: Db,
  reviewId: string,
  action: ModerationAction,
  note: string,
): Promise<Moderated> {
  const review = await findReviewHiding(tx, reviewId);
  if (!review) return null;
  const changed =
    action === 'dismiss'
      ? (await deleteReviewReports(tx, reviewId)) > 0
      : await setReviewHiding(tx, reviewId, action === 'hide' ? { note } : null);
  return { changed, hiddenBefore: review.hiddenAt !== null };
}

/**
 * Hides a reported post or written review (its author sees the note), shows it again, or dismisses
 * its reports; each with its audit row, in one transaction. Repeating an action changes nothing and
 * writes no row.
 */
export async function moderatePost(
  deps: ModerationDeps,
  actor: Actor,
  kind: PostKind,
  postId: string,
  action: ModerationAction,
  note: string | null,
): Promise<{ changed: boolean }> {
  const result = await deps.database.db.transaction(async (tx) => {
    const moderated =
      kind === 'review'
        ? await moderateReview(tx, postId, action, note ?? '')
        : await moderateQuestionOrAnswer(tx, kind, postId, action, note ?? '');
    if (!moderated) throw notFound(POST_NOT_FOUND);
    const { changed } = moderated;
    if (changed) {
      await appendAudit(tx, {
        actorId: actor.id,
        action: `${kind}.${action}`,
        targetType: kind === 'review' ? 'review' : 'post',
        targetId: postId,
        before: { hidden: moderated.hiddenBefore },
        after: action === 'dismiss' ? { reports: 0 } : { hidden: action === 'hide', note },
        address: actor.address,
      });
    }
    return { changed };
  });
  // The course page is rendered with its first reviews and cached with the catalogue.
  if (kind === 'review' && result.changed && action !== 'dismiss') deps.catalogueCache.invalidate();
  return result;
}
