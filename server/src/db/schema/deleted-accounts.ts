import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Accounts the sign-in provider (Clerk) deleted: their tokens stay valid until they expire and their
// late events keep arriving, so neither may bring the account back.
export const deletedAccounts = pgTable('deleted_accounts', {
  userId: text('user_id').primaryKey(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});
