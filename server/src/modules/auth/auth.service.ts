import { randomBytes } from 'node:crypto';
import type { AuthUser, SignInBody, SignUpBody } from '@aprendiz/contract/auth';
import type { Db } from '../../db/client';
import { conflict, unauthorized } from '../../http/errors';
import type { LocalTokens, PasswordHasher } from '../../providers/auth-provider';
import { findUserByEmail, insertUser } from '../users/users.repository';
import { toAuthUser } from '../users/user-view';

export const EMAIL_TAKEN = 'Já existe uma conta com este e-mail';
export const WRONG_CREDENTIALS = 'E-mail ou senha incorretos';

export interface AuthResult {
  token: string;
  user: AuthUser;
}

interface LocalAuthDeps {
  db: Db;
  tokens: LocalTokens;
  passwords: PasswordHasher;
}

function newLocalUserId(): string {
  return `usr_${randomBytes(12).toString('hex')}`;
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
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

export async function signUp(deps: LocalAuthDeps, body: SignUpBody): Promise<AuthResult> {
  if (await findUserByEmail(deps.db, body.email)) throw conflict(EMAIL_TAKEN);
  const passwordHash = await deps.passwords.hash(body.password);
  let row;
  try {
    row = await insertUser(deps.db, {
      id: newLocalUserId(),
      name: body.name,
      email: body.email,
      passwordHash,
    });
  } catch (err) {
    // Two sign-ups with one e-mail at once: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
    throw err;
  }
  return { token: await deps.tokens.issue(row.id, row.sessionVersion), user: toAuthUser(row) };
}

export async function signIn(deps: LocalAuthDeps, body: SignInBody): Promise<AuthResult> {
  const row = await findUserByEmail(deps.db, body.email);
  const stored = row?.passwordHash ?? (await hashForUnknownAccounts(deps.passwords));
  const matches = await deps.passwords.verify(body.password, stored);
  // Rows without a password (mirrored from Clerk) never sign in locally, whatever was typed.
  if (!row?.passwordHash || !matches) throw unauthorized(WRONG_CREDENTIALS);
  return { token: await deps.tokens.issue(row.id, row.sessionVersion), user: toAuthUser(row) };
}
