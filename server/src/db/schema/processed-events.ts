import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Webhook idempotency: one row per provider event id, inserted in the transaction that applies it.
export const processedEvents = pgTable(
  'processed_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    // The retention clean-up deletes by age (modules/retention).
    index('processed_events_processed_idx').on(t.processedAt),
  ],
);
