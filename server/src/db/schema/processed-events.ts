import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Webhook idempotency: one row per provider event id, inserted in the transaction that applies it.
export const processedEvents = pgTable(
  'processed_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
