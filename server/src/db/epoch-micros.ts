import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A timestamp as microseconds since 1970, in text: exact where a JavaScript Date keeps only
 * milliseconds, so two rows of the same millisecond still order and compare apart.
 */
export function epochMicros(timestamp: SQLWrapper): SQL<string> {
  return sql<string>`(extract(epoch from ${timestamp}) * 1000000)::bigint::text`;
}
