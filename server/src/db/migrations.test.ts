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
