import { randomBytes, timingSafeEqual } from 'node:crypto';
import { decodeJwt } from 'jose';
import {
  EXPORT_EVERY_HOURS,
  EXPORT_FAILED_MESSAGE,
  EXPORT_LINK_DAYS,
  EXPORT_PENDING_LIMIT_MINUTES,
  RECENT_SIGN_IN_MINUTES,
  privacyDeadline,
  type DeleteAccountBody,
  type DeletionBlocker,
  type ExportStatusResponse,
  type PrivacyRequestView,
  type PrivacyState,
} from '@aprendiz/contract/privacy';
import { formatMoney } from '@aprendiz/contract/rules/currency';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import type { JobQueue } from '../jobs/job-queue';
import { getEducatorTotals } from '../educator/educator.repository';
import {
  accountDeletionScheduledMail,
  formatDate,
  privacyExportReadyMail,
} from '../mail/mail-templates';
import { buildExportZip } from './privacy-export';
import {
  cancelAccountDeletion,
  completeExport,
  expireExports,
  failStaleExports,
  findExportFile,
  findAccount,
  findExportSince,
  findLatestRequest,
  findOwnCourseFacts,
  findRequest,
  insertPrivacyRequest,
  listPrivacyRequests,
  lockUser,
  retireAccountRows,
  scheduleAccountDeletion,
  type PrivacyRequestFilter,
  type PrivacyRequestRow,
} from './privacy.repository';

export type PrivacyDeps = Pick<
  AppDeps,
  'config' | 'database' | 'jobs' | 'logger' | 'mailer' | 'auth' | 'thumbnails' | 'sessionCache'
> &
  Partial<Pick<AppDeps, 'thumbnailTable'>>;

const DAY_MS = 24 * 60 * 60 * 1000;

export const PRIVACY_JOBS = {
  buildExport: 'privacy-build-export',
  exportReadyMail: 'mail-privacy-export-ready',
  retireAccount: 'privacy-retire-account',
  deletionScheduledMail: 'mail-account-deletion-scheduled',
} as const;

export const PRIVACY_SWEEP = 'privacy-sweep';
/** Expired links and deletions whose day came are looked for every hour. */
export const PRIVACY_SWEEP_SECONDS = 60 * 60;

export const EXPORT_NOT_FOUND = 'Pedido não encontrado';
export const EXPORT_LINK_INVALID =
  'Este link de download é inválido ou expirou. Peça uma nova cópia em Perfil > Meus dados.';
export const WRONG_PASSWORD = 'A senha está incorreta';
export const PASSWORD_OR_RECENT_SIGN_IN = `Por segurança, informe sua senha (ou saia e entre de novo, e peça a exclusão em até ${RECENT_SIGN_IN_MINUTES} minutos).`;
export const NOTHING_SCHEDULED = 'Não há exclusão agendada para esta conta';

interface RequestJob {
  requestId: string;
}

function exportUrl(deps: Pick<AppDeps, 'config'>, request: PrivacyRequestRow): string | undefined {
  if (request.status !== 'ready' || !request.downloadToken) return undefined;
  return `${deps.config.publicUrl}/api/account/export/${request.id}/file?token=${request.downloadToken}`;
}

/** Exports asked for before this are given up if still pending (see EXPORT_PENDING_LIMIT_MINUTES). */
function pendingLimit(now: Date): Date {
  return new Date(now.getTime() - EXPORT_PENDING_LIMIT_MINUTES * 60_000);
}

/**
 * Before the sweep gets to them, a ready export whose link has passed its day reads as expired, and
 * one pending past the limit as failed.
 */
function exportStatusAt(request: PrivacyRequestRow, now: Date): PrivacyRequestRow['status'] {
  if (request.status === 'ready' && request.expiresAt && request.expiresAt <= now) return 'expired';
  if (request.status === 'pending' && request.requestedAt < pendingLimit(now)) return 'failed';
  return request.status;
}

