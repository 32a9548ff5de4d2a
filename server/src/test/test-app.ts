import { randomUUID, createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Express } from 'express';
import { createApp } from '../app';
import type { AppDeps } from '../deps';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { migrate, type MigrateOptions } from '../db/migrate';
import { buildDeps } from '../deps';
import { startJobs } from '../jobs-wiring';
import { createLogger } from '../logger';
import { insertUser } from '../modules/users/users.repository';
import { createLocalTokens } from '../providers/auth-local';
import type { UserRow } from '../db/schema/users';

export interface TestContext {
  app: Express;
  deps: AppDeps;
  database: Database;
  config: Config;
  /** Inserts a user directly and returns it with a valid local bearer token. */
  createUser(options?: { role?: 'student' | 'educator'; name?: string; email?: string }): Promise<{
    user: UserRow;
    token: string;
    auth: { Authorization: string };
  }>;
  close(): Promise<void>;
}

export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

const DB_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'db');

/**
 * The migrated database as a PGlite dump, made once for every test file of a run: migrating takes
 * ~0.6–1.5 s, loading the dump ~0.3 s, and the suite opens a database a few hundred times. Kept in
 * the temporary folder under a name that changes with any migration, rule file or PGlite version, so a stale
 * dump is never loaded; written under a temporary name and renamed, so parallel workers that both
 * make it never read half of one.
 */
let migratedDump: Promise<Blob> | undefined;
function loadMigratedDump(): Promise<Blob> {
  migratedDump ??= (async () => {
    const hash = createHash('sha256');
    // PGlite's entry module changes with every release (its package.json is not exported).
    hash.update(await readFile(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
    const sources = ['migrate.ts', 'client.ts'];
    for (const folder of ['migrations', 'rules']) {
      for (const name of await readdir(path.join(DB_DIR, folder), { recursive: true })) {
        sources.push(path.join(folder, name));
      }
    }
    for (const name of sources.filter((n) => /\.(sql|json|ts)$/.test(n)).sort()) {
      hash.update(name).update(await readFile(path.join(DB_DIR, name)));
    }
    const file = path.join(
      os.tmpdir(),
      `aprendiz-test-migrated-${hash.digest('hex').slice(0, 16)}.tar`,
    );
    try {
      return new Blob([await readFile(file)]);
    } catch {
      const database = await openDatabase({ kind: 'pglite' });
      await migrate(database.db);
      const dump = await (database.queueConnection as { client: PGlite }).client.dumpDataDir(
        'none',
      );
      await database.close();
      const partial = `${file}.${randomUUID()}.partial`;
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, file);
      return dump;
    }
  })();
  return migratedDump;
}

/**
 * A fresh database per call: in-memory PGlite, or — when TEST_DATABASE_URL is set (CI) — a
 * throwaway schema on the real PostgreSQL, dropped on close. `migrations` stops at an older one.
 */
export async function openTestDatabase(
  migrations: MigrateOptions = {},
): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    // A database stopped at an older migration is built step by step, as it was then.
    const database =
      migrations.until === undefined
        ? await openDatabase({ kind: 'pglite', loadDataDir: await loadMigratedDump() })
        : await openDatabase({ kind: 'pglite' });
    await migrate(database.db, migrations);
    return { database, drop: () => database.close() };
  }
  const schema = `t_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url, searchPath: schema, poolSize: 25 });
  await migrate(database.db, migrations);
  return {
    database,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      // The job queue's tables (modules/jobs), beside the app's.
      await cleanup.query(`drop schema if exists ${schema}_jobs cascade`);
      await cleanup.end();
    },
  };
}

export async function createTestContext(env: NodeJS.ProcessEnv = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: TEST_AUTH_SECRET,
    PUBLIC_URL: 'http://app.test',
    CLIENT_DIST: path.join(dataDir, 'no-client'),
    // Scheduled sweeps would run their queries in the middle of tests that count a request's
    // queries; a test of scheduled work turns them on.
    JOBS_SCHEDULES: 'off',
    ...env,
  });
  const { database, drop } = await openTestDatabase();
  const deps = await buildDeps(config, database, createLogger('silent'));
  await startJobs(deps).catch(async (err: unknown) => {
    await drop();
    throw err;
  });
  const app = createApp(deps);
  // A production context needs a secret of its own (the test one reads as a placeholder there).
  const tokens = createLocalTokens(
    (config.auth.provider === 'local' && config.auth.secret) || TEST_AUTH_SECRET,
  );
  let counter = 0;
  return {
    app,
    deps,
    database,
    config,
    createUser: async (options = {}) => {
      counter++;
      const id = `usr_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
      const user = await insertUser(database.db, {
        id,
        name: options.name ?? `Usuário ${counter}`,
        email: options.email ?? `${id}@example.test`,
        role: options.role ?? 'student',
      });
      const token = await tokens.issue(user.id);
      return { user, token, auth: { Authorization: `Bearer ${token}` } };
    },
    close: async () => {
      // Redis and the cache bus's listening connection, when the context was configured with them.
      await deps.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
