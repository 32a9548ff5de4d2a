import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../test/test-app';
import type { Db } from './client';
import { migrate } from './migrate';

const BEFORE_PLAIN_SPACES = '0004_open_purchases_thumbnails_accounts';
const PLAIN_SPACES = '0005_description_plain_spaces';

let drop: (() => Promise<void>) | undefined;

afterEach(async () => {
  await drop?.();
  drop = undefined;
});

/** A database migrated only as far as `until`, as one deployed before the later migrations. */
async function databaseUntil(until: string): Promise<Db> {
  const opened = await openTestDatabase({ until });
  drop = opened.drop;
  return opened.database.db;
}

async function appliedTags(db: Db): Promise<string[]> {
  const rows = await db.execute<{ tag: string }>(sql`select tag from app_migrations order by tag`);
  return rows.rows.map((row) => row.tag);
}

// Columns as they stood at 0004: the schema in code may have grown since.
async function insertCourse(db: Db, title: string, descriptionHtml: string): Promise<string> {
  const rows = await db.execute<{ id: string }>(
    sql`insert into courses (educator_id, title, description_html, thumbnail_url, price)
        values ('usr_edu', ${title}, ${descriptionHtml}, '/x.webp', 10) returning id`,
  );
  return rows.rows[0]!.id;
}

async function descriptionsById(db: Db): Promise<Record<string, string>> {
  const rows = await db.execute<{ id: string; description_html: string }>(
    sql`select id, description_html from courses`,
  );
  return Object.fromEntries(rows.rows.map((row) => [row.id, row.description_html]));
}

describe('migrate', () => {
  it('when told to stop at a migration, then later ones wait, and the next full run applies only those', async () => {
    const db = await databaseUntil(BEFORE_PLAIN_SPACES);
    const tags = await appliedTags(db);
    expect(tags.at(-1)).toBe(BEFORE_PLAIN_SPACES);
    expect(tags).not.toContain(PLAIN_SPACES);

    const applied = await migrate(db);
    const after = await appliedTags(db);
    expect(after).toEqual(expect.arrayContaining([...tags, PLAIN_SPACES]));
    expect(applied).toBe(after.length - tags.length);
    expect(await migrate(db)).toBe(0);
  });

  it('when told to stop at a migration the journal does not have, then it refuses and applies nothing', async () => {
    const db = await databaseUntil(BEFORE_PLAIN_SPACES);
    const tags = await appliedTags(db);

    await expect(migrate(db, { until: '0005_no_such_migration' })).rejects.toThrow(
      'unknown migration: 0005_no_such_migration',
    );
    expect(await appliedTags(db)).toEqual(tags);
  });
});

describe(`migration ${PLAIN_SPACES}`, () => {
  it('when courses were stored with non-breaking spaces, then their descriptions get ordinary spaces and every other course is left as it was', async () => {
    const db = await databaseUntil(BEFORE_PLAIN_SPACES);
    await db.execute(
      sql`insert into users (id, name, email, role) values ('usr_edu', 'Ana', 'ana@example.test', 'educator')`,
    );
    const typed = await insertCourse(
      db,
      'Digitado no editor',
      '<p>Aprenda&nbsp;a&nbsp;<strong>transformar&nbsp;dados</strong></p>',
    );
    const pasted = await insertCourse(db, 'Colado', '<p>25\u00a0horas&nbsp;de\u00a0aulas</p>');
    const spelledOut = '<p>Escreva &amp;nbsp; para um espaço fixo.</p>';
    const untouched = await insertCourse(db, 'Já com espaços', spelledOut);

    await migrate(db);

    expect(await descriptionsById(db)).toEqual({
      [typed]: '<p>Aprenda a <strong>transformar dados</strong></p>',
      [pasted]: '<p>25 horas de aulas</p>',
      [untouched]: spelledOut,
    });
  });
});

describe('migration 0031_purchase_lifecycle_platform_fee and the rule files', () => {
  it('when sales were made before it, then the totals get their gross and fees, courses.revenue goes, and the rules are applied once, then again only when a file changes', async () => {
    const db = await databaseUntil('0030_eu_waiver_lectures_served');
    await db.execute(
      sql`insert into users (id, name, email, role) values ('usr_edu', 'Ana', 'ana@example.test', 'educator'), ('usr_buyer', 'Bia', 'bia@example.test', 'student')`,
    );
    const course = await insertCourse(db, 'Antes da taxa', '<p>x</p>');
    // A coupon sale as 0030's triggers recorded it: sale 20, discount -5, fee 0.
    await db.execute(sql`insert into purchases (user_id, course_id, amount, list_amount, currency,
        status, provider, completed_at)
      values ('usr_buyer', ${course}, 15, 20, 'brl', 'completed', 'sandbox', now())`);

    await migrate(db);

    const totals = await db.execute<{ amount: string; gross: string; fees: string }>(
      sql`select amount::text, gross::text, fees::text from course_ledger_totals where course_id = ${course}`,
    );
    expect(totals.rows).toEqual([{ amount: '15.00', gross: '15.00', fees: '0.00' }]);
    const revenue = await db.execute(
      sql`select 1 from information_schema.columns where table_name = 'courses' and column_name = 'revenue'`,
    );
    expect(revenue.rows).toEqual([]);
    const rules = await db.execute<{ name: string }>(sql`select name from app_rules order by name`);
    expect(rules.rows.map((r) => r.name)).toEqual([
      'coupons.sql',
      'ledger.sql',
      'refund-deadline.sql',
      'totals.sql',
    ]);

    // The ledger's rule as re-created: a new sale's fee row carries its purchase's platform fee.
    await db.execute(
      sql`insert into users (id, name, email) values ('usr_late', 'Caio', 'caio@example.test')`,
    );
    const sold = await db.execute<{ id: string }>(sql`insert into purchases (user_id, course_id,
        amount, platform_fee, currency, status, provider, completed_at)
      values ('usr_late', ${course}, 20, 1.98, 'eur', 'completed', 'sandbox', now()) returning id`);
    const rows = await db.execute<{ kind: string; amount: string; days: number }>(
      sql`select l.kind, l.amount::text, round(extract(epoch from l.available_at - p.completed_at) / 86400)::int as days
        from ledger_entries l join purchases p on p.id = l.purchase_id
        where l.purchase_id = ${sold.rows[0]!.id} order by l.id`,
    );
    // In euros the refund deadline is at least the EU's 14 days, whatever the course's 7.
    expect(rows.rows).toEqual([
      { kind: 'sale', amount: '20.00', days: 14 },
      { kind: 'fee', amount: '-1.98', days: 14 },
    ]);

    await db.execute(sql`update app_rules set hash = 'changed' where name = 'coupons.sql'`);
    await migrate(db);
    const reapplied = await db.execute<{ name: string }>(
      sql`select name from app_rules where hash = 'changed'`,
    );
    expect(reapplied.rows).toEqual([]);
  });
});
