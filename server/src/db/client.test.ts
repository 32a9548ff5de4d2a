import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function setting(database: Database, name: string): Promise<string> {
  const result = await database.db.execute<{ value: string }>(
    sql`select current_setting(${name}) as value`,
  );
  return result.rows[0]!.value;
}

describe('PGlite memory settings', () => {
  it('when PGlite opens a data directory, fresh or again, then its buffers are bounded and the initdb settings kept', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-pglite-settings-'));
    dirs.push(dataDir);
    for (let open = 0; open < 2; open++) {
      const database = await openDatabase({ kind: 'pglite', dataDir });
      try {
        expect(await setting(database, 'shared_buffers')).toBe('16MB');
        expect(await setting(database, 'maintenance_work_mem')).toBe('16MB');
        expect(await setting(database, 'work_mem')).toBe('4MB');
        expect(await setting(database, 'TimeZone')).toBe('UTC');
        expect(await setting(database, 'default_text_search_config')).toBe('pg_catalog.english');
        expect(await setting(database, 'DateStyle')).toBe('ISO, MDY');
      } finally {
        await database.close();
      }
    }
  });
});
