import { createClerkClient, verifyToken } from '@clerk/backend';
import {
  isClerkAPIResponseError,
  TokenVerificationError,
  TokenVerificationErrorReason,
} from '@clerk/backend/errors';
import { z } from 'zod';
import type { UserRow } from '../db/schema/users';
import { AppError } from '../http/errors';
import {
  clerkIdSchema,
  clerkUserJsonSchema,
  EMAIL_MAX,
  identityFromClerkUser,
  roleFromMetadata,
  staffRoleFromMetadata,
  storableText,
  URL_MAX,
} from '../modules/users/clerk-identity';
import type { ClerkAuthProvider } from './auth-provider';
import type { UserIdentity, UserStore } from './user-store';

export interface ClerkAuthOptions {
  secretKey: string;
  /** PEM public key of the instance: tokens are then verified with no network call. */
  jwtKey?: string;
  /** Backend API base (default https://api.clerk.com); tests point it at a local server. */
  apiUrl?: string;
  /** Origins allowed in the token's `azp`; unset accepts any (development serves several). */
  authorizedParties?: string[];
}

export const CLERK_UNAVAILABLE = 'Serviço de autenticação indisponível. Tente novamente.';

/**
 * Optional claims a session token can carry when the instance customises it (Clerk Dashboard →
 * Sessions): with them a new user's row is created without a Backend API round trip.
 */
const sessionClaimsSchema = z.object({
  sub: clerkIdSchema,
  /** Seconds: the claims hold the account's state as of this time. */
  iat: z.number().int().nonnegative().optional().catch(undefined),
  name: storableText(256).trim().min(1).optional().catch(undefined),
  email: storableText(EMAIL_MAX).trim().toLowerCase().pipe(z.email()).optional().catch(undefined),
  image_url: storableText(URL_MAX).optional().catch(undefined),
  public_metadata: z.record(z.string(), z.unknown()).optional().catch(undefined),
  metadata: z.record(z.string(), z.unknown()).optional().catch(undefined),
  /**
   * Factor verification age (session token v2): minutes since the first and the second factor were
   * verified in this session, -1 for a factor never verified.
   */
  fva: z.tuple([z.number(), z.number()]).optional().catch(undefined),
});
type SessionClaims = z.infer<typeof sessionClaimsSchema>;

/** An account as Clerk described it, and when that description was true (Clerk's clock). */
interface DatedIdentity {
  identity: UserIdentity;
  changedAt: Date | null;
}

function identityFromClaims(claims: SessionClaims): UserIdentity | null {
  if (!claims.email) return null;
  return {
    id: claims.sub,
    name: claims.name ?? claims.email.split('@')[0]!,
    email: claims.email,
    imageUrl: claims.image_url ?? '',
    role: roleFromMetadata(claims.public_metadata ?? claims.metadata),
    staffRole: staffRoleFromMetadata(claims.public_metadata ?? claims.metadata),
  };
}

/** Clerk's times are milliseconds; null when an answer lacks one. */
function clerkTime(ms: number | undefined): Date | null {
  return typeof ms === 'number' && Number.isFinite(ms) ? new Date(ms) : null;
}

function unavailable(cause: unknown): AppError {
  return new AppError('UNAVAILABLE', CLERK_UNAVAILABLE, { cause });
}

export function createClerkAuthProvider(
  users: UserStore,
  options: ClerkAuthOptions,
): ClerkAuthProvider {
  const clerk = createClerkClient({ secretKey: options.secretKey, apiUrl: options.apiUrl });

  async function verifiedClaims(token: string): Promise<SessionClaims | null> {
    let payload: unknown;
    try {
      payload = await verifyToken(token, {
        jwtKey: options.jwtKey,
        secretKey: options.secretKey,
        apiUrl: options.apiUrl,
        authorizedParties: options.authorizedParties,
      });
    } catch (err) {
      // Without a jwtKey the keys come from Clerk; failing to fetch them is an outage, not a bad token.
      if (
        err instanceof TokenVerificationError &&
        err.reason === TokenVerificationErrorReason.RemoteJWKFailedToLoad
      ) {
        throw unavailable(err);
      }
      return null;
    }
    const claims = sessionClaimsSchema.safeParse(payload);
    return claims.success ? claims.data : null;
  }

  /** The account as Clerk has it now; null when Clerk no longer knows it. */
  async function fetchIdentity(userId: string): Promise<DatedIdentity | null> {
    try {
      const user = await clerk.users.getUser(userId);
      const json = clerkUserJsonSchema.safeParse(user.raw);
      if (!json.success) throw unavailable(json.error);
      return {
        identity: identityFromClerkUser(json.data),
        changedAt: clerkTime(json.data.updated_at),
      };
    } catch (err) {
      if (isClerkAPIResponseError(err) && err.status === 404) return null;
      if (err instanceof AppError) throw err;
      throw unavailable(err);
    }
  }

  /**
   * Writes our part of the public metadata (PATCH …/metadata deep-merges, so other keys are kept);
   * resolves to when Clerk recorded it, which dates the row against late events.
   */
  async function publishMetadata(
    userId: string,
    publicMetadata: Record<string, unknown>,
  ): Promise<Date | null> {
    try {
      const user = await clerk.users.updateUserMetadata(userId, { publicMetadata });
      return clerkTime(user.updatedAt);
    } catch (err) {
      throw unavailable(err);
    }
  }

  return {
    kind: 'clerk',
    authenticate: async (token): Promise<UserRow | null> => {
      const claims = await verifiedClaims(token);
      if (!claims) return null;
      const existing = await users.findById(claims.sub);
      if (existing) return existing;
      // A deleted account's tokens stay valid until they expire: they must not recreate it.
      if (await users.isDeleted(claims.sub)) return null;
      // First sight: the webhook may not have arrived yet, so the row is created here.
      const fromClaims = identityFromClaims(claims);
      const account = fromClaims
        ? { identity: fromClaims, changedAt: clerkTime(claims.iat && claims.iat * 1000) }
        : await fetchIdentity(claims.sub);
      if (!account) return null;
      return users.saveIdentity(account.identity, account.changedAt);
    },
    secondStepVerified: async (token) => {
      const claims = await verifiedClaims(token);
      const secondFactorAge = claims?.fva?.[1];
      return secondFactorAge !== undefined && secondFactorAge >= 0;
    },
    publishRole: (userId, role) => publishMetadata(userId, { role }),
    // A null value removes the key in Clerk's deep merge.
    publishStaffRole: (userId, role) => publishMetadata(userId, { staffRole: role }),
    deleteUser: async (userId) => {
      try {
        await clerk.users.deleteUser(userId);
      } catch (err) {
        // Already gone (a retry after a crash, or the person deleted it at Clerk): the goal is met.
        if (isClerkAPIResponseError(err) && err.status === 404) return;
        throw unavailable(err);
      }
    },
  };
}
