import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { openDatabase } from './client';
import { migrate } from './migrate';
import { isNewPgliteFolder, prepareInChildProcess } from './prepare-apart';
import { courses } from './schema/index';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-prepare-apart-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

// A development start's environment, whatever the test runner set.
const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'development' };

describe('a first start prepared in a child process', { timeout: 300_000 }, () => {
  it('when the folder is new, then the child leaves it migrated (and unseeded with SEED=none) for the server to open', async () => {
    expect(isNewPgliteFolder(dataDir)).toBe(true);
    await prepareInChildProcess(dataDir, { ...env, SEED: 'none', LOG_LEVEL: 'silent' });
    expect(isNewPgliteFolder(dataDir)).toBe(false);
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(await migrate(database.db)).toBe(0);
      expect((await database.db.select({ n: count() }).from(courses))[0]!.n).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('when the child cannot prepare the folder, then the start fails with its exit code', async () => {
    await expect(
      prepareInChildProcess(path.join(dataDir, 'outro'), { ...env, SEED: 'talvez' }),
    ).rejects.toThrow(/A preparação do banco de dados falhou \(código 1\)/);
  });
});
