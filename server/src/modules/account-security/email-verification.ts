import { createHash, randomBytes } from 'node:crypto';
import {
  EMAIL_ALREADY_VERIFIED,
  EMAIL_VERIFICATION_TTL_MS,
  VERIFY_LINK_INVALID,
  type ChangeEmailBody,
  type EmailStatus,
} from '@aprendiz/contract/account-security';
import {
  RESEND_WINDOW_MS,
  resendWaitMessage,
  resendWaitMs,
} from '@aprendiz/contract/rules/verification-resend';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { AppError, badRequest, conflict, unauthorized } from '../../http/errors';
import type { PasswordHasher } from '../../providers/auth-provider';
import type { JobQueue } from '../jobs/job-queue';
import { findUserById } from '../users/users.repository';
import { isEmailVerified } from '../users/user-view';
import { emailChangedMail, emailVerificationMail } from './account-security-mail';
import {
  emailBelongsToAnother,
  findPendingEmail,
  findRecentLinkTimes,
  findUsableLink,
  insertVerificationToken,
  lockUser,
  markEmailVerified,
  replaceEmail,
  useLink,
  voidOpenLinks,
} from './account-security.repository';

export const EMAIL_IN_USE = 'Este e-mail já está em uso por outra conta.';
export const SAME_EMAIL = 'Este já é o e-mail da sua conta.';
export const WRONG_PASSWORD = 'A senha está incorreta';

export const ACCOUNT_SECURITY_JOBS = {
  verificationMail: 'mail-email-verification',
  emailChangedMail: 'mail-email-changed',
} as const;

interface VerificationMailJob {
  token: string;
}
/** The old address is only known here once the change is made. */
interface EmailChangedJob {
  userId: string;
  oldEmail: string;
}

/** Only the hash is stored; the token itself lives in the mailed link alone. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Makes a confirmation link for `email` and queues its mail, in the caller's transaction: the
 * sign-up, the resend or the change that asked for it. No stored link goes unmailed.
 */
export async function issueVerificationLink(
  tx: Db,
  jobs: JobQueue,
  userId: string,
  email: string,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  await insertVerificationToken(tx, {
    tokenHash,
    userId,
    email,
    expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_TTL_MS),
  });
  const data: VerificationMailJob = { token };
  await jobs.send(tx, ACCOUNT_SECURITY_JOBS.verificationMail, data, `verify:${tokenHash}`);
}

/** 429 with the wait, when the account's recent links say another may not go yet. */
async function checkResendBudget(tx: Db, userId: string): Promise<void> {
  const now = new Date();
  const sent = await findRecentLinkTimes(tx, userId, new Date(now.getTime() - RESEND_WINDOW_MS));
  const wait = resendWaitMs(sent, now);
  if (wait > 0) throw new AppError('RATE_LIMITED', resendWaitMessage(wait));
}

type VerificationDeps = Pick<AppDeps, 'database' | 'jobs' | 'sessionCache'>;

/** 'Reenviar': a new link to the account's address, within the resend budget. */
export async function resendVerification(deps: VerificationDeps, user: UserRow): Promise<string> {
  if (isEmailVerified(user)) throw conflict(EMAIL_ALREADY_VERIFIED);
  return deps.database.db.transaction(async (tx) => {
    // Two presses at once wait for each other here, so the budget counts both.
    const row = await lockUser(tx, user.id);
    if (!row) throw unauthorized();
    if (isEmailVerified(row)) throw conflict(EMAIL_ALREADY_VERIFIED);
    await checkResendBudget(tx, row.id);
    await issueVerificationLink(tx, deps.jobs, row.id, row.email);
    return `Enviamos um novo link para ${row.email}.`;
  });
}

/**
 * 'Trocar e-mail': needs the password. The account keeps its address until the link mailed to the
 * new one is used; the change shares the resend budget.
 */
