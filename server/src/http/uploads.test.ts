import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import request from 'supertest';
import sharp from 'sharp';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_VARIANT_WIDTHS } from '@aprendiz/contract/rules/image-variants';
import { courses } from '../db/schema/courses';
import { thumbnails } from '../db/schema/thumbnails';
import { listFiles, makeImage, validCourseData } from '../test/fixtures/educator-fixtures';
import { imageEntityTag } from '../providers/storage-postgres';
import { createTestContext, type TestContext } from '../test/test-app';
import { BAD_IMAGE_WIDTH } from './uploads';

const CACHE_FOREVER = 'public, max-age=31536000, immutable';
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';
if (!DATABASE_URL) {
  console.warn(
    'thumbnails served from PostgreSQL: tests skipped, set TEST_DATABASE_URL to run them',
  );
}

/** A built client beside the app, so a test can tell a 404 from the client's HTML fallback. */
async function clientDist(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-dist-'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Aprendiz</title>');
  return dir;
}

const webpImage = (width = 64, height = 36) => makeImage('webp', width, height);

/** Any `?w=` outside the fixed set, from fast-check: a 400 naming the widths, never a 5xx. */
async function expectOtherWidthsRefused(ctx: TestContext, url: string): Promise<void> {
  const allowed = new Set(IMAGE_VARIANT_WIDTHS.map(String));
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(fc.string(), fc.integer().map(String), fc.array(fc.string(), { maxLength: 3 })),
      async (w) => {
        fc.pre(typeof w !== 'string' || !allowed.has(w));
        const res = await request(ctx.app).get(url).query({ w });
        if (Array.isArray(w) && w.length === 0) {
          expect(res.status).toBe(200);
          return;
        }
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ success: false, message: BAD_IMAGE_WIDTH });
      },
    ),
    { numRuns: 60, seed: 20_261_124 },
  );
}

/** Names no upload can have: NUL, dot files, folders, bad percent sequences, control characters. */
const INVALID_UPLOAD_NAMES = [
  '%00',
  'a%00.webp',
  '%2e%2e%2fetc%2fpasswd',
  '..%2f..%2fpackage.json',
  '.env',
  '%E0%A4%A',
  '%ff%fe',
  'nome%20com%20espa%C3%A7o.webp',
  'sub/pasta.webp',
  '%0d%0aSet-Cookie:x=1',
  'a'.repeat(3000),
];

async function expectInvalidNamesNotFound(ctx: TestContext): Promise<void> {
  for (const name of INVALID_UPLOAD_NAMES) {
    for (const query of ['', '?w=320']) {
      const res = await request(ctx.app).get(`/uploads/${name}${query}`);
      expect(res.status, `/uploads/${name}${query}`).toBe(404);
      expect(res.text).not.toContain('<!doctype html>');
    }
  }
}

describe('GET /uploads/:name from files (PGlite)', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = await clientDist();
    ctx = await createTestContext({ CLIENT_DIST: dist });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('when a file under DATA_DIR/uploads is asked for, then its bytes come with a year-long immutable cache', async () => {
    expect(ctx.deps.thumbnailTable).toBeUndefined();
    const image = await webpImage();
    const dir = path.join(ctx.config.dataDir, 'uploads');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'seed-curso.webp'), image);

    const res = await request(ctx.app).get('/uploads/seed-curso.webp');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe(CACHE_FOREVER);
    expect(Buffer.compare(res.body as Buffer, image)).toBe(0);
  });

  it('when the name holds a NUL, a folder, a dot file or bad percent-encoding, then 404 and not the client page', async () => {
    await expectInvalidNamesNotFound(ctx);
  });

  it('when an unknown image is asked for, then 404 and not the client page', async () => {
    const res = await request(ctx.app).get('/uploads/nao-existe.webp');

    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<!doctype html>');
  });

  it('when a file is asked for at one of the widths, then a smaller WebP copy with its own tag and a long cache', async () => {
    const dir = path.join(ctx.config.dataDir, 'uploads');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'seed-largo.webp'), await webpImage(1280, 720));

    const res = await request(ctx.app).get('/uploads/seed-largo.webp?w=480');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe(CACHE_FOREVER);
    expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ width: 480, height: 270 });
    const again = await request(ctx.app)
      .get('/uploads/seed-largo.webp?w=480')
      .set('If-None-Match', res.headers.etag!);
    expect(again.status).toBe(304);
  });

  it('when a copy of an unknown or oddly named image is asked for, then 404', async () => {
    for (const url of [
      '/uploads/nao-existe.webp?w=320',
      '/uploads/..?w=320',
      '/uploads/.x?w=320',
    ]) {
      const res = await request(ctx.app).get(url);
      expect(res.status, url).toBe(404);
    }
  });

  it('when a file that is not an image is asked for at a width, then it is served as it is', async () => {
    const dir = path.join(ctx.config.dataDir, 'uploads');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'notas.txt'), 'não é imagem');

    const res = await request(ctx.app).get('/uploads/notas.txt?w=320');

    expect(res.status).toBe(200);
    expect(res.text).toBe('não é imagem');
  });

  it('when any width outside the fixed set is asked for, then 400 with the widths to use, and no copy is made', async () => {
    const dir = path.join(ctx.config.dataDir, 'uploads');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'seed-fuzz.webp'), await webpImage());
    const filesBefore = await listFiles(dir);

    await expectOtherWidthsRefused(ctx, '/uploads/seed-fuzz.webp');
    expect(await listFiles(dir)).toEqual(filesBefore);
  });
});

