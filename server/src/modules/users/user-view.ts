import type { AuthUser } from '@aprendiz/contract/auth';
import type { UserRow } from '../../db/schema/users';

/** The only way a user row leaves the server: everything but the password hash. */
export function toAuthUser(row: UserRow): AuthUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    imageUrl: row.imageUrl,
    role: row.role,
    ...(row.staffRole ? { staffRole: row.staffRole } : {}),
  };
}

/**
 * Whether the account's address is known to be its owner's: a local account once a mailed link
 * was used; a row without a password is Clerk's (or a seeded person), whose addresses the provider
 * checks.
 */
export function isEmailVerified(row: Pick<UserRow, 'emailVerifiedAt' | 'passwordHash'>): boolean {
  return row.emailVerifiedAt !== null || row.passwordHash === null;
}
