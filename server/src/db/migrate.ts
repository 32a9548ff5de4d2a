import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

interface Journal {
  entries: { idx: number; tag: string }[];
}

export interface MigrateOptions {
  /** The last migration to apply (its tag); later ones wait, as on a database built before them. */
  until?: string;
}

/**
 * Applies drizzle-kit's generated SQL in journal order, once each. Our own runner rather than
 * drizzle's migrator because drizzle-kit qualifies foreign keys with "public", which would pin
 * every table to that schema; stripping it lets the real-PostgreSQL test suite run inside a
 * throwaway schema (see docs/decisions.md).
 */
export async function migrate(db: Db, options: MigrateOptions = {}): Promise<number> {
  const journal = JSON.parse(
    await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const entries = [...journal.entries].sort((a, b) => a.idx - b.idx);
  const last =
    options.until === undefined
      ? entries.length - 1
      : entries.findIndex((e) => e.tag === options.until);
  // A misspelt tag would otherwise apply everything and leave nothing for the caller to test.
  if (last < 0) throw new Error(`unknown migration: ${options.until}`);
  return db.transaction(async (tx) => {
    // Two instances starting together on one PostgreSQL must not both apply a migration.
    await tx.execute(sql`select pg_advisory_xact_lock(4242001)`);
    await tx.execute(
      sql`create table if not exists app_migrations (tag text primary key, applied_at timestamptz not null default now())`,
    );
    const applied = await tx.execute<{ tag: string }>(sql`select tag from app_migrations`);
    const done = new Set(applied.rows.map((r) => r.tag));
    let count = 0;
    for (const entry of entries.slice(0, last + 1)) {
      if (done.has(entry.tag)) continue;
      const text = await readFile(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), 'utf8');
      for (const statement of text.split('--> statement-breakpoint')) {
        const cleaned = statement.replaceAll('"public".', '').trim();
        if (cleaned) await tx.execute(sql.raw(cleaned));
      }
      await tx.execute(sql`insert into app_migrations (tag) values (${entry.tag})`);
      count++;
    }
    return count;
  });
}