describe.runIf(DATABASE_URL)('GET /uploads/:name from PostgreSQL (DATABASE_URL)', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = await clientDist();
    ctx = await createTestContext({ CLIENT_DIST: dist, DATABASE_URL });
  });
  afterAll(async () => {
    await ctx.deps.close();
    await ctx.close();
    await rm(dist, { recursive: true, force: true });
  });

  async function addCourse(): Promise<string> {
    const { auth } = await ctx.createUser({ role: 'educator' });
    const res = await request(ctx.app)
      .post('/api/educator/add-course')
      .set(auth)
      .field('courseData', JSON.stringify(validCourseData()))
      .attach('image', await makeImage('png', 320, 180), {
        filename: 'thumb.png',
        contentType: 'image/png',
      });
    expect(res.status).toBe(201);
    const [row] = await ctx.database.db
      .select({ url: courses.thumbnailUrl })
      .from(courses)
      .where(eq(courses.id, res.body.courseId as string));
    return row!.url;
  }

  it('when an educator adds a course, then its thumbnail is a row of the table, not a file, and is served with its tag and a long cache', async () => {
    expect(ctx.deps.thumbnails.kind).toBe('postgres');
    const url = await addCourse();
    const name = path.basename(url);

    const res = await request(ctx.app).get(url);

    const [row] = await ctx.database.db.select().from(thumbnails).where(eq(thumbnails.name, name));
    expect(row?.contentType).toBe('image/webp');
    expect(await listFiles(path.join(ctx.config.dataDir, 'uploads'))).not.toContain(name);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers.etag).toBe(row!.etag);
    expect(row!.etag).toBe(imageEntityTag(row!.content));
    expect(res.headers['cache-control']).toBe(CACHE_FOREVER);
    expect(Buffer.compare(res.body as Buffer, row!.content)).toBe(0);
    expect((await sharp(res.body as Buffer).metadata()).format).toBe('webp');
  });

  it('when the browser already holds the image, then 304 without a body', async () => {
    const url = await addCourse();
    const first = await request(ctx.app).get(url);

    const again = await request(ctx.app).get(url).set('If-None-Match', first.headers.etag!);

    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect((again.body as Buffer).length).toBe(0);
    // fetch() adds Cache-Control: no-cache to every conditional request it is handed.
    const fromFetch = await request(ctx.app)
      .get(url)
      .set({ 'If-None-Match': `"outra", W/${first.headers.etag!}`, 'Cache-Control': 'no-cache' });
    expect(fromFetch.status).toBe(304);
    const stale = await request(ctx.app).get(url).set('If-None-Match', '"something-else"');
    expect(stale.status).toBe(200);
  });

  it('when a thumbnail of the table is asked for at a width, then the copy is made from its row', async () => {
    const url = await addCourse();

    const res = await request(ctx.app).get(`${url}?w=320`);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ width: 320, height: 180 });
  });

  it('when any width outside the fixed set is asked for, then 400 and the table is unchanged', async () => {
    const url = await addCourse();
    const rows = async () => (await ctx.database.db.select().from(thumbnails)).length;
    const before = await rows();

    await expectOtherWidthsRefused(ctx, url);
    expect(await rows()).toBe(before);
  });

  it('when the name holds a NUL, a folder, a dot file or bad percent-encoding, then 404 and the table is unchanged', async () => {
    const stored = async () =>
      (await ctx.database.db.select({ n: count() }).from(thumbnails))[0]!.n;
    const before = await stored();
    await expectInvalidNamesNotFound(ctx);
    expect(await stored()).toBe(before);
  });

  it('when an image is neither in the table nor on disk, then 404 and not the client page', async () => {
    const stored = async () =>
      (await ctx.database.db.select({ n: count() }).from(thumbnails))[0]!.n;
    const before = await stored();

    const res = await request(ctx.app).get('/uploads/nao-existe.webp');

    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<!doctype html>');
    expect(await stored()).toBe(before);
  });

  it('when an image was written to disk before thumbnails moved into the database, then it is still served', async () => {
    const image = await webpImage();
    const dir = path.join(ctx.config.dataDir, 'uploads');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'antiga.webp'), image);

    const res = await request(ctx.app).get('/uploads/antiga.webp');

    expect(res.status).toBe(200);
    expect(Buffer.compare(res.body as Buffer, await readFile(path.join(dir, 'antiga.webp')))).toBe(
      0,
    );
  });
});
