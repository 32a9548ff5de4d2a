import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createLogger } from '../logger';
import { openTestDatabase } from '../test/test-app';
import type { Db } from './client';
import { prepareDatabase } from './prepare';
import { courses, users } from './schema/index';

const logger = createLogger('silent');
let db: Db;
let drop: () => Promise<void>;
let dataDir: string;

beforeEach(async () => {
  const opened = await openTestDatabase();
  db = opened.database.db;
  drop = opened.drop;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-prepare-'));
});

afterEach(async () => {
  await drop();
  await rm(dataDir, { recursive: true, force: true });
});

const courseCount = async () => (await db.select({ n: count() }).from(courses))[0]!.n;
const userCount = async () => (await db.select({ n: count() }).from(users))[0]!.n;

describe('prepareDatabase', () => {
  it('when a development start finds an empty database, then it seeds the catalogue and thumbnails and answers both demo accounts', async () => {
    const accounts = await prepareDatabase(
      db,
      { env: 'development', seed: 'demo', dataDir, currency: 'usd' },
      logger,
    );
    expect(await courseCount()).toBeGreaterThanOrEqual(30);
    expect(accounts.map((a) => [a.role, a.email])).toEqual([
      ['student', 'aluno@aprendiz.dev'],
      ['educator', 'educador@aprendiz.dev'],
    ]);
    expect((await readdir(path.join(dataDir, 'uploads'))).length).toBeGreaterThanOrEqual(30);
  });

  it('when it starts again on the seeded database, then nothing is added and the demo accounts are still answered', async () => {
    const config = { env: 'development', seed: 'demo', dataDir, currency: 'usd' } as const;
    await prepareDatabase(db, config, logger);
    const [coursesBefore, usersBefore] = [await courseCount(), await userCount()];
    const again = await prepareDatabase(db, config, logger);
    expect([await courseCount(), await userCount()]).toEqual([coursesBefore, usersBefore]);
    expect(again).toHaveLength(2);
  });

  it('when SEED is none, then the database stays empty', async () => {
    const accounts = await prepareDatabase(
      db,
      { env: 'development', seed: 'none', dataDir, currency: 'usd' },
      logger,
    );
    expect(accounts).toEqual([]);
    expect(await courseCount()).toBe(0);
    expect(await userCount()).toBe(0);
  });

  it('when production seeds the demo catalogue, then no account anyone could sign in with is created', async () => {
    const accounts = await prepareDatabase(
      db,
      { env: 'production', seed: 'demo', dataDir, currency: 'usd' },
      logger,
    );
    expect(accounts).toEqual([]);
    expect(await courseCount()).toBeGreaterThanOrEqual(30);
    const emails = (await db.select({ email: users.email }).from(users)).map((u) => u.email);
    expect(emails).not.toContain('aluno@aprendiz.dev');
    expect(emails).not.toContain('educador@aprendiz.dev');
  });
});