function exportView(deps: Pick<AppDeps, 'config'>, request: PrivacyRequestRow, now: Date) {
  const status = exportStatusAt(request, now) as ExportStatusResponse['status'];
  const url = status === 'ready' ? exportUrl(deps, request) : undefined;
  return {
    status,
    ...(status === 'failed' && { message: EXPORT_FAILED_MESSAGE }),
    ...(url && { url }),
    ...(status === 'ready' && request.expiresAt && { expiresAt: request.expiresAt.toISOString() }),
  };
}

// --- 'Baixar meus dados' ------------------------------------------------------------------------

/**
 * Queues the export, once a day: the request and its job commit together. The ZIP is built by the
 * job, apart from the request, since it reads every table the person is in.
 */
export async function requestExport(
  deps: PrivacyDeps,
  user: UserRow,
  now = new Date(),
): Promise<{ requestId: string }> {
  const db = deps.database.db;
  // Given up here, not only read as failed: the late job of one can then no longer complete it.
  await failStaleExports(db, pendingLimit(now), user.id);
  const recent = await findExportSince(
    db,
    user.id,
    new Date(now.getTime() - EXPORT_EVERY_HOURS * 3600_000),
  );
  if (recent) {
    const next = new Date(recent.requestedAt.getTime() + EXPORT_EVERY_HOURS * 3600_000);
    throw new AppError(
      'RATE_LIMITED',
      `Você já pediu uma cópia dos seus dados hoje. Poderá pedir outra a partir de ${formatDate(next, deps.config.currency)}.`,
    );
  }
  const request = await db.transaction(async (tx) => {
    const row = await insertPrivacyRequest(tx, {
      userId: user.id,
      kind: 'export',
      status: 'pending',
      requestedAt: now,
      dueAt: privacyDeadline(now),
    });
    const data: RequestJob = { requestId: row.id };
    await deps.jobs.send(tx, PRIVACY_JOBS.buildExport, data, `export:${row.id}`);
    return row;
  });
  return { requestId: request.id };
}

