import { z } from 'zod';
import type { Role } from '@aprendiz/contract/auth';
import { staffRoleSchema, type StaffRole } from '@aprendiz/contract/staff';
import type { UserIdentity } from '../../providers/user-store';

/**
 * Text we can store: PostgreSQL text cannot hold U+0000, and a unique index refuses values of a
 * few kilobytes. Clerk's own fields stay well inside these bounds.
 */
export function storableText(maxLength: number) {
  return z
    .string()
    .max(maxLength)
    .refine((value) => !value.includes('\u0000'), 'contains U+0000');
}

/** Clerk ids look like user_2NNEqL2nrIRdJ194ndJqAHwEfxC. */
export const clerkIdSchema = storableText(128).min(1);
const NAME_MAX = 256;
/** RFC 5321's limit for a whole address. */
export const EMAIL_MAX = 254;
export const URL_MAX = 2048;

/** The part of Clerk's user object (webhook `data`, Backend API `GET /users/:id`) that we mirror. */
export const clerkUserJsonSchema = z.object({
  id: clerkIdSchema,
  first_name: storableText(NAME_MAX).nullish(),
  last_name: storableText(NAME_MAX).nullish(),
  username: storableText(NAME_MAX).nullish(),
  image_url: storableText(URL_MAX).nullish(),
  primary_email_address_id: z.string().nullish(),
  email_addresses: z
    .array(z.object({ id: z.string(), email_address: storableText(EMAIL_MAX) }))
    .nullish()
    .transform((list) => list ?? []),
  public_metadata: z.record(z.string(), z.unknown()).nullish(),
  /** Milliseconds: when Clerk last changed the user, which orders the states we receive. */
  updated_at: z.number().int().nonnegative().optional(),
});
export type ClerkUserJson = z.infer<typeof clerkUserJsonSchema>;

/** The provider's public metadata carries the role; only 'educator' grants anything. */
export function roleFromMetadata(metadata: Record<string, unknown> | null | undefined): Role {
  return metadata?.role === 'educator' ? 'educator' : 'student';
}

/**
 * With Clerk, the operators are named where the educators are: `staffRole: 'admin' | 'support'` in
 * the user's public metadata, which only the instance's dashboard or Backend API can write.
 */
export function staffRoleFromMetadata(
  metadata: Record<string, unknown> | null | undefined,
): StaffRole | null {
  const role = staffRoleSchema.safeParse(metadata?.staffRole);
  return role.success ? role.data : null;
}

/**
 * Accounts signed up by phone or a web3 wallet have no e-mail, yet ours is unique and required:
 * such accounts get an address on a reserved domain that can never receive mail.
 */
export function placeholderEmail(userId: string): string {
  return `${userId.toLowerCase()}@sem-email.invalid`;
}

export function identityFromClerkUser(user: ClerkUserJson): UserIdentity {
  const primary =
    user.email_addresses.find((address) => address.id === user.primary_email_address_id) ??
    user.email_addresses[0];
  const email = primary?.email_address.trim().toLowerCase() || placeholderEmail(user.id);
  const fullName = [user.first_name, user.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return {
    id: user.id,
    name: fullName || user.username?.trim() || email.split('@')[0]!,
    email,
    imageUrl: user.image_url ?? '',
    role: roleFromMetadata(user.public_metadata),
    staffRole: staffRoleFromMetadata(user.public_metadata),
  };
}
