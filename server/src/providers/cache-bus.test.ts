import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { createLogger } from '../logger';
import { openTestDatabase } from '../test/test-app';
import { openCacheBus, type CacheBus } from './cache-bus';

// LISTEN/NOTIFY is PostgreSQL's own: PGlite runs one process and needs no bus.
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';
if (!DATABASE_URL) console.warn('cache-bus tests skipped: set TEST_DATABASE_URL to run them');

interface Listener {
  bus: CacheBus;
  /** How many times the bus told this instance to clear its cache. */
  heard(): number;
  /** The learners whose own reads another instance announced, in order. */
  learners(): string[];
}

const logger = createLogger('silent');
const retryDelayMs = { first: 20, max: 200 };
const opened: { database: Database; drop(): Promise<void> }[] = [];
const listeners: Listener[] = [];

async function listen(database: Database): Promise<Listener> {
  let heard = 0;
  const learners: string[] = [];
  const bus = await openCacheBus({
    url: DATABASE_URL,
    db: database.db,
    logger,
    retryDelayMs,
    onInvalidate: (user) => (user ? learners.push(user) : heard++),
  });
  const listener = { bus, heard: () => heard, learners: () => learners };
  listeners.push(listener);
  return listener;
}

async function schemaOf(database: Database): Promise<string> {
  const result = await database.db.execute<{ schema: string }>(
    sql`select current_schema() as schema`,
  );
  return result.rows[0]!.schema;
}

async function busConnections(schema: string): Promise<number[]> {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  try {
    const result = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = $1',
      [`aprendiz-cache-bus-${schema}`],
    );
    return result.rows.map((row) => row.pid);
  } finally {
    await admin.end();
  }
}

async function terminate(pids: number[]): Promise<void> {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
  } finally {
    await admin.end();
  }
}

const within = { timeout: 1000, interval: 10 };

describe.runIf(DATABASE_URL)('catalogue notifications through PostgreSQL', () => {
  let schemaA: Database;
  let schemaB: Database;

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) opened.push(await openTestDatabase());
    [schemaA, schemaB] = opened.map((o) => o.database) as [Database, Database];
  });

  afterEach(async () => {
    await Promise.all(listeners.splice(0).map((l) => l.bus.close()));
  });

  afterAll(async () => {
    await Promise.all(opened.map((o) => o.drop()));
  });

  it('when an instance publishes, then the other instances on its schema hear it within a second, and neither it nor another schema does', async () => {
    const [a1, a2, b1, b2] = [
      await listen(schemaA),
      await listen(schemaA),
      await listen(schemaB),
      await listen(schemaB),
    ];

    a1.bus.publish();
    await vi.waitFor(() => expect(a2.heard()).toBe(1), within);
    // A session receives notifications in commit order: once b1 hears b2's, it has seen a1's too.
    b2.bus.publish();
    await vi.waitFor(() => expect(b1.heard()).toBe(1), within);

    expect(a1.heard()).toBe(0);
    expect(b2.heard()).toBe(0);
  });

  it('when an instance announces one learner, then the others hear that learner alone, not a catalogue change', async () => {
    const [a1, a2] = [await listen(schemaA), await listen(schemaA)];
    a1.bus.publish('usr_learner');
    await vi.waitFor(() => expect(a2.learners()).toEqual(['usr_learner']), within);
    expect(a2.heard()).toBe(0);
    expect(a1.learners()).toEqual([]);
  });

  it('when the listening connection is cut, then the instance reconnects, clears its cache for what it missed, and hears again', async () => {
    const schema = await schemaOf(schemaA);
    const [publisher, listener] = [await listen(schemaA), await listen(schemaA)];
    // Connections closed by an earlier test may linger a moment in pg_stat_activity.
    let before: number[] = [];
    await vi.waitFor(async () => {
      before = await busConnections(schema);
      expect(before).toHaveLength(2);
    }, within);

    await terminate(before);

    await vi.waitFor(() => expect(listener.heard()).toBe(1), within);
    await vi.waitFor(() => expect(publisher.heard()).toBe(1), within);
    await vi.waitFor(async () => {
      const after = await busConnections(schema);
      expect(after).toHaveLength(2);
      expect(after.filter((pid) => before.includes(pid))).toEqual([]);
    }, within);

    publisher.bus.publish();
    await vi.waitFor(() => expect(listener.heard()).toBe(2), within);
    expect(publisher.heard()).toBe(1);
  });

  it('when a bus is closed, then its connection is gone and it does not come back', async () => {
    const schema = await schemaOf(schemaB);
    const listener = await listen(schemaB);
    await vi.waitFor(async () => expect(await busConnections(schema)).toHaveLength(1), within);

    await listener.bus.close();

    await vi.waitFor(async () => expect(await busConnections(schema)).toEqual([]), within);
    await new Promise((resolve) => setTimeout(resolve, retryDelayMs.max * 2));
    expect(await busConnections(schema)).toEqual([]);
    expect(listener.heard()).toBe(0);
  });
});
