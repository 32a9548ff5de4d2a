import { sql } from 'drizzle-orm';
import type { Logger } from '../logger';
import type { Database } from './client';

/** How often the embedded database is vacuumed and its planner statistics refreshed. */
export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;

/** Reclaims dead row versions and recomputes the planner's row counts for every table. */
export async function vacuumAndAnalyze(database: Database): Promise<void> {
  await database.db.execute(sql`vacuum analyze`);
}

/**
 * PostgreSQL's autovacuum does this in the background; PGlite has no background workers. Without
 * it the planner keeps the row counts of an empty database forever (and, as enrollments grow, scans
 * and sorts them all where an index walk would stop after ten rows), and every enrollment or
 * purchase leaves a dead version of its course row behind (the totals triggers of migration 0003).
 * Runs now and every MAINTENANCE_INTERVAL_MS on PGlite; answers the function that stops it.
 */
export function keepDatabaseMaintained(
  database: Database,
  logger: Logger,
  intervalMs = MAINTENANCE_INTERVAL_MS,
): () => void {
  if (database.kind !== 'pglite') return () => {};
  const run = () =>
    vacuumAndAnalyze(database).catch((err: unknown) => {
      logger.warn({ err }, 'database maintenance (vacuum analyze) failed');
    });
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
