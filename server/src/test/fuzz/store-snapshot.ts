import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { TestContext } from '../test-app';

/** Test helper: everything a request could have written, in a form cheap to compare. */
export interface StoreSnapshot {
  /** Per table of the app's schema: row count and a hash of the rows, in any order. */
  tables: Record<string, { rows: number; hash: string }>;
  /** Thumbnail files on disk (none when thumbnails are kept elsewhere). */
  files: string[];
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

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
 * added later is compared too.
 */
export async function snapshotStore(
  ctx: Pick<TestContext, 'database' | 'config'>,
): Promise<StoreSnapshot> {
  const db = ctx.database.db;
  const { rows: tableRows } = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const tables: StoreSnapshot['tables'] = {};
  for (const { name } of tableRows) {
    const { rows } = await db.execute(sql`select * from ${sql.identifier(name)}`);
    const rowHashes = rows.map((row) => hash(JSON.stringify(row))).sort();
    tables[name] = { rows: rows.length, hash: hash(rowHashes.join()) };
  }
  return { tables, files: await listUploads(ctx) };
}
