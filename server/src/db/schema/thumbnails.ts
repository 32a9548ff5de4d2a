import { customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

// Re-encoded thumbnails kept in PostgreSQL, so every instance can serve them without Cloudinary.
export const thumbnails = pgTable('thumbnails', {
  /** The file name in the public URL (`/uploads/<name>`), unique per upload. */
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  etag: text('etag').notNull(),
  content: bytea('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ThumbnailRow = typeof thumbnails.$inferSelect;
