import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/**
 * Both drivers expose the same query builder; `execute()` results differ only in extras we never
 * read (both carry `rows`), so one type serves PGlite and node-postgres alike.
 */
export type Db = Omit<NodePgDatabase<Schema>, '$client'>;
export type DbKind = 'pglite' | 'postgres';

/**
 * What the job queue (modules/jobs) connects through: the PGlite instance itself (one connection,
 * shared), or PostgreSQL's URL for a small pool of its own (with LISTEN/NOTIFY) and the schema the
 * app's tables live in when it is not the default one (tests).
 */
export type QueueConnection =
  { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string; searchPath?: string };

export interface Database {
  db: Db;
  kind: DbKind;
  queueConnection: QueueConnection;
  /** Statements sent through Drizzle since open; tests assert query budgets with it. */
  stats: { queries: number };
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * How close a misspelt word must be to a word of a title (pg_trgm's similarity, 0–1) for search to
 * offer it: the default 0.3 lets 'javscript' find TypeScript (0.31); 'pyton' is 0.44 from Python.
 * Set on every session.
 */
export const NEAR_MISS_THRESHOLD = 0.4;

/**
 * PGlite's memory is a WebAssembly heap that grows and never shrinks, so what PostgreSQL may take
 * is bounded here rather than left at server-sized defaults: shared buffers (128MB by default)
 * fill with every page read until the whole database is resident, and a VACUUM (the maintenance
 * timer runs one) may take maintenance_work_mem (64MB). Pages past the buffers come from the OS's
 * file cache, which the kernel gives back under pressure. See "Memory" in
 * docs/decisions/2026-11-25-lean-signed-in-reads-and-a-bounded-server.md.
 */
export const PGLITE_SETTINGS = [
  'shared_buffers = 16MB',
  'maintenance_work_mem = 16MB',
  'work_mem = 4MB',
  'temp_buffers = 4MB',
  // PGlite writes these lines as the whole postgresql.conf on every start: the rest is what its
  // initdb wrote there, kept so nothing else changes.
  'max_connections = 100',
  'dynamic_shared_memory_type = posix',
  'max_wal_size = 1GB',
  'min_wal_size = 80MB',
  'log_timezone = UTC',
  'timezone = UTC',
  "datestyle = 'iso, mdy'",
  'lc_messages = C',
  'lc_monetary = C',
  'lc_numeric = C',
  'lc_time = C',
  "default_text_search_config = 'pg_catalog.english'",
];

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; searchPath?: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir?: string;
      /** An in-memory database starting from this dump (`dumpDataDir`) instead of an empty one. */
      loadDataDir?: Blob;
    };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const stats = { queries: 0 };
  const logger = { logQuery: () => void stats.queries++ };

  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // Tests isolate themselves in a schema of their own; migrations create tables unqualified.
      options: [
        ...(options.searchPath ? [`-c search_path=${options.searchPath}`] : []),
        `-c pg_trgm.similarity_threshold=${NEAR_MISS_THRESHOLD}`,
      ].join(' '),
    });
    // An idle client losing its connection must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema, logger, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      queueConnection: { kind: 'postgres', url: options.url, searchPath: options.searchPath },
      stats,
      ping: async () => void (await pool.query('select 1')),
      close: async () => {
        if (!pool.ended) await pool.end();
      },
    };
  }

  // Catalogue search needs both (migration 0006); PGlite only ships the extensions it is given.
  const extensions = { pg_trgm, unaccent };
  let client: PGlite;
  if (options.dataDir) {
    const dir = path.resolve(options.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    client = new PGlite(dir, { extensions, postgresqlconf: PGLITE_SETTINGS });
  } else {
    client = new PGlite({
      extensions,
      postgresqlconf: PGLITE_SETTINGS,
      ...(options.loadDataDir && { loadDataDir: options.loadDataDir }),
    });
  }
  await client.waitReady;
  await client.exec(`set pg_trgm.similarity_threshold = ${NEAR_MISS_THRESHOLD}`);
  const db = drizzlePglite(client, { schema, logger, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    queueConnection: { kind: 'pglite', client },
    stats,
    ping: async () => {
      if (client.closed) throw new Error('PGlite is closed');
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
