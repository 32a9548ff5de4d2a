import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadName, UPLOADS_URL_PATH } from '../../providers/storage-disk';
import { makeImage } from '../fixtures/educator-fixtures';
import { createTestContext, type TestContext } from '../test-app';
import { snapshotStore } from './store-snapshot';

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';

/**
 * Names as an attacker writes them into `/uploads/…`: any text percent-encoded (NUL, control
 * characters, lone surrogates' bytes, dots and slashes), raw percent sequences that may not decode,
 * and the app's own names with something added.
 */
const uploadPath = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }).map((name) => encodeURIComponent(name)),
  fc
    .array(fc.integer({ min: 0, max: 255 }), { maxLength: 24 })
    .map((bytes) => bytes.map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
  fc.constantFrom('%00', '%', '%zz', '%c0%ae%c0%ae/', '..%2f', '.%2e/', '%2e%2e', '.hidden'),
  fc
    .tuple(fc.constantFrom('capa.webp', 'a', '-x'), fc.string({ maxLength: 10 }))
    .map(([name, extra]) => `${name}${encodeURIComponent(extra)}`),
);

function decodesToValidName(rawPath: string): boolean {
  try {
    return uploadName(`${UPLOADS_URL_PATH}/${decodeURIComponent(rawPath)}`) !== undefined;
  } catch {
    return false;
  }
}

async function expectOnlyNotFoundsOrImages(ctx: TestContext): Promise<void> {
  const before = await snapshotStore(ctx);
  await fc.assert(
    fc.asyncProperty(uploadPath, fc.constantFrom('', '?w=320', '?w=abc'), async (name, query) => {
      const res = await request(ctx.app).get(`/uploads/${name}${query}`);
      expect(res.status, `/uploads/${name}${query}`).toBeLessThan(500);
      if (!decodesToValidName(name)) expect(res.status).toBe(404);
      expect(res.text ?? '').not.toContain('<!doctype html>');
    }),
    { numRuns: 300, seed: 20_261_125 },
  );
  expect(await snapshotStore(ctx)).toEqual(before);
}

describe('fuzzing /uploads/* names on files (PGlite)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    const dir = path.join(ctx.config.dataDir, 'uploads');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'capa.webp'), await makeImage('webp', 64, 36));
  });
  afterAll(() => ctx.close());

  it('when any name is asked for, then never a 5xx, a 404 for a name no upload can have, and nothing written', async () => {
    await expectOnlyNotFoundsOrImages(ctx);
  });
});

describe.runIf(DATABASE_URL)('fuzzing /uploads/* names on PostgreSQL (DATABASE_URL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ DATABASE_URL });
  });
  afterAll(async () => {
    await ctx.deps.close();
    await ctx.close();
  });

  it('when any name is asked for, then never a 5xx (the thumbnails table never sees a NUL), and nothing written', async () => {
    expect(ctx.deps.thumbnailTable).toBeDefined();
    await expectOnlyNotFoundsOrImages(ctx);
  });
});