export async function getExportStatus(
  deps: PrivacyDeps,
  user: UserRow,
  requestId: string,
  now = new Date(),
): Promise<Omit<ExportStatusResponse, 'success'>> {
  const request = await findRequest(deps.database.db, requestId);
  // Someone else's request is as unknown as a made-up id.
  if (request?.userId !== user.id || request.kind !== 'export') throw notFound(EXPORT_NOT_FOUND);
  return exportView(deps, request, now);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The mailed link: opens the file without a session, with the request's secret, while it lasts. */
export async function downloadExport(
  deps: PrivacyDeps,
  requestId: string,
  token: string,
  now = new Date(),
): Promise<{ bytes: Buffer; fileName: string }> {
  const db = deps.database.db;
  const request = await findRequest(db, requestId);
  if (
    request?.kind !== 'export' ||
    exportStatusAt(request, now) !== 'ready' ||
    !request.downloadToken ||
    !sameSecret(token, request.downloadToken)
  ) {
    throw notFound(EXPORT_LINK_INVALID);
  }
  const bytes = await findExportFile(db, requestId);
  if (!bytes) throw notFound(EXPORT_LINK_INVALID);
  const day = (request.completedAt ?? now).toISOString().slice(0, 10);
  return { bytes, fileName: `meus-dados-${day}.zip` };
}

/** The export job: builds the ZIP from the rows as they are now, stores it and mails the link. */
export async function buildExport(deps: PrivacyDeps, requestId: string, now = new Date()) {
  const db = deps.database.db;
  const request = await findRequest(db, requestId);
  if (request?.status !== 'pending') return;
  // Woken past the limit (a long outage): the person was already told it failed and may have asked
  // again, so this one is given up rather than finished.
  if (exportStatusAt(request, now) === 'failed') {
    await failStaleExports(db, pendingLimit(now), request.userId);
    return;
  }
  const user = await findAccount(db, request.userId);
  if (!user || user.retiredAt) return;
  const bytes = await buildExportZip(deps, user, now);
  await db.transaction(async (tx) => {
    const done = await completeExport(tx, requestId, {
      bytes,
      token: randomBytes(32).toString('base64url'),
      expiresAt: new Date(now.getTime() + EXPORT_LINK_DAYS * DAY_MS),
      at: now,
    });
    if (done) {
      const data: RequestJob = { requestId };
      await deps.jobs.send(tx, PRIVACY_JOBS.exportReadyMail, data, `export-mail:${requestId}`);
    }
  });
}

// --- 'Excluir minha conta' ----------------------------------------------------------------------

/** What an educator must settle first, each said in full; none for a learner. */
export async function findDeletionBlockers(
  deps: Pick<AppDeps, 'config' | 'database'>,
  user: UserRow,
  now = new Date(),
): Promise<DeletionBlocker[]> {
  const db = deps.database.db;
  const blockers: DeletionBlocker[] = [];
  const own = await findOwnCourseFacts(db, user.id);
  const quote = (titles: string[]) => titles.map((t) => `“${t}”`).join(', ');
  const published = own.filter((c) => c.isPublished).map((c) => c.title);
  if (published.length > 0) {
    blockers.push({
      kind: 'published-course',
      message: `Despublique (ou transfira para outro educador) ${published.length === 1 ? 'o curso publicado' : 'os cursos publicados'} ${quote(published)}.`,
    });
  }
  const taught = own.filter((c) => c.learners > 0);
  if (taught.length > 0) {
    const list = taught
      .map((c) => `“${c.title}” (${c.learners} ${c.learners === 1 ? 'aluno' : 'alunos'})`)
      .join(', ');
    blockers.push({
      kind: 'learners',
      message: `Transfira para outro educador ${taught.length === 1 ? 'o curso que tem' : 'os cursos que têm'} alunos matriculados, que continuam com acesso: ${list}. Peça a transferência pelo formulário de contato.`,
    });
  }
  if (own.length > 0) {
    const { balance } = await getEducatorTotals(db, user.id, now);
    const available = Number(balance.available);
    const pending = Number(balance.pending);
    if (available + pending > 0) {
      const money = (n: number) => formatMoney(n, deps.config.currency);
      blockers.push({
        kind: 'balance',
        message: `Você tem saldo a receber: ${money(available)} disponível e ${money(pending)} pendente. Saque o saldo disponível e espere o pendente ser liberado.`,
      });
    }
  }
  return blockers;
}

/** Minutes since the person last proved who they are, from the session token already verified. */
function signInAgeMinutes(kind: AppDeps['auth']['kind'], token: string, now: Date): number | null {
  let claims: Record<string, unknown>;
  try {
    claims = decodeJwt(token);
  } catch {
    return null;
  }
  if (kind === 'clerk') {
    // Clerk refreshes its token every minute, so its `iat` says nothing: `fva` holds the minutes
    // since the first factor was verified.
    const fva = claims.fva;
    return Array.isArray(fva) && typeof fva[0] === 'number' && fva[0] >= 0 ? fva[0] : null;
  }
  return typeof claims.iat === 'number' ? (now.getTime() / 1000 - claims.iat) / 60 : null;
}

/**
 * Schedules the retirement after the cool-off, once the person proved it is them (the password,
 * or a sign-in of the last minutes) and nothing of others depends on the account. A local account
 * is signed out everywhere: signing in again before the date cancels it. Asked again while
 * scheduled, it answers the same date.
 */
export async function requestDeletion(
  deps: PrivacyDeps,
  user: UserRow,
  body: DeleteAccountBody,
  token: string,
  now = new Date(),
): Promise<{ scheduledFor: Date }> {
  if (user.deletionScheduledFor) return { scheduledFor: user.deletionScheduledFor };
  if (body.password !== undefined) {
    if (deps.auth.kind !== 'local' || !user.passwordHash)
      throw badRequest(PASSWORD_OR_RECENT_SIGN_IN);
    if (!(await deps.auth.passwords.verify(body.password, user.passwordHash)))
      throw badRequest(WRONG_PASSWORD);
  } else {
    const age = signInAgeMinutes(deps.auth.kind, token, now);
    if (age === null || age > RECENT_SIGN_IN_MINUTES) throw badRequest(PASSWORD_OR_RECENT_SIGN_IN);
  }
  const blockers = await findDeletionBlockers(deps, user, now);
  if (blockers.length > 0) {
    throw conflict(`Antes de excluir a conta: ${blockers.map((b) => b.message).join(' ')}`);
  }
  const days = deps.config.accountDeletionCoolOffDays;
  const scheduledFor = new Date(now.getTime() + days * DAY_MS);
  await deps.database.db.transaction(async (tx) => {
    const locked = await lockUser(tx, user.id);
    if (!locked || locked.deletionScheduledFor || locked.retiredAt) return;
    await scheduleAccountDeletion(tx, user.id, scheduledFor);
    const request = await insertPrivacyRequest(tx, {
      userId: user.id,
      kind: 'deletion',
      status: 'scheduled',
      requestedAt: now,
      dueAt: privacyDeadline(now),
      scheduledFor,
    });
    const data: RequestJob = { requestId: request.id };
    await deps.jobs.send(
      tx,
      PRIVACY_JOBS.deletionScheduledMail,
      data,
      `deletion-mail:${request.id}`,
    );
    await deps.jobs.send(tx, PRIVACY_JOBS.retireAccount, data, `retire:${request.id}`, {
      startAfterSeconds: Math.max(0, Math.ceil((scheduledFor.getTime() - Date.now()) / 1000)),
    });
  });
  deps.sessionCache.forgetUser(user.id);
  return { scheduledFor };
}

/** Takes a scheduled deletion back; used by the sign-in too. True when one was scheduled. */
export async function cancelScheduledDeletion(db: Db, userId: string, now = new Date()) {
  return db.transaction((tx) => cancelAccountDeletion(tx, userId, now));
}

export async function cancelDeletion(deps: PrivacyDeps, user: UserRow): Promise<void> {
  if (!(await cancelScheduledDeletion(deps.database.db, user.id)))
    throw conflict(NOTHING_SCHEDULED);
  deps.sessionCache.forgetUser(user.id);
}

/**
 * The retirement job, safe to run again from any point: Clerk's account goes first (one Clerk no
 * longer knows counts as gone), then the photo file, then every row in one transaction, which a
 * second run finds already done. It runs only while the deletion is still scheduled and due; one
 * cancelled by a sign-in, or an educator who has meanwhile published or sold, is left alone.
 */
export async function retireAccount(deps: PrivacyDeps, requestId: string, now = new Date()) {
  const db = deps.database.db;
  const request = await findRequest(db, requestId);
  if (request?.kind !== 'deletion') return;
  const user = await findAccount(db, request.userId);
  if (!user) return;
  if (request.status === 'scheduled') {
    if (!user.deletionScheduledFor || user.deletionScheduledFor > now) return;
    const blockers = await findDeletionBlockers(deps, user, now);
    if (blockers.length > 0) {
      deps.logger.warn(
        { requestId, blockers: blockers.map((b) => b.kind) },
        'account deletion postponed: the educator has things to settle',
      );
      await cancelScheduledDeletion(db, user.id, now);
      return;
    }
  } else if (request.status !== 'done') {
    return;
  }
  if (deps.auth.kind === 'clerk') await deps.auth.deleteUser(user.id);
  if (user.imageUrl) await deps.thumbnails.remove(user.imageUrl);
  await db.transaction(async (tx) => {
    const locked = await lockUser(tx, user.id);
    if (!locked) return;
    // Cancelled by a sign-in between the checks above and this lock.
    if (!locked.retiredAt && !locked.deletionScheduledFor) return;
    await retireAccountRows(tx, locked, now);
  });
  deps.sessionCache.forgetUser(user.id);
}

// --- the profile section and the operators' list --------------------------------------------------

export async function getPrivacyState(
  deps: PrivacyDeps,
  user: UserRow,
  now = new Date(),
): Promise<Omit<PrivacyState, 'success'>> {
  const db = deps.database.db;
  const latest = await findLatestRequest(db, user.id, 'export');
  const next = latest && new Date(latest.requestedAt.getTime() + EXPORT_EVERY_HOURS * 3600_000);
  const view = latest && exportView(deps, latest, now);
  return {
    export: latest &&
      view && {
        requestId: latest.id,
        requestedAt: latest.requestedAt.toISOString(),
        ...view,
        // A failed export does not count against the day's one.
        ...(next &&
          view.status !== 'failed' &&
          next > now && { nextAllowedAt: next.toISOString() }),
      },
    deletion: user.deletionScheduledFor
      ? { scheduledFor: user.deletionScheduledFor.toISOString() }
      : null,
    blockers: await findDeletionBlockers(deps, user, now),
    coolOffDays: deps.config.accountDeletionCoolOffDays,
    needsPassword: deps.auth.kind === 'local',
  };
}

export async function listRequests(
  deps: Pick<AppDeps, 'database'>,
  filter: PrivacyRequestFilter,
  now = new Date(),
): Promise<PrivacyRequestView[]> {
  const rows = await listPrivacyRequests(deps.database.db, filter);
  return rows.map((r) => {
    const open = r.status === 'pending' || r.status === 'scheduled';
    return {
      id: r.id,
      kind: r.kind,
      userId: r.userId,
      status: r.status,
      requestedAt: r.requestedAt.toISOString(),
      dueAt: r.dueAt.toISOString(),
      completedAt: r.completedAt?.toISOString() ?? null,
      scheduledFor: r.scheduledFor?.toISOString() ?? null,
      overdue: open && r.dueAt < now,
    };
  });
}

// --- jobs ---------------------------------------------------------------------------------------

/**
 * Hourly: expired links lose their files; exports pending past the limit are given up; a due
 * deletion whose job went missing is queued again.
 */
export async function sweepPrivacy(deps: PrivacyDeps, now = new Date()): Promise<void> {
  const db = deps.database.db;
  await expireExports(db, now);
  await failStaleExports(db, pendingLimit(now));
  const due = await listPrivacyRequests(db, { kind: 'deletion', open: true, limit: 1000 });
  for (const request of due) {
    if (request.scheduledFor && request.scheduledFor <= now) {
      const data: RequestJob = { requestId: request.id };
      await deps.jobs.send(db, PRIVACY_JOBS.retireAccount, data, `retire:${request.id}`);
    }
  }
}

export function registerPrivacyJobs(jobs: JobQueue, deps: PrivacyDeps): void {
  jobs.work<RequestJob>(PRIVACY_JOBS.buildExport, ({ requestId }) => buildExport(deps, requestId));
  jobs.work<RequestJob>(PRIVACY_JOBS.retireAccount, ({ requestId }) =>
    retireAccount(deps, requestId),
  );
  jobs.work<RequestJob>(PRIVACY_JOBS.exportReadyMail, async ({ requestId }) => {
    const db = deps.database.db;
    const request = await findRequest(db, requestId);
    const url = request && exportUrl(deps, request);
    const user = request && (await findAccount(db, request.userId));
    if (!request?.expiresAt || !url || !user || user.retiredAt) return;
    await deps.mailer.send({
      to: user.email,
      ...privacyExportReadyMail({
        name: user.name,
        link: url,
        expiresAt: formatDate(request.expiresAt, deps.config.currency),
      }),
    });
  });
  jobs.work<RequestJob>(PRIVACY_JOBS.deletionScheduledMail, async ({ requestId }) => {
    const db = deps.database.db;
    const request = await findRequest(db, requestId);
    if (request?.status !== 'scheduled' || !request.scheduledFor) return;
    const user = await findAccount(db, request.userId);
    if (!user || user.retiredAt) return;
    await deps.mailer.send({
      to: user.email,
      ...accountDeletionScheduledMail({
        name: user.name,
        scheduledFor: formatDate(request.scheduledFor, deps.config.currency),
        signInUrl: `${deps.config.publicUrl}/`,
      }),
    });
  });
}
