import { readdir } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type request from 'supertest';
import { expect } from 'vitest';
import type { TestContext } from '../test-app';

/** Test helper: everything a request could have written, in a form cheap to compare. */
export interface StoreSnapshot {
  /** Per table of the app's schema: row count and a hash of the rows, in any order. */
  tables: Record<string, { rows: number; hash: string }>;
  /** Thumbnail files on disk (none when thumbnails are kept elsewhere). */
  files: string[];
}

async function listUploads(ctx: Pick<TestContext, 'config'>): Promise<string[]> {
  if (ctx.config.storage.provider !== 'disk') return [];
  try {
    return (await readdir(ctx.config.storage.uploadDir)).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/**
 * Reads every table of the current schema from the catalogue rather than from a list, so a table
 * added later is compared too. The rows are hashed by the database, in one statement, so a snapshot
 * per request stays cheap.
 */
export async function snapshotStore(
  ctx: Pick<TestContext, 'database' | 'config' | 'deps'>,
): Promise<StoreSnapshot> {
  // What an earlier request left to be written in a batch (a held position save, a last-seen
  // time) is that request's effect: written now, so it cannot land in a later request's window.
  await ctx.deps.positions.flush();
  await ctx.deps.sessionActivity.flush();
  const db = ctx.database.db;
  const { rows: names } = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const perTable = names.map(
    ({ name }) =>
      sql`select ${name} as name, count(*)::int as rows,
                 md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as hash
          from ${sql.identifier(name)} t`,
  );
  const { rows } = await db.execute<{ name: string; rows: number; hash: string }>(
    sql.join(perTable, sql` union all `),
  );
  const tables: StoreSnapshot['tables'] = {};
  for (const row of rows) tables[row.name] = { rows: Number(row.rows), hash: row.hash };
  return { tables, files: await listUploads(ctx) };
}

/**
 * Test helper: a check that an answer did no harm: never a 5xx, and a 4xx leaves every table as the
 * previous answer left it. `settle` runs after a success, before the snapshot (work it queued).
 */
export function harmlessCheck(
  ctx: Pick<TestContext, 'database' | 'config' | 'deps'>,
  start: StoreSnapshot,
  settle: () => Promise<void> = async () => {},
): (res: request.Response) => Promise<void> {
  let known = start;
  return async (res) => {
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    if (res.status < 400) await settle();
    const after = await snapshotStore(ctx);
    if (res.status >= 400)
      expect(after, `${res.status} ${JSON.stringify(res.body)}`).toEqual(known);
    known = after;
  };
}
