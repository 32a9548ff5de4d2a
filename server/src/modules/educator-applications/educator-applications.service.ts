import type {
  AdminEducatorApplication,
  DeclineApplicationBody,
  EducatorApplication,
  EducatorApplicationBody,
  EducatorApplicationStatus,
} from '@aprendiz/contract/educator-applications';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import type { EducatorApplicationRow } from '../../db/schema/educator-applications';
import type { UserRow } from '../../db/schema/users';
import { isUniqueViolation } from '../../db/errors';
import { conflict, notFound } from '../../http/errors';
import type { JobQueue } from '../jobs/job-queue';
import { escapeHtml, layout, textFooter, type MailContent } from '../mail/mail-templates';
import { notify } from '../notifications/notifications.service';
import { appendAudit } from '../admin/audit.repository';
import type { Actor } from '../admin/staff.repository';
import { findUserById } from '../users/users.repository';
import { grantEducatorRole } from '../users/users.service';
import {
  decidePendingApplication,
  findApplication,
  findApplicationForUpdate,
  findLatestApplication,
  insertApplication,
  listApplications,
  toEducatorApplication,
} from './educator-applications.repository';

export const APPLICATIONS_CLOSED =
  'As candidaturas para educador não estão abertas: use Tornar-se educador';
export const ALREADY_EDUCATOR = 'Você já é educador';
export const ALREADY_PENDING = 'Sua candidatura está em análise';
export const APPLICATION_NOT_FOUND = 'Candidatura não encontrada';
export const ALREADY_DECIDED = 'Esta candidatura já foi decidida';
export const APPLICATION_MAIL_JOB = 'mail-educator-application';

type Decision = Exclude<EducatorApplicationStatus, 'pending'>;

interface ApplicationMailJob {
  applicationId: string;
}

type ApplicationDeps = Pick<
  AppDeps,
  'database' | 'auth' | 'learnerCache' | 'sessionCache' | 'config' | 'jobs' | 'mailer'
>;

/** A student asks to teach; the form's two texts wait for an admin. */
export async function applyToTeach(
  deps: ApplicationDeps,
  user: UserRow,
  body: EducatorApplicationBody,
): Promise<EducatorApplication> {
  if (!deps.config.educatorApplications) throw notFound(APPLICATIONS_CLOSED);
  if (user.role === 'educator') throw conflict(ALREADY_EDUCATOR);
  try {
    return toEducatorApplication(await insertApplication(deps.database.db, user.id, body));
  } catch (err) {
    // Two tabs sending at once: the one-pending index keeps the first.
    if (isUniqueViolation(err)) throw conflict(ALREADY_PENDING);
    throw err;
  }
}

/** The caller's latest application, whatever became of it; null when they never applied. */
export async function getMyApplication(
  deps: ApplicationDeps,
  user: UserRow,
): Promise<EducatorApplication | null> {
  const row = await findLatestApplication(deps.database.db, user.id);
  return row ? toEducatorApplication(row) : null;
}

export function getApplicationQueue(
  deps: ApplicationDeps,
  status: EducatorApplicationStatus | undefined,
): Promise<AdminEducatorApplication[]> {
  return listApplications(deps.database.db, status);
}

/**
 * The decision, its audit row, the applicant's notice and mail job, in one transaction: each exists
 * with the others or not at all. Decided once: a second decision is a 409.
 */
async function recordDecision(
  deps: ApplicationDeps,
  tx: Db,
  actor: Actor,
  id: string,
  decision: Decision,
  note: string | null,
): Promise<EducatorApplicationRow> {
  const before = await findApplicationForUpdate(tx, id);
  if (!before) throw notFound(APPLICATION_NOT_FOUND);
  const after = await decidePendingApplication(tx, id, { status: decision, note });
  if (!after) throw conflict(ALREADY_DECIDED);
  await appendAudit(tx, {
    actorId: actor.id,
    action: `educator_application.${decision}`,
    targetType: 'user',
    targetId: after.userId,
    before: { application: id, status: before.status },
    after: { application: id, status: decision, ...(note ? { note } : {}) },
    address: actor.address,
  });
  await notify(deps.jobs, tx, {
    userId: after.userId,
    kind: decision === 'approved' ? 'application_approved' : 'application_declined',
    subjectId: id,
    ...(actor.id ? { actorId: actor.id } : {}),
    ...(note ? { note } : {}),
  });
  const job: ApplicationMailJob = { applicationId: id };
  await deps.jobs.send(tx, APPLICATION_MAIL_JOB, job, `educator-application:${id}`);
  return after;
}

/** Makes the applicant an educator through the same path as the one-click flow. */
export async function approveApplication(
  deps: ApplicationDeps,
  actor: Actor,
  id: string,
): Promise<EducatorApplication> {
  // Refused before Clerk is asked to change anything; the transaction checks again under its lock.
  const found = await findApplication(deps.database.db, id);
  if (!found) throw notFound(APPLICATION_NOT_FOUND);
  if (found.status !== 'pending') throw conflict(ALREADY_DECIDED);
  let decided: EducatorApplicationRow | undefined;
  await grantEducatorRole(deps, found.userId, async (tx) => {
    decided = await recordDecision(deps, tx, actor, id, 'approved', null);
  });
  return toEducatorApplication(decided!);
}

export async function declineApplication(
  deps: ApplicationDeps,
  actor: Actor,
  id: string,
  body: DeclineApplicationBody,
): Promise<EducatorApplication> {
  const row = await deps.database.db.transaction((tx) =>
    recordDecision(deps, tx, actor, id, 'declined', body.note),
  );
  return toEducatorApplication(row);
}

/** The applicant is told what an admin decided, with the admin's note on a decline. */
export function educatorApplicationMail(input: {
  name: string;
  decision: Decision;
  note: string | null;
  link: string;
}): MailContent {
  const approved = input.decision === 'approved';
  const heading = approved
    ? 'Sua candidatura a educador foi aprovada'
    : 'Sua candidatura a educador não foi aprovada';
  const lines = approved
    ? ['Boas notícias: agora você é educador e já pode criar e publicar o seu primeiro curso.']
    : [
        'A equipe da plataforma analisou a sua candidatura e, por enquanto, não a aprovou.',
        ...(input.note ? [`Nota da equipe: ${input.note}`] : []),
        'Você pode enviar uma nova candidatura quando quiser.',
      ];
  const text = `Olá, ${input.name}.

${lines.join('\n')}

${input.link}
${textFooter()}`;
  const html = layout(
    heading,
    [`Olá, ${escapeHtml(input.name)}.`, ...lines.map((line) => escapeHtml(line))],
    { label: approved ? 'Abrir a área do educador' : 'Ver a candidatura', url: input.link },
  );
  return { subject: heading, text, html };
}

/** The applicant's mail, written from the application's row when the job runs. */
export function registerEducatorApplicationMailJobs(
  jobs: JobQueue,
  deps: Pick<AppDeps, 'database' | 'mailer' | 'config'>,
): void {
  jobs.work<ApplicationMailJob>(APPLICATION_MAIL_JOB, async (job) => {
    const application = await findApplication(deps.database.db, job.applicationId);
    if (!application || application.status === 'pending') return;
    const person = await findUserById(deps.database.db, application.userId);
    if (!person) return;
    await deps.mailer.send({
      to: person.email,
      ...educatorApplicationMail({
        name: person.name,
        decision: application.status,
        note: application.note,
        link: `${deps.config.publicUrl}/educator`,
      }),
    });
  });
}
