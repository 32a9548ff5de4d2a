import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { processedEvents } from '../../db/schema/processed-events';
import {
  clerkIdSchema,
  clerkUserJsonSchema,
  identityFromClerkUser,
  type ClerkUserJson,
} from './clerk-identity';
import { deleteProviderAccount, mirrorProviderAccount } from './users.repository';

export type ClerkEventResult = 'applied' | 'replayed' | 'ignored';

type WebhookDeps = Pick<AppDeps, 'database' | 'catalogueCache' | 'sessionCache'>;

/**
 * What we act on in a Clerk event. Other types, and signed events we cannot read, are recorded and
 * acknowledged: Clerk would retry a refused delivery for days, and it would never read better.
 */
export type ClerkEvent =
  | { kind: 'user-upsert'; user: ClerkUserJson; changedAt: Date | null }
  | { kind: 'user-deleted'; userId: string }
  | { kind: 'other'; type: string }
  | { kind: 'malformed'; type: string | null; problems: string[] };

const envelopeSchema = z.object({
  type: z.string(),
  data: z.unknown(),
  /** Milliseconds: when Clerk emitted the event. */
  timestamp: z.number().int().nonnegative().optional(),
});
const deletedUserSchema = z.object({ id: clerkIdSchema });

/** Where and how a payload fails its schema, never the values themselves (they go to the log). */
function problemsOf(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.code}`);
}

/** Reads a verified payload (undefined when the signed body was not JSON). */
export function readClerkEvent(payload: unknown): ClerkEvent {
  const envelope = envelopeSchema.safeParse(payload);
  if (!envelope.success) {
    return { kind: 'malformed', type: null, problems: problemsOf(envelope.error) };
  }
  const { type, data, timestamp } = envelope.data;
  if (type === 'user.created' || type === 'user.updated') {
    const user = clerkUserJsonSchema.safeParse(data);
    if (!user.success) return { kind: 'malformed', type, problems: problemsOf(user.error) };
    // The user's own updated_at dates the state the event carries; the envelope's time is a fallback.
    const changedAtMs = user.data.updated_at ?? timestamp;
    return {
      kind: 'user-upsert',
      user: user.data,
      changedAt: changedAtMs === undefined ? null : new Date(changedAtMs),
    };
  }
  if (type === 'user.deleted') {
    const deleted = deletedUserSchema.safeParse(data);
    if (!deleted.success) return { kind: 'malformed', type, problems: problemsOf(deleted.error) };
    return { kind: 'user-deleted', userId: deleted.data.id };
  }
  return { kind: 'other', type };
}

/**
 * Applies one verified event. The delivery id (svix-id) is recorded in the same transaction as the
 * change, so a replayed or duplicated delivery changes nothing and a failure leaves it retryable.
 * Deliveries can arrive out of order: a state older than the stored one, or any state of a deleted
 * account, is recorded and ignored.
 */
export async function applyClerkEvent(
  deps: WebhookDeps,
  deliveryId: string,
  event: ClerkEvent,
): Promise<ClerkEventResult> {
  const result = await deps.database.db.transaction(async (tx): Promise<ClerkEventResult> => {
    const recorded = await tx
      .insert(processedEvents)
      .values({ provider: 'clerk', eventId: deliveryId })
      .onConflictDoNothing()
      .returning({ eventId: processedEvents.eventId });
    if (recorded.length === 0) return 'replayed';

    switch (event.kind) {
      case 'user-upsert': {
        const mirrored = await mirrorProviderAccount(
          tx,
          identityFromClerkUser(event.user),
          event.changedAt,
        );
        return mirrored.status === 'saved' ? 'applied' : 'ignored';
      }
      case 'user-deleted':
        return (await deleteProviderAccount(tx, event.userId)) ? 'applied' : 'ignored';
      case 'other':
      case 'malformed':
        return 'ignored';
    }
  });
  // Removing a user drops their enrollments and ratings, which the catalogue counts; a renamed
  // educator changes the names it shows.
  if (result === 'applied') {
    deps.catalogueCache.invalidate();
    if (event.kind === 'user-upsert') deps.sessionCache.forgetUser(event.user.id);
    if (event.kind === 'user-deleted') deps.sessionCache.forgetUser(event.userId);
  }
  return result;
}
