import { z } from 'zod';
import type { Role } from '@aprendiz/contract/auth';
import type { UserIdentity } from './users.repository';

/** The part of Clerk's user object (webhook `data`, Backend API `GET /users/:id`) that we mirror. */
export const clerkUserJsonSchema = z.object({
  id: z.string().min(1),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  username: z.string().nullish(),
  image_url: z.string().nullish(),
  primary_email_address_id: z.string().nullish(),
  email_addresses: z
    .array(z.object({ id: z.string(), email_address: z.string() }))
    .nullish()
    .transform((list) => list ?? []),
  public_metadata: z.record(z.string(), z.unknown()).nullish(),
});
export type ClerkUserJson = z.infer<typeof clerkUserJsonSchema>;

/** Spec §3: the provider's public metadata carries the role; only 'educator' grants anything. */
export function roleFromMetadata(metadata: Record<string, unknown> | null | undefined): Role {
  return metadata?.role === 'educator' ? 'educator' : 'student';
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
  };
}
