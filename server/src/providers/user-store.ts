import type { Role } from '@aprendiz/contract/auth';
import type { StaffRole } from '@aprendiz/contract/staff';
import type { UserRow } from '../db/schema/users';

/** Who a user is according to the sign-in provider (Clerk); the fields we mirror. */
export interface UserIdentity {
  id: string;
  name: string;
  email: string;
  imageUrl: string;
  role: Role;
  /** The provider's staff role (Clerk: public metadata); absent, the row's own is kept. */
  staffRole?: StaffRole | null;
}

/**
 * The users table as the sign-in providers need it, so that they depend on this and not on a
 * feature's repository. deps.ts builds it from the users repository.
 */
export interface UserStore {
  /** The account's row; null when there is none or when the provider deleted the account. */
  findById(id: string): Promise<UserRow | null>;
  /** Whether the provider deleted the account: such ids never come back. */
  isDeleted(id: string): Promise<boolean>;
  /**
   * Creates or refreshes the mirror of a provider account from its state as of `changedAt` (the
   * provider's clock; null when unknown). A state older than the stored one changes nothing and the
   * stored row is returned; a deleted account is not recreated (null).
   */
  saveIdentity(identity: UserIdentity, changedAt: Date | null): Promise<UserRow | null>;
}
