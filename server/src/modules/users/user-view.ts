import type { AuthUser } from '@aprendiz/contract/auth';
import type { UserRow } from '../../db/schema/users';

/** The only way a user row leaves the server: everything but the password hash. */
export function toAuthUser(row: UserRow): AuthUser {
  return { _id: row.id, name: row.name, email: row.email, imageUrl: row.imageUrl, role: row.role };
}
