import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildScaleData,
  connectWorkers,
  scaleOf,
  type BuildMethod,
} from '../../../bench/scale-data';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';

// The bench's scale data set, built through the product's triggers and in bulk (triggers off,
// totals computed after) into two databases of the machine's PostgreSQL, compared row for row.
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? '';
if (!ADMIN_URL) {
  console.warn('scale data test skipped: set TEST_DATABASE_URL to run it');
}

/**
 * 1,000 learners, 100 courses, 25,000 completed lectures: every shape of the full set. The busy
 * learner's shelf shrinks with it, since 299 other courses need 90 of them to be distinct.
 */
const SCALE = { ...scaleOf(0.005), busyLearnerCourses: 60 };
const AT = new Date('2026-11-20T12:34:56.789Z');

/**
 * What two builds of the same rows cannot share: random ids, identity values, transaction ids and
 * the moment a trigger wrote a row. What they stand for is compared instead (`STAND_INS`).
 */
const UNCOMPARED: Record<string, string[]> = {
  app_migrations: ['applied_at'],
  app_rules: ['applied_at'],
  courses: ['search_xid'],
  purchases: ['id'],
  notifications: ['id'],
  quiz_attempts: ['id'],
  ledger_entries: ['id', 'purchase_id', 'created_at'],
};
const STAND_INS: Record<string, string> = {
  // Whether a course was updated after its insert (by the enrollments' totals).
  courses: `jsonb_build_object('restamped', t.search_xid <> (select min(search_xid) from courses))`,
  // The purchase an entry belongs to, by its learner and course (one purchase each).
  ledger_entries: `(select jsonb_build_object('purchase', p.user_id || ' ' || p.course_id)
    from purchases p where p.id = t.purchase_id)`,
};

/** Totals the triggers write: the check is only worth something if they are not empty. */
const TOTALS_TABLES = [
  'educator_daily_totals',
  'learner_course_totals',
  'lecture_completion_totals',
  'course_ledger_totals',
  'educator_ledger_days',
];

const built: Record<BuildMethod, string> = { triggers: '', bulk: '' };

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Two migrated databases: the second copied from the first, which is faster than migrating. */
async function createMigrated(names: Record<BuildMethod, string>): Promise<void> {
  await admin(`create database ${names.triggers}`);
  built.triggers = names.triggers;
  const database = await openDatabase({
    kind: 'postgres',
    url: databaseUrl(names.triggers),
    poolSize: 1,
  });
  try {
    await migrate(database.db);
  } finally {
    await database.close();
  }
  await admin(`create database ${names.bulk} template ${names.triggers}`);
  built.bulk = names.bulk;
}

async function build(method: BuildMethod): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl(built[method]), max: 2 });
  try {
    const workers = await connectWorkers(pool, 2);
    try {
      await buildScaleData(workers, { scale: SCALE, method, at: AT, log: () => {} });
    } finally {
      for (const worker of workers) worker.release();
    }
  } finally {
    await pool.end();
  }
}

async function withDatabase<T>(name: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(name) });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Every row of a table as text, sorted, without what two builds cannot share. */
async function rowsOf(client: pg.Client, table: string): Promise<string[]> {
  const standIn = STAND_INS[table] ? ` || ${STAND_INS[table]}` : '';
  const { rows } = await client.query<{ row: string }>(
    `select ((to_jsonb(t) - $1::text[])${standIn})::text as row from ${table} t order by 1`,
    [UNCOMPARED[table] ?? []],
  );
  return rows.map((r) => r.row);
}

interface TableDifference {
  table: string;
  onlyThroughTriggers: string[];
  onlyInBulk: string[];
}

/** The public tables whose rows differ between the two builds, with a few rows of each side. */
async function differences(tables?: string[]): Promise<TableDifference[]> {
  return withDatabase(built.triggers, (reference) =>
    withDatabase(built.bulk, async (bulk) => {
      const names =
        tables ??
        (
          await reference.query<{ name: string }>(
            `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
          )
        ).rows.map((r) => r.name);
      const found: TableDifference[] = [];
      for (const table of names) {
        const [left, right] = await Promise.all([rowsOf(reference, table), rowsOf(bulk, table)]);
        const rightSet = new Set(right);
        const leftSet = new Set(left);
        const onlyLeft = left.filter((row) => !rightSet.has(row));
        const onlyRight = right.filter((row) => !leftSet.has(row));
        // Counted as well: a row written twice on one side is a difference too.
        if (onlyLeft.length || onlyRight.length || left.length !== right.length)
          found.push({
            table,
            onlyThroughTriggers: onlyLeft.slice(0, 3),
            onlyInBulk: onlyRight.slice(0, 3),
          });
      }
      return found;
    }),
  );
}

// About 15 s on 2 cores (two migrated databases, two builds): run by CI whenever it has a
// PostgreSQL.
describe.runIf(ADMIN_URL)('the scale data set built in bulk', () => {
  beforeAll(async () => {
    const suffix = randomBytes(4).toString('hex');
    await createMigrated({
      triggers: `scale_check_triggers_${suffix}`,
      bulk: `scale_check_bulk_${suffix}`,
    });
    await build('triggers');
    await build('bulk');
  }, 180_000);

  afterAll(async () => {
    for (const name of Object.values(built))
      if (name) await admin(`drop database if exists ${name} with (force)`);
  });

  it('when built in bulk, then every table holds the rows the triggers write, totals included', async () => {
    await withDatabase(built.bulk, async (client) => {
      for (const table of TOTALS_TABLES) {
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from ${table}`,
        );
        expect(rows[0]!.n, table).toBeGreaterThan(0);
      }
    });
    expect(await differences()).toEqual([]);
  }, 60_000);

  it('when built in bulk, then every index, constraint and trigger of the migrations is back', async () => {
    const schemaOf = (name: string) =>
      withDatabase(name, async (client) => {
        const { rows } = await client.query<{ item: string }>(`
          select tablename || ' ' || indexdef as item from pg_indexes where schemaname = 'public'
          union all
          select conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
            from pg_constraint where connamespace = 'public'::regnamespace
          union all
          select tgrelid::regclass || ' ' || tgname || ' ' || tgenabled::text
            from pg_trigger where not tgisinternal
          order by 1`);
        return rows.map((row) => row.item);
      });
    expect(await schemaOf(built.bulk)).toEqual(await schemaOf(built.triggers));
  });

  it('when one total of the bulk build is off by one, then the comparison names its table', async () => {
    await withDatabase(built.bulk, (client) =>
      client.query(`update learner_course_totals set completed = completed + 1
        where (user_id, course_id) = (select user_id, course_id from learner_course_totals limit 1)`),
    );
    const found = await differences(['learner_course_totals', 'lecture_completion_totals']);
    expect(found.map((difference) => difference.table)).toEqual(['learner_course_totals']);
    expect(found[0]!.onlyInBulk).toHaveLength(1);
  });
});
