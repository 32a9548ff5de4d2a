import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { processedEvents } from '../../db/schema/processed-events';
import {
  clerkUserJsonSchema,
  identityFromClerkUser,
  type ClerkUserJson,
} from '../users/clerk-identity';
import { removeUser, upsertUser } from '../users/users.repository';

export type ClerkEventResult = 'applied' | 'replayed' | 'ignored';

type WebhookDeps = Pick<AppDeps, 'database' | 'catalogueCache'>;

/** What we act on in a Clerk event; other types are recorded and acknowledged. */
export type ClerkEvent =
  | { kind: 'user-upsert'; user: ClerkUserJson }
  | { kind: 'user-deleted'; userId: string }
  | { kind: 'other'; type: string };

const envelopeSchema = z.object({ type: z.string(), data: z.unknown() });
const deletedUserSchema = z.object({ id: z.string().min(1) });

/** Reads a verified payload; null when it is not an event we can apply (answered 400, not retried into a loop). */
export function readClerkEvent(payload: unknown): ClerkEvent | null {
  const envelope = envelopeSchema.safeParse(payload);
  if (!envelope.success) return null;
  const { type, data } = envelope.data;
  if (type === 'user.created' || type === 'user.updated') {
    const user = clerkUserJsonSchema.safeParse(data);
    return user.success ? { kind: 'user-upsert', user: user.data } : null;
  }
  if (type === 'user.deleted') {
    const deleted = deletedUserSchema.safeParse(data);
    return deleted.success ? { kind: 'user-deleted', userId: deleted.data.id } : null;
  }
  return { kind: 'other', type };
}

/**
 * Applies one verified event. The delivery id (svix-id) is recorded in the same transaction as the
 * change, so a replayed or duplicated delivery changes nothing and a failure leaves it retryable.
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
      case 'user-upsert':
        await upsertUser(tx, identityFromClerkUser(event.user));
        return 'applied';
      case 'user-deleted':
        return (await removeUser(tx, event.userId)) === 'absent' ? 'ignored' : 'applied';
      case 'other':
        return 'ignored';
    }
  });
  // Removing a user drops their enrollments and ratings, which the catalogue counts; a renamed
  // educator changes the names it shows.
  if (result === 'applied') deps.catalogueCache.invalidate();
  return result;
}
