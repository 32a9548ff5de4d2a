import { createClerkClient, verifyToken } from '@clerk/backend';
import {
  isClerkAPIResponseError,
  TokenVerificationError,
  TokenVerificationErrorReason,
} from '@clerk/backend/errors';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema/users';
import { AppError } from '../http/errors';
import {
  clerkUserJsonSchema,
  identityFromClerkUser,
  roleFromMetadata,
} from '../modules/users/clerk-identity';
import { findUserById, upsertUser, type UserIdentity } from '../modules/users/users.repository';
import type { ClerkAuthProvider } from './auth-provider';

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
  sub: z.string().min(1),
  name: z.string().trim().min(1).optional().catch(undefined),
  email: z.string().trim().toLowerCase().pipe(z.email()).optional().catch(undefined),
  image_url: z.string().optional().catch(undefined),
  public_metadata: z.record(z.string(), z.unknown()).optional().catch(undefined),
  metadata: z.record(z.string(), z.unknown()).optional().catch(undefined),
});
type SessionClaims = z.infer<typeof sessionClaimsSchema>;

function identityFromClaims(claims: SessionClaims): UserIdentity | null {
  if (!claims.email) return null;
  return {
    id: claims.sub,
    name: claims.name ?? claims.email.split('@')[0]!,
    email: claims.email,
    imageUrl: claims.image_url ?? '',
    role: roleFromMetadata(claims.public_metadata ?? claims.metadata),
  };
}

function unavailable(cause: unknown): AppError {
  return new AppError('UNAVAILABLE', CLERK_UNAVAILABLE, { cause });
}

export function createClerkAuthProvider(db: Db, options: ClerkAuthOptions): ClerkAuthProvider {
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
  async function fetchIdentity(userId: string): Promise<UserIdentity | null> {
    try {
      const user = await clerk.users.getUser(userId);
      const json = clerkUserJsonSchema.safeParse(user.raw);
      if (!json.success) throw unavailable(json.error);
      return identityFromClerkUser(json.data);
    } catch (err) {
      if (isClerkAPIResponseError(err) && err.status === 404) return null;
      if (err instanceof AppError) throw err;
      throw unavailable(err);
    }
  }

  return {
    kind: 'clerk',
    authenticate: async (token): Promise<UserRow | null> => {
      const claims = await verifiedClaims(token);
      if (!claims) return null;
      const existing = await findUserById(db, claims.sub);
      if (existing) return existing;
      // First sight: the webhook may not have arrived yet, so the row is created here.
      const identity = identityFromClaims(claims) ?? (await fetchIdentity(claims.sub));
      if (!identity) return null;
      return db.transaction((tx) => upsertUser(tx, identity));
    },
    publishRole: async (userId, role) => {
      try {
        // PATCH …/metadata deep-merges, so other public metadata keys are kept.
        await clerk.users.updateUserMetadata(userId, { publicMetadata: { role } });
      } catch (err) {
        throw unavailable(err);
      }
    },
  };
}
