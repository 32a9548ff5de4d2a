import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { prepareDatabase } from '../db/prepare';
import { courses, thumbnails, users } from '../db/schema/index';
import { createLogger } from '../logger';
import { listFiles, makeImage } from '../test/fixtures/educator-fixtures';
import { openTestDatabase } from '../test/test-app';
import { createPostgresStorage, imageEntityTag } from './storage-postgres';

// The table is the same on PGlite, so these run on both; serving it is tested in http/uploads.test.ts.
let database: Database;
let drop: () => Promise<void>;
let webp: Buffer;

// Saving and putting images adds no user or course, so the seed still finds an empty database.
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  webp = await makeImage('webp', 64, 36);
});
afterAll(() => drop());

const rowsNamed = (name: string) =>
  database.db.select().from(thumbnails).where(eq(thumbnails.name, name));

describe('thumbnails stored in PostgreSQL', () => {
  it('when a thumbnail is saved, then one row holds its bytes and tag under the fresh name its URL gives', async () => {
    const storage = createPostgresStorage(database.db);

    const stored = await storage.save(webp);

    expect(stored.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const name = path.basename(stored.url);
    const [row] = await rowsNamed(name);
    expect(row).toMatchObject({ name, contentType: 'image/webp', etag: imageEntityTag(webp) });
    expect(Buffer.compare(row!.content, webp)).toBe(0);
    expect(await storage.find(name)).toEqual({
      contentType: 'image/webp',
      etag: imageEntityTag(webp),
      content: webp,
    });
    expect((await storage.save(webp)).url).not.toBe(stored.url);
  });

  it('when a saved thumbnail is taken back, then its row is gone and the name is unknown', async () => {
    const storage = createPostgresStorage(database.db);
    const stored = await storage.save(webp);
    const name = path.basename(stored.url);

    await stored.remove();

    expect(await rowsNamed(name)).toEqual([]);
    expect(await storage.find(name)).toBeUndefined();
  });

  it('when an image is put under a name that is already taken, then the new bytes and tag replace the old', async () => {
    const storage = createPostgresStorage(database.db);
    const other = await makeImage('webp', 32, 18);
    await storage.put('seed-curso.webp', webp);

    await storage.put('seed-curso.webp', other);

    const rows = await rowsNamed('seed-curso.webp');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.etag).toBe(imageEntityTag(other));
    expect(Buffer.compare(rows[0]!.content, other)).toBe(0);
    expect(imageEntityTag(other)).not.toBe(imageEntityTag(webp));
  });

  it('when the demo catalogue is seeded into the table, then every course thumbnail and avatar is a WebP row and no file is written', async () => {
    const storage = createPostgresStorage(database.db);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-seed-table-'));
    try {
      await prepareDatabase(
        database.db,
        { env: 'development', seed: 'demo', dataDir, currency: 'usd' },
        createLogger('silent'),
        storage.put,
      );

      const urls = [
        ...(await database.db.select({ url: courses.thumbnailUrl }).from(courses)),
        ...(await database.db.select({ url: users.imageUrl }).from(users)),
      ]
        .map((row) => row.url)
        .filter((url) => url.startsWith('/uploads/'));
      expect(urls.length).toBeGreaterThanOrEqual(30);
      for (const url of urls) {
        const image = await storage.find(path.basename(url));
        expect(image?.etag).toBe(imageEntityTag(image!.content));
        expect((await sharp(image!.content).metadata()).format).toBe('webp');
      }
      expect(await listFiles(path.join(dataDir, 'uploads'))).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
