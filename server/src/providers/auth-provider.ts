import type { Role } from '@aprendiz/contract/auth';
import type { UserRow } from '../db/schema/users';

interface AuthProviderBase {
  /** Resolves a bearer token to its user row, or null when the token is invalid in any way. */
  authenticate(token: string): Promise<UserRow | null>;
}

/** Our own session tokens, for local accounts. */
export interface LocalTokens {
  issue(userId: string): Promise<string>;
  /** The user id the token was issued for, or null when it is expired, tampered or foreign. */
  verify(token: string): Promise<string | null>;
}

/** Password hashing for local accounts; a 503 AppError when too many sign-ins already wait. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password or a stored value that is not one of our hashes. */
  verify(password: string, stored: string): Promise<boolean>;
}

/** Embedded default: e-mail + password accounts kept in our database. */
export interface LocalAuthProvider extends AuthProviderBase {
  readonly kind: 'local';
  readonly tokens: LocalTokens;
  readonly passwords: PasswordHasher;
}

/** Clerk keeps the accounts; our users table mirrors them. */
export interface ClerkAuthProvider extends AuthProviderBase {
  readonly kind: 'clerk';
  /**
   * Writes the role where Clerk keeps it (public metadata), so it survives the next webhook sync;
   * resolves to the time Clerk recorded the change (null if its answer lacks one).
   */
  publishRole(userId: string, role: Role): Promise<Date | null>;
}

/** What requireAuth and the account routes need from whichever sign-in provider was chosen at start. */
export type AuthProvider = LocalAuthProvider | ClerkAuthProvider;
