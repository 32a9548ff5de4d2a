import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

const DB_DIR = path.dirname(fileURLToPath(import.meta.url));
const MIGRATIONS_DIR = path.join(DB_DIR, 'migrations');
/** The database's own rules (triggers and their functions), one readable file per concern. */
export const RULES_DIR = path.join(DB_DIR, 'rules');

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
 * throwaway schema (see docs/decisions/2026-11-23-our-own-migration-runner-over-drizzle-kit-s-sql.md).
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
      await runStatements(
        tx,
        await readFile(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), 'utf8'),
      );
      await tx.execute(sql`insert into app_migrations (tag) values (${entry.tag})`);
      count++;
    }
    // The rules describe the newest schema, so a database stopped at an older migration keeps the
    // rules its migrations wrote.
    if (last === entries.length - 1) await applyRules(tx);
    return count;
  });
}

async function runStatements(tx: Db, text: string): Promise<void> {
  for (const statement of text.split('--> statement-breakpoint')) {
    const cleaned = statement.replaceAll('"public".', '').trim();
    if (cleaned) await tx.execute(sql.raw(cleaned));
  }
}

/**
 * Applies each file of db/rules whose text changed since it was last applied (a new database: all
 * of them). Each file re-creates its functions and triggers (CREATE OR REPLACE, DROP TRIGGER IF
 * EXISTS), so applying one again is harmless, and a rule reads as it runs, in one place, rather than
 * as the sum of the migrations that once changed it.
 */
async function applyRules(tx: Db): Promise<void> {
  await tx.execute(
    sql`create table if not exists app_rules (name text primary key, hash text not null, applied_at timestamptz not null default now())`,
  );
  const applied = await tx.execute<{ name: string; hash: string }>(
    sql`select name, hash from app_rules`,
  );
  const hashes = new Map(applied.rows.map((r) => [r.name, r.hash]));
  const files = (await readdir(RULES_DIR)).filter((name) => name.endsWith('.sql')).sort();
  for (const name of files) {
    const text = await readFile(path.join(RULES_DIR, name), 'utf8');
    const hash = createHash('sha256').update(text).digest('hex');
    if (hashes.get(name) === hash) continue;
    await runStatements(tx, text);
    await tx.execute(sql`insert into app_rules (name, hash) values (${name}, ${hash})
      on conflict (name) do update set hash = excluded.hash, applied_at = now()`);
  }
}
