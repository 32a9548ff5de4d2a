import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express, { type Express } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { insertCourse } from '../test/fixtures/course-fixtures';
import { createTestContext } from '../test/test-app';
import { compressJson, MIN_COMPRESSED_BYTES } from './compression';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
  );
});

async function listen(app: Express): Promise<number> {
  const server = app.listen(0);
  servers.push(server);
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return (server.address() as AddressInfo).port;
}

/** A plain request, so the test sees the bytes on the wire and not a client's decompressed copy. */
function get(port: number, urlPath: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<RawResponse>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const bigPayload = {
  success: true,
  courses: Array.from({ length: 60 }, (_, i) => ({ _id: `c${i}`, courseTitle: `Curso ${i}` })),
};
const cachedBytes = Buffer.from(JSON.stringify(bigPayload));
const cachedTag = '"catalogue-v1"';

function sampleApp(): Express {
  const app = express();
  app.use(compressJson());
  app.get('/big', (_req, res) => {
    res.json(bigPayload);
  });
  app.get('/small', (_req, res) => {
    res.json({ success: true });
  });
  app.get('/text', (_req, res) => {
    res.type('text/plain').send('x'.repeat(4 * MIN_COMPRESSED_BYTES));
  });
  // Like the catalogue route: one Buffer and a strong ETag, with its own revalidation.
  app.get('/cached', (req, res) => {
    res.setHeader('ETag', cachedTag);
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.send(cachedBytes);
  });
  return app;
}

describe('JSON compression', () => {
  it('when a browser that accepts brotli asks for a large JSON answer, then brotli bytes of that JSON, varying on Accept-Encoding', async () => {
    const port = await listen(sampleApp());

    const res = await get(port, '/big', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });

    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(JSON.stringify(bigPayload)) / 2);
    expect(JSON.parse(brotliDecompressSync(res.body).toString())).toEqual(bigPayload);
  });

  it('when the client accepts only gzip, then gzip bytes', async () => {
    const port = await listen(sampleApp());

    const res = await get(port, '/big', { 'Accept-Encoding': 'gzip' });

    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.body).toString())).toEqual(bigPayload);
  });

  it('when the client accepts no compression, then the plain JSON, still varying on Accept-Encoding', async () => {
    const port = await listen(sampleApp());

    const res = await get(port, '/big');

    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(res.body.toString())).toEqual(bigPayload);
  });

  it('when the answer is tiny or not JSON, then it is sent as it is', async () => {
    const port = await listen(sampleApp());

    const small = await get(port, '/small', { 'Accept-Encoding': 'br' });
    const text = await get(port, '/text', { 'Accept-Encoding': 'br' });

    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ success: true });
    expect(text.headers['content-encoding']).toBeUndefined();
    expect(text.body.toString()).toBe('x'.repeat(4 * MIN_COMPRESSED_BYTES));
  });

  it('when a cached body with an ETag is compressed, then the tag is kept and revalidating with it answers 304', async () => {
    const port = await listen(sampleApp());

    const first = await get(port, '/cached', { 'Accept-Encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.etag).toBe(cachedTag);
    expect(JSON.parse(brotliDecompressSync(first.body).toString())).toEqual(bigPayload);

    const again = await get(port, '/cached', {
      'Accept-Encoding': 'br',
      'If-None-Match': first.headers.etag!,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});

describe('the course list through the app', () => {
  it('when a phone loads a catalogue of a few courses, then it comes brotli-compressed and revalidates to 304', async () => {
    const ctx = await createTestContext();
    try {
      const { user } = await ctx.createUser({ role: 'educator' });
      for (let i = 0; i < 8; i++) await insertCourse(ctx.database.db, user.id);
      const port = await listen(ctx.app);

      const res = await get(port, '/api/course/all', { 'Accept-Encoding': 'gzip, deflate, br' });

      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      const body = JSON.parse(brotliDecompressSync(res.body).toString()) as {
        success: boolean;
        courses: unknown[];
      };
      expect(body.success).toBe(true);
      expect(body.courses).toHaveLength(8);

      const again = await get(port, '/api/course/all', {
        'Accept-Encoding': 'gzip, deflate, br',
        'If-None-Match': res.headers.etag!,
      });
      expect(again.status).toBe(304);
    } finally {
      await ctx.close();
    }
  });

  it('when an anonymous visitor reads a course held in memory, then it comes compressed from the cached copy, varying on Authorization and Accept-Encoding; HEAD gives the headers alone', async () => {
    const ctx = await createTestContext();
    try {
      const { user } = await ctx.createUser({ role: 'educator' });
      const course = await insertCourse(ctx.database.db, user.id, {
        descriptionHtml: '<p>' + 'Uma descrição longa do curso. '.repeat(80) + '</p>',
      });
      const port = await listen(ctx.app);
      const path = `/api/course/${course.id}`;
      const plain = await get(port, path);

      const [first, second] = [
        await get(port, path, { 'Accept-Encoding': 'gzip' }),
        await get(port, path, { 'Accept-Encoding': 'gzip' }),
      ];
      const head = await get(port, path, { 'Accept-Encoding': 'gzip' }, 'HEAD');

      expect(first.status).toBe(200);
      expect(first.headers['content-encoding']).toBe('gzip');
      expect(first.headers.vary).toBe('Authorization, Accept-Encoding');
      expect(gunzipSync(first.body).equals(plain.body)).toBe(true);
      expect(second.body.equals(first.body)).toBe(true);
      expect(first.headers.etag).toBe(plain.headers.etag);
      expect(head.status).toBe(200);
      expect(head.headers['content-length']).toBe(String(first.body.length));
      expect(head.body).toHaveLength(0);
    } finally {
      await ctx.close();
    }
  });
});
