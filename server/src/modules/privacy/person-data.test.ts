import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../../test/test-app';
import type { Database } from '../../db/client';
import { EXPORT_FILES, PERSON_COLUMNS } from './person-data';
import { findPersonColumns } from './privacy.repository';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const key = (p: { table: string; column: string }) => `${p.table}.${p.column}`;

describe('every place that holds a person, read from the live schema', () => {
  it('when a table holds a person id (a key to users, or a column named like one), then the export and the retirement both say what they do with it', async () => {
    const live = (await findPersonColumns(database.db)).map(key);
    const mapped = new Set(PERSON_COLUMNS.map(key));
    const forgotten = live.filter((place) => !mapped.has(place));
    // A new table with a person's id: add it to PERSON_COLUMNS (modules/privacy/person-data.ts),
    // with the export file it goes in and what the retirement does with it.
    expect(forgotten).toEqual([]);
    // The users table's own id is the account itself, not a reference to it.
    expect(live.length).toBeGreaterThan(20);
  });

  it('when an entry names a table or column, then it exists, so a rename cannot leave it silently pointing nowhere', async () => {
    const { rows } = await database.db.execute<{ place: string }>(
      sql`select table_name || '.' || column_name as place from information_schema.columns
          where table_schema = current_schema()`,
    );
    const existing = new Set(rows.map((r) => r.place));
    expect(PERSON_COLUMNS.map(key).filter((place) => !existing.has(place))).toEqual([]);
  });

  it('when a place is kept at retirement, then it says why; when it is not exported, it says why too', () => {
    for (const place of PERSON_COLUMNS) {
      if (place.retire === 'keep') expect(place.because, key(place)).toBeTruthy();
      if ('skip' in place.export) expect(place.export.skip, key(place)).toBeTruthy();
      else expect(Object.keys(EXPORT_FILES)).toContain(place.export.file);
    }
  });
});
