import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  PASSWORD_RESET_TTL_MS,
  RESET_LINK_INVALID,
  type ChangePasswordBody,
  type ProfileInput,
  type ResetPasswordBody,
} from '@aprendiz/contract/account';
import type { AuthUser } from '@aprendiz/contract/auth';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../db/schema/users';
import { badRequest, unauthorized } from '../../http/errors';
import type { LocalTokens, PasswordHasher, SessionClaims } from '../../providers/auth-provider';
import type { JobQueue } from '../jobs/job-queue';
import { queuePasswordReset } from '../mail/mail-jobs';
import { startSession, tokenIdOf, type SessionOrigin } from '../account-security/sessions';
import { findUserByEmail } from '../users/users.repository';
import { toAuthUser } from '../users/user-view';
import {
  findUsableResetToken,
  insertPasswordResetToken,
  resetPasswordWithToken,
  revokeSession,
  setPassword,
  updateProfile,
} from './account.repository';
import { toProfilePhotoWebp } from './profile-photo';

// The same words on the reset page, which recognises them: the rule lives in the contract.
export { RESET_LINK_INVALID };
export const WRONG_CURRENT_PASSWORD = 'A senha atual está incorreta';
export const NOTHING_TO_CHANGE = 'Nada para alterar: envie um nome ou uma foto';

export type AccountDeps = Pick<
  AppDeps,
  'config' | 'database' | 'jobs' | 'logger' | 'thumbnails' | 'sessionCache'
> & { tokens: LocalTokens; passwords: PasswordHasher };

/** Only the hash is stored; the token itself lives in the mailed link alone. */
function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Jobs of the account module (modules/jobs). */
export const ACCOUNT_JOBS = {
  passwordResetRequest: 'account-password-reset-request',
} as const;

/**
 * A job is otherwise woken at once by its own insert, and on PGlite (in this process) its queries
 * then hold the event loop before the answer is out: a known address's look-up, which writes a
 * link, would make its own answer slower (the bench measured 25 ms). Held back, it runs at a later
 * poll, apart from the request that asked for it.
 */
const RESET_LOOKUP_DELAY_SECONDS = 1;

interface PasswordResetRequestJob {
  email: string;
}

/**
 * 'Esqueceu a senha?': only queues a job that looks the address up, whatever it is, so the answer
 * costs the same for an address with an account and one without, and its time tells nothing. Each
 * request is its own job (the per-e-mail rate limit bounds them); the e-mail is the job's data,
 * which operators never see.
 */
export async function requestPasswordReset(deps: AccountDeps, email: string): Promise<void> {
  const data: PasswordResetRequestJob = { email };
  await deps.jobs.send(
    deps.database.db,
    ACCOUNT_JOBS.passwordResetRequest,
    data,
    `forgot:${randomUUID()}`,
    { startAfterSeconds: RESET_LOOKUP_DELAY_SECONDS },
  );
}

/**
 * The job behind 'Esqueceu a senha?': a local account with that e-mail gets a reset link; an
 * address without one gets nothing. A 'no account with this address' mail would let anyone make
 * us write to any address they type, a stranger's included: spam sent in our name, and a harm to
 * the sender reputation the real reset mails depend on. The page already says a link goes out
 * only if the address has an account.
 */
export async function issuePasswordReset(
  deps: Pick<AppDeps, 'database' | 'jobs'>,
  email: string,
): Promise<void> {
  const user = await findUserByEmail(deps.database.db, email);
  // A row without a password is a Clerk mirror: there is no local password to reset.
  if (!user?.passwordHash) return;
  const token = randomBytes(32).toString('base64url');
  // The link and its mail job commit together: no stored link goes unmailed, no mail without a link.
  await deps.database.db.transaction(async (tx) => {
    await insertPasswordResetToken(tx, {
      tokenHash: hashResetToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
    });
    await queuePasswordReset(deps.jobs, tx, token);
  });
}

export function registerAccountJobs(
  jobs: JobQueue,
  deps: Pick<AppDeps, 'database' | 'jobs'>,
): void {
  jobs.work<PasswordResetRequestJob>(ACCOUNT_JOBS.passwordResetRequest, ({ email }) =>
    issuePasswordReset(deps, email),
  );
}

/** Whether a mailed link can still set a password: not used, not expired, and one of ours. */
export async function isResetLinkUsable(deps: AccountDeps, token: string): Promise<boolean> {
  return (await findUsableResetToken(deps.database.db, hashResetToken(token))) !== null;
}

export async function resetPassword(deps: AccountDeps, body: ResetPasswordBody): Promise<void> {
  const tokenHash = hashResetToken(body.token);
  // Checked before hashing, so a made-up token costs no scrypt time.
  if (!(await findUsableResetToken(deps.database.db, tokenHash))) {
    throw badRequest(RESET_LINK_INVALID);
  }
  const passwordHash = await deps.passwords.hash(body.password);
  const row = await resetPasswordWithToken(deps.database.db, tokenHash, passwordHash);
  if (!row) throw badRequest(RESET_LINK_INVALID);
  deps.sessionCache.forgetUser(row.id);
}

/** 'Sair': this token stops working now, not in 7 days. */
export async function signOut(deps: AccountDeps, token: string): Promise<void> {
  const claims: SessionClaims | null = await deps.tokens.verify(token);
  if (!claims) throw unauthorized();
  await revokeSession(deps.database.db, claims);
  // The database announces it to every instance; this one stops trusting it before answering.
  deps.sessionCache.forgetUser(claims.userId);
}

/**
 * Needs the current password. Every session of the account ends, this one included; the caller
 * gets a fresh token so the device it changed the password on stays signed in.
 */
export async function changePassword(
  deps: AccountDeps,
  user: UserRow,
  body: ChangePasswordBody,
  current: { token: string; origin: SessionOrigin },
): Promise<string> {
  // 400 rather than 401: a 401 would end the caller's session in the client.
  if (!user.passwordHash || !(await deps.passwords.verify(body.currentPassword, user.passwordHash)))
    throw badRequest(WRONG_CURRENT_PASSWORD);
  const passwordHash = await deps.passwords.hash(body.newPassword);
  const row = await setPassword(deps.database.db, user.id, passwordHash);
  if (!row) throw unauthorized();
  deps.sessionCache.forgetUser(user.id);
  // This device keeps its place in the list of sessions; every other one is gone.
  return startSession(
    { db: deps.database.db, tokens: deps.tokens },
    row,
    current.origin,
    tokenIdOf(current.token),
  );
}

/**
 * Name and/or photo. The photo is checked and re-encoded before anything is stored, and taken back
 * if the row cannot be written.
 */
export async function changeProfile(
  deps: AccountDeps,
  user: UserRow,
  input: ProfileInput,
  photo: Buffer | undefined,
): Promise<AuthUser> {
  if (input.name === undefined && !photo) throw badRequest(NOTHING_TO_CHANGE);
  const webp = photo ? await toProfilePhotoWebp(photo) : undefined;
  const stored = webp ? await deps.thumbnails.save(webp) : undefined;
  try {
    const row = await updateProfile(deps.database.db, user.id, {
      ...(input.name !== undefined && { name: input.name }),
      ...(stored && { imageUrl: stored.url }),
    });
    if (!row) throw unauthorized();
    deps.sessionCache.forgetUser(user.id);
    return toAuthUser(row);
  } catch (err) {
    await stored?.remove().catch((removeErr: unknown) => {
      deps.logger.error(
        { err: removeErr, url: stored.url },
        'orphan profile photo after a failed update',
      );
    });
    throw err;
  }
}
