import { randomBytes } from 'node:crypto';
import type { AuthUser, SignInBody, SignUpBody } from '@aprendiz/contract/auth';
import type { Db } from '../../db/client';
import { suspendedMessage } from '@aprendiz/contract/staff';
import type { JobQueue } from '../jobs/job-queue';
import { issueVerificationLink } from '../account-security/email-verification';
import { startSession, type SessionOrigin } from '../account-security/sessions';
import { grantConfiguredAdmin } from '../admin/staff';
import { isTwoStepEnabled } from '../two-step/two-step.repository';
import { answerSignInChallenge, openSignInChallenge } from '../two-step/two-step.service';
import { conflict, forbidden, unauthorized } from '../../http/errors';
import type { LocalTokens, PasswordHasher } from '../../providers/auth-provider';
import { cancelScheduledDeletion } from '../privacy/privacy.service';
import { findUserByEmail, findUserById, insertUser } from '../users/users.repository';
import { toAuthUser } from '../users/user-view';
import { isUniqueViolation } from '../../db/errors';

export const EMAIL_TAKEN = 'Já existe uma conta com este e-mail';
export const WRONG_CREDENTIALS = 'E-mail ou senha incorretos';

export interface AuthResult {
  token: string;
  user: AuthUser;
  /** The sign-in cancelled the account's scheduled deletion ('Excluir minha conta'). */
  deletionCancelled?: true;
}

/** A password accepted for an account with two-step on: `POST /auth/sign-in/2fa` finishes it. */
export interface TwoStepPending {
  twoFactorRequired: true;
  challenge: string;
}

interface LocalAuthDeps {
  db: Db;
  jobs: JobQueue;
  tokens: LocalTokens;
  passwords: PasswordHasher;
  /** ADMIN_EMAILS: these accounts become admins when they sign up or in. */
  adminEmails: readonly string[];
}

function newLocalUserId(): string {
  return `usr_${randomBytes(12).toString('hex')}`;
}

/**
 * A real hash of a password nobody has, computed once: checking against it costs what checking a
 * real account costs, so the answer time does not tell which e-mails have accounts.
 */
let dummyHash: Promise<string> | undefined;
function hashForUnknownAccounts(passwords: PasswordHasher): Promise<string> {
  dummyHash ??= passwords.hash(randomBytes(32).toString('base64url')).catch((err: unknown) => {
    // A busy hasher (503) must not leave every later unknown e-mail failing too.
    dummyHash = undefined;
    throw err;
  });
  return dummyHash;
}

/** A new account gets its confirmation link in the transaction that creates it. */
export async function signUp(
  deps: LocalAuthDeps,
  body: SignUpBody,
  origin: SessionOrigin,
): Promise<AuthResult> {
  if (await findUserByEmail(deps.db, body.email)) throw conflict(EMAIL_TAKEN);
  const passwordHash = await deps.passwords.hash(body.password);
  let row;
  try {
    row = await deps.db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        id: newLocalUserId(),
        name: body.name,
        email: body.email,
        passwordHash,
      });
      await issueVerificationLink(tx, deps.jobs, created.id, created.email);
      return created;
    });
  } catch (err) {
    // Two sign-ups with one e-mail at once: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
    throw err;
  }
  row = await grantConfiguredAdmin(deps.db, row, deps.adminEmails, origin.address || null);
  return { token: await startSession(deps, row, origin), user: toAuthUser(row) };
}

export async function signIn(
  deps: LocalAuthDeps,
  body: SignInBody,
  origin: SessionOrigin,
): Promise<AuthResult | TwoStepPending> {
  const found = await findUserByEmail(deps.db, body.email);
  const stored = found?.passwordHash ?? (await hashForUnknownAccounts(deps.passwords));
  const matches = await deps.passwords.verify(body.password, stored);
  // Rows without a password (mirrored from Clerk) never sign in locally, whatever was typed.
  if (!found?.passwordHash || !matches) throw unauthorized(WRONG_CREDENTIALS);
  // Only someone who knows the password learns that the account is suspended, and why.
  if (found.suspendedAt) throw forbidden(suspendedMessage(found.suspensionReason));
  const row = await grantConfiguredAdmin(deps.db, found, deps.adminEmails, origin.address || null);
  if (await isTwoStepEnabled(deps.db, row.id)) {
    return { twoFactorRequired: true, challenge: await openSignInChallenge(deps.db, row.id) };
  }
  return signedIn(deps, row, origin);
}

/**
 * The end of every local sign-in, with or without the second step: signing in during the cool-off
 * is how a person takes 'Excluir minha conta' back, and each sign-in is a listed session.
 */
async function signedIn(
  deps: LocalAuthDeps,
  row: NonNullable<Awaited<ReturnType<typeof findUserById>>>,
  origin: SessionOrigin,
): Promise<AuthResult> {
  const deletionCancelled =
    row.deletionScheduledFor !== null && (await cancelScheduledDeletion(deps.db, row.id));
  return {
    token: await startSession(deps, row, origin),
    user: toAuthUser(row),
    ...(deletionCancelled && { deletionCancelled: true as const }),
  };
}

/** The second step: the challenge from the password step and a code from the app (or a recovery code). */
export async function finishTwoStepSignIn(
  deps: LocalAuthDeps,
  challenge: string,
  code: string,
  origin: SessionOrigin,
): Promise<AuthResult> {
  const userId = await answerSignInChallenge(deps.db, challenge, code);
  const row = await findUserById(deps.db, userId);
  if (!row) throw unauthorized(WRONG_CREDENTIALS);
  if (row.suspendedAt) throw forbidden(suspendedMessage(row.suspensionReason));
  return signedIn(deps, row, origin);
}