export async function requestEmailChange(
  deps: VerificationDeps & { passwords: PasswordHasher },
  user: UserRow,
  body: ChangeEmailBody,
): Promise<string> {
  if (body.email === user.email) throw badRequest(SAME_EMAIL);
  // 400 rather than 401: a 401 would end the caller's session in the client.
  if (!user.passwordHash || !(await deps.passwords.verify(body.password, user.passwordHash)))
    throw badRequest(WRONG_PASSWORD);
  const db = deps.database.db;
  if (await emailBelongsToAnother(db, body.email, user.id)) throw conflict(EMAIL_IN_USE);
  await db.transaction(async (tx) => {
    const row = await lockUser(tx, user.id);
    if (!row) throw unauthorized();
    await checkResendBudget(tx, row.id);
    await issueVerificationLink(tx, deps.jobs, row.id, body.email);
  });
  return `Enviamos um link para ${body.email}. Sua conta continua usando ${user.email} até você confirmar.`;
}

export async function getEmailStatus(db: Db, user: UserRow): Promise<EmailStatus> {
  return {
    email: user.email,
    verified: isEmailVerified(user),
    pendingEmail: await findPendingEmail(db, user),
  };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * The mailed link, used: the address is confirmed. A link to a new address makes it the account's
 * (if no other account took it meanwhile) and tells the old address. Works without signing in, so
 * a link opened on another device still confirms. Answers the confirmed address.
 */
export async function verifyEmail(deps: VerificationDeps, token: string): Promise<string> {
  const tokenHash = hashToken(token);
  let result: { userId: string; email: string };
  try {
    result = await deps.database.db.transaction(async (tx) => {
      const link = await useLink(tx, tokenHash);
      if (!link) throw badRequest(VERIFY_LINK_INVALID);
      const row = await lockUser(tx, link.userId);
      if (!row) throw badRequest(VERIFY_LINK_INVALID);
      if (row.email === link.email) {
        await markEmailVerified(tx, row.id);
        await voidOpenLinks(tx, row.id, link.email);
      } else {
        if (await emailBelongsToAnother(tx, link.email, row.id)) throw conflict(EMAIL_IN_USE);
        await replaceEmail(tx, row.id, link.email);
        await voidOpenLinks(tx, row.id);
        const data: EmailChangedJob = { userId: row.id, oldEmail: row.email };
        await deps.jobs.send(
          tx,
          ACCOUNT_SECURITY_JOBS.emailChangedMail,
          data,
          `changed:${tokenHash}`,
        );
      }
      return link;
    });
  } catch (err) {
    // A sign-up with the same address in the same instant: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(EMAIL_IN_USE);
    throw err;
  }
  deps.sessionCache.forgetUser(result.userId);
  return result.email;
}

/** Registers the two mails' handlers; each writes from the rows as they are when it runs. */
export function registerAccountSecurityJobs(
  jobs: JobQueue,
  deps: Pick<AppDeps, 'config' | 'database' | 'mailer' | 'logger'>,
): void {
  jobs.work<VerificationMailJob>(ACCOUNT_SECURITY_JOBS.verificationMail, async ({ token }) => {
    const link = await findUsableLink(deps.database.db, hashToken(token));
    // Used, replaced or expired meanwhile: a link that cannot work is not worth a mail.
    if (!link) {
      deps.logger.info({ mail: 'email verification' }, 'mail no longer applies; not sent');
      return;
    }
    await deps.mailer.send({
      to: link.email,
      ...emailVerificationMail({
        name: link.name,
        link: `${deps.config.publicUrl}/verify-email?token=${token}`,
        ...(link.email !== link.accountEmail && { changingFrom: link.accountEmail }),
      }),
    });
  });

  jobs.work<EmailChangedJob>(
    ACCOUNT_SECURITY_JOBS.emailChangedMail,
    async ({ userId, oldEmail }) => {
      const user = await findUserById(deps.database.db, userId);
      if (!user) return;
      await deps.mailer.send({
        to: oldEmail,
        ...emailChangedMail({
          name: user.name,
          newEmail: user.email,
          supportUrl: `${deps.config.publicUrl}/contact`,
        }),
      });
    },
  );
}
