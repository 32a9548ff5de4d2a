import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import express from 'express';
import multer from 'multer';
import request from 'supertest';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { courses } from '../db/schema/courses';
import { createTestContext, type TestContext } from '../test/test-app';
import { listFiles, makeImage, validCourseData } from '../test/fixtures/educator-fixtures';
import { parseCloudinaryUrl, THUMBNAIL_STORE_FAILED } from './storage-cloudinary';

const CLOUD = 'demo-cloud';
const API_KEY = '123456789012345';
const API_SECRET = 'a-secret-only-the-test-server-knows';

interface ReceivedCall {
  action: string;
  fields: Record<string, string>;
  file?: Buffer;
  signatureValid: boolean;
}

/** Cloudinary's documented signature: sorted `key=value` pairs joined by '&', then the secret, SHA-1. */
function expectedSignature(fields: Record<string, string>): string {
  const signed = Object.entries(fields)
    .filter(
      ([key, value]) =>
        !['file', 'signature', 'api_key', 'resource_type'].includes(key) && value !== '',
    )
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  return createHash('sha1')
    .update(signed + API_SECRET)
    .digest('hex');
}

/** Stands in for api.cloudinary.com: records each signed multipart call and answers like the API. */
function startFakeCloudinary(
  calls: ReceivedCall[],
  behaviour: { failUploads: boolean },
): Promise<Server> {
  const app = express();
  app.post(
    '/v1_1/:cloud/image/:action',
    multer({ storage: multer.memoryStorage() }).single('file'),
    (req, res) => {
      const fields = req.body as Record<string, string>;
      const call: ReceivedCall = {
        action: String(req.params.action),
        fields,
        file: req.file?.buffer,
        signatureValid:
          req.params.cloud === CLOUD &&
          fields.api_key === API_KEY &&
          fields.signature === expectedSignature(fields),
      };
      calls.push(call);
      if (!call.signatureValid) {
        res.status(401).json({ error: { message: 'Invalid Signature' } });
      } else if (call.action === 'upload' && behaviour.failUploads) {
        res.status(500).json({ error: { message: 'Internal error' } });
      } else if (call.action === 'upload') {
        const publicId = `${fields.folder}/thumb${calls.length}`;
        res.json({
          public_id: publicId,
          version: 1,
          format: 'webp',
          resource_type: 'image',
          secure_url: `https://res.cloudinary.com/${CLOUD}/image/upload/v1/${publicId}.webp`,
        });
      } else {
        res.json({ result: 'ok' });
      }
    },
  );
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
}

describe('parseCloudinaryUrl', () => {
  it('when CLOUDINARY_URL carries key, secret, cloud and an upload prefix, then all four are read', () => {
    expect(
      parseCloudinaryUrl('cloudinary://key:s%40cret@my-cloud?upload_prefix=http://127.0.0.1:9'),
    ).toEqual({
      cloudName: 'my-cloud',
      apiKey: 'key',
      apiSecret: 's@cret',
      uploadPrefix: 'http://127.0.0.1:9',
    });
  });

  it('when the URL has no secret, then it is refused', () => {
    expect(() => parseCloudinaryUrl('cloudinary://key@my-cloud')).toThrow(/CLOUDINARY_URL/);
  });
});

describe('add-course with thumbnails on Cloudinary', () => {
  const calls: ReceivedCall[] = [];
  const behaviour = { failUploads: false };
  let fake: Server;
  let ctx: TestContext;
  let png: Buffer;

  beforeAll(async () => {
    fake = await startFakeCloudinary(calls, behaviour);
    const prefix = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    ctx = await createTestContext({
      CLOUDINARY_URL: `cloudinary://${API_KEY}:${API_SECRET}@${CLOUD}?upload_prefix=${prefix}`,
    });
    png = await makeImage('png', 1600, 900);
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise((resolve) => fake.close(resolve));
  });
  beforeEach(() => {
    calls.length = 0;
    behaviour.failUploads = false;
  });

  const localUploads = () => listFiles(`${ctx.config.dataDir}/uploads`);
  const post = (auth: Record<string, string>) =>
    request(ctx.app)
      .post('/api/educator/add-course')
      .set(auth)
      .field('courseData', JSON.stringify(validCourseData()))
      .attach('image', png, { filename: 'capa.png', contentType: 'image/png' });

  it('when an educator adds a course, then the WebP is uploaded signed into the environment folder and its secure URL stored', async () => {
    expect(ctx.deps.thumbnails.kind).toBe('cloudinary');
    const { auth } = await ctx.createUser({ role: 'educator' });

    const res = await post(auth);

    expect(res.status).toBe(201);
    expect(calls).toHaveLength(1);
    const [upload] = calls;
    expect(upload).toMatchObject({
      action: 'upload',
      signatureValid: true,
      fields: { folder: 'aprendiz/test' },
    });
    expect(Math.abs(Number(upload!.fields.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    const meta = await sharp(upload!.file!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1280, 720]);

    const [row] = await ctx.database.db
      .select()
      .from(courses)
      .where(eq(courses.id, res.body.courseId as string));
    expect(row!.thumbnailUrl).toBe(
      `https://res.cloudinary.com/${CLOUD}/image/upload/v1/aprendiz/test/thumb1.webp`,
    );
    expect(await localUploads()).toEqual([]);
  });

  it('when storing the course fails after the upload, then the asset is destroyed with a signed call', async () => {
    const { user, auth } = await ctx.createUser({ role: 'educator' });
    const db = ctx.database.db;
    await db.execute(sql`create function refuse_cloud_course() returns trigger language plpgsql as $$
      begin raise exception 'refused by test'; end $$`);
    await db.execute(
      sql`create trigger refuse_cloud_course before insert on courses for each row execute function refuse_cloud_course()`,
    );
    try {
      const res = await post(auth);
      expect(res.status).toBe(500);
    } finally {
      await db.execute(sql`drop trigger refuse_cloud_course on courses`);
      await db.execute(sql`drop function refuse_cloud_course()`);
    }

    expect(calls.map((c) => [c.action, c.signatureValid])).toEqual([
      ['upload', true],
      ['destroy', true],
    ]);
    expect(calls[1]!.fields.public_id).toBe('aprendiz/test/thumb1');
    const stored = await db.select().from(courses).where(eq(courses.educatorId, user.id));
    expect(stored).toEqual([]);
  });

  it('when Cloudinary refuses the upload, then 503 with a Portuguese message and no course', async () => {
    const { user, auth } = await ctx.createUser({ role: 'educator' });
    behaviour.failUploads = true;

    const res = await post(auth);

    expect(res.status).toBe(503);
    expect(res.body).toEqual({ success: false, message: THUMBNAIL_STORE_FAILED });
    expect(
      await ctx.database.db.select().from(courses).where(eq(courses.educatorId, user.id)),
    ).toEqual([]);
  });
});
