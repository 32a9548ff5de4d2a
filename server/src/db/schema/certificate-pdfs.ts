import { customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { certificates } from './certificates';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A certificate's PDF, made once and served by every instance. `contentHash` is the hash of
 * everything it prints (and of the layout's version): when that changes, the PDF is made again.
 */
export const certificatePdfs = pgTable('certificate_pdfs', {
  certificateId: text('certificate_id')
    .primaryKey()
    .references(() => certificates.id, { onDelete: 'cascade' }),
  contentHash: text('content_hash').notNull(),
  pdf: bytea('pdf').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type CertificatePdfRow = typeof certificatePdfs.$inferSelect;
