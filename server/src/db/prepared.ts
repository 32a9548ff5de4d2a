import type { Db } from './client';

/**
 * A statement built once per database handle and sent to PostgreSQL as a named prepared statement:
 * Drizzle stops rebuilding its SQL on every call, and each connection parses and plans it once
 * instead of on every request. For the few statements nearly every request runs: on the bench's
 * machine a session lookup went from 0.37 to 0.21 ms and the position save's look-up from 0.47
 * to 0.18 ms (bench/REPORT.md, "Scale").
 *
 * A transaction is its own handle, so a statement used in one is built again there; its name is
 * the same, which node-postgres accepts on a connection that already prepared the same text.
 */
export function prepared<Statement>(build: (db: Db) => Statement): (db: Db) => Statement {
  const built = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db)));
    return statement;
  };
}
