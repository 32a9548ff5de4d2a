import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createLogger } from '../logger';
import { openDatabase, type Database } from './client';
import { migrate } from './migrate';
import { keepDatabaseMaintained, vacuumAndAnalyze } from './maintenance';

// The maintenance stands in for PostgreSQL's autovacuum, which PGlite lacks, so it is tested on PGlite.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
  await migrate(database.db);
});
afterAll(() => database.close());

async function plannerRowCount(table: string): Promise<number> {
  const { rows } = await database.db.execute(
    sql`select reltuples::int as n from pg_class where relname = ${table} and relkind = 'r'`,
  );
  return Number((rows[0] as { n: number }).n);
}

function countingDatabase(kind: Database['kind']) {
  const execute = vi.fn(() => Promise.resolve({ rows: [] }));
  return { execute, database: { kind, db: { execute } } as unknown as Database };
}

describe('database maintenance', () => {
  it('when 300 users were added since the last refresh, then after maintenance the planner counts 300', async () => {
    await database.db.execute(sql`insert into users (id, name, email)
      select 'usr_' || g, 'Aluno ' || g, 'a' || g || '@stats.test' from generate_series(1, 300) g`);
    expect(await plannerRowCount('users')).not.toBe(300);
    await vacuumAndAnalyze(database);
    expect(await plannerRowCount('users')).toBe(300);
  });

  it('when kept on PGlite, then it runs at once and each interval until stopped', async () => {
    vi.useFakeTimers();
    try {
      const { execute, database: fake } = countingDatabase('pglite');
      const stop = keepDatabaseMaintained(fake, createLogger('silent'), 1000);
      expect(execute).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(2500);
      expect(execute).toHaveBeenCalledTimes(3);
      stop();
      await vi.advanceTimersByTimeAsync(5000);
      expect(execute).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('when the database is PostgreSQL, then autovacuum is left to do it and nothing is sent', () => {
    const { execute, database: fake } = countingDatabase('postgres');
    keepDatabaseMaintained(fake, createLogger('silent'), 1000)();
    expect(execute).not.toHaveBeenCalled();
  });
});
