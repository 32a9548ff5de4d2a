import type { Role } from '@aprendiz/contract/auth';
import type { StaffRole } from '@aprendiz/contract/staff';
import type { UserRow } from '../db/schema/users';

interface AuthProviderBase {
  /** Resolves a bearer token to its user row, or null when the token is invalid in any way. */
  authenticate(token: string): Promise<UserRow | null>;
}

/** What a local session token says, once its signature and expiry are checked. */
export interface SessionClaims {
  userId: string;
  /** The account's session version when the token was issued; a password change raises it. */
  version: number;
  /** Unique per token, so 'Sair' can revoke this one session. */
  tokenId: string;
  expiresAt: Date;
}

/** Our own session tokens, for local accounts. */
export interface LocalTokens {
  /** `version` is the account's current session version (0 for a new account). */
  issue(userId: string, version?: number): Promise<string>;
  /** The token's claims, or null when it is expired, tampered, foreign or lacks any of them. */
  verify(token: string): Promise<SessionClaims | null>;
}

/**
 * Whether a local session still stands: the account exists, its password has not changed since
 * the token was issued, and the token was not signed out. deps.ts builds it from the account module.
 */
export interface SessionStore {
  findSessionUser(claims: SessionClaims): Promise<UserRow | null>;
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
  /**
   * Notes that an authenticated request used the session (its last-seen time and address, for
   * the profile's list of sessions); deps.ts gives it from the account-security module.
   */
  recordActivity?(token: string, address: string): void;
}

/** Clerk keeps the accounts; our users table mirrors them. */
export interface ClerkAuthProvider extends AuthProviderBase {
  readonly kind: 'clerk';
  /**
   * Writes the role where Clerk keeps it (public metadata), so it survives the next webhook sync;
   * resolves to the time Clerk recorded the change (null if its answer lacks one).
   */
  publishRole(userId: string, role: Role): Promise<Date | null>;
  /**
   * Whether this session passed Clerk's own second step (the token's `fva` claim): the console's
   * second step for staff, in place of ours.
   */
  secondStepVerified(token: string): Promise<boolean>;
  /** Writes (or, null, removes) the staff role in Clerk's public metadata; resolves as publishRole. */
  publishStaffRole(userId: string, role: StaffRole | null): Promise<Date | null>;
  /** Deletes the account at Clerk (a closed account); one Clerk no longer knows counts as deleted. */
  deleteUser(userId: string): Promise<void>;
}

/** What requireAuth and the account routes need from whichever sign-in provider was chosen at start. */
export type AuthProvider = LocalAuthProvider | ClerkAuthProvider;
