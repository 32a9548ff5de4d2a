import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticClient } from './static-client';

const ENTRY = 'assets/index-abc123.js';
const entrySource = `export const lessons = [${Array.from({ length: 400 }, (_, i) => `"aula ${i}"`).join(',')}];\n`;
const indexHtml = `<!doctype html><html lang="pt"><head><title>Aprendiz</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(20)}<script type="module" src="/${ENTRY}"></script></body></html>`;
const workerSource = `self.addEventListener('install', () => self.skipWaiting());\n`.repeat(40);
const pngBytes = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(4096),
]);

let tmp: string;
let server: Server;
let port: number;

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A plain request, so the test sees the bytes on the wire and not a client's decompressed copy. */
function get(
  urlPath: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, method, headers }, (res) => {
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

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-static-'));
  const dist = path.join(tmp, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, ENTRY), entrySource);
  await writeFile(path.join(dist, 'index.html'), indexHtml);
  await writeFile(path.join(dist, 'sw.js'), workerSource);
  await writeFile(path.join(dist, 'assets', 'logo-abc123.png'), pngBytes);
  await writeFile(path.join(dist, '.env'), 'AUTH_SECRET=do-not-leak');
  await writeFile(path.join(tmp, 'secret.txt'), 'outside the build');

  const app = express();
  app.use(staticClient(dist));
  server = app.listen(0);
  await new Promise<void>((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(tmp, { recursive: true, force: true });
});

describe('the built client over HTTP', () => {
  it('when a browser that accepts brotli asks for a hashed script, then brotli bytes of that script, cached for a year and varying on Accept-Encoding', async () => {
    const res = await get(`/${ENTRY}`, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });

    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(entrySource) / 4);
    expect(brotliDecompressSync(res.body).toString()).toBe(entrySource);
  });

  it('when the browser accepts only gzip, then gzip bytes of the file', async () => {
    const res = await get(`/${ENTRY}`, { 'Accept-Encoding': 'gzip' });

    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toBe(entrySource);
  });

  it('when the client accepts no compression, then the plain file with the same caching and Vary', async () => {
    const plain = await get(`/${ENTRY}`);
    const refused = await get(`/${ENTRY}`, { 'Accept-Encoding': 'br;q=0, gzip;q=0' });

    for (const res of [plain, refused]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.body.toString()).toBe(entrySource);
    }
  });

  it('when the browser revalidates a compressed file with its ETag, then 304 without a body', async () => {
    const first = await get(`/${ENTRY}`, { 'Accept-Encoding': 'br' });
    const etag = first.headers.etag;
    expect(etag).toBeDefined();

    const again = await get(`/${ENTRY}`, { 'Accept-Encoding': 'br', 'If-None-Match': etag! });

    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('when the same file is asked for in two encodings, then each answer has its own ETag', async () => {
    const br = await get(`/${ENTRY}`, { 'Accept-Encoding': 'br' });
    const gz = await get(`/${ENTRY}`, { 'Accept-Encoding': 'gzip' });

    expect(br.headers.etag).not.toBe(gz.headers.etag);
  });

  it('when a HEAD request asks for a compressed file, then its headers and no body', async () => {
    const res = await get(`/${ENTRY}`, { 'Accept-Encoding': 'br' }, 'HEAD');

    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.length).toBe(0);
  });

  it('when a client-side route is reloaded, then index.html compressed and revalidated every time', async () => {
    const res = await get('/course-list', { 'Accept-Encoding': 'br' });

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.body).toString()).toBe(indexHtml);
  });

  it('when the service worker is fetched, then it is compressed but never cached for long', async () => {
    const res = await get('/sw.js', { 'Accept-Encoding': 'br' });

    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('when an image is fetched, then it is sent as stored, without a Content-Encoding', async () => {
    const res = await get('/assets/logo-abc123.png', { 'Accept-Encoding': 'br' });

    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.equals(pngBytes)).toBe(true);
  });

  it('when a path climbs out of the build or names a hidden file, then those bytes are never sent', async () => {
    for (const urlPath of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/.env',
    ]) {
      const res = await get(urlPath, { 'Accept-Encoding': 'br' });
      const text =
        res.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(res.body).toString()
          : res.body.toString();
      expect(text).not.toContain('outside the build');
      expect(text).not.toContain('do-not-leak');
    }
  });

  it('when the build is replaced under a running server, then the new file is compressed and sent', async () => {
    const rebuilt = `${entrySource}export const version = 2;\n`;
    await writeFile(path.join(tmp, 'dist', ENTRY), rebuilt);
    const later = new Date(Date.now() + 5_000);
    await utimes(path.join(tmp, 'dist', ENTRY), later, later);

    const res = await get(`/${ENTRY}`, { 'Accept-Encoding': 'br' });

    expect(brotliDecompressSync(res.body).toString()).toBe(rebuilt);
  });

  it('when two servers write different storefronts into the same build, then each shell carries its own, under its own ETag', async () => {
    const dist = path.join(tmp, 'dist');
    const served = async (currency: string) => {
      const app = express();
      app.use(
        staticClient(dist, {
          writeShell: (html) =>
            html.replace('<html lang="pt"', `<html lang="pt" data-currency="${currency}"`),
        }),
      );
      const other = app.listen(0);
      await new Promise<void>((resolve) => other.once('listening', resolve));
      const otherPort = (other.address() as AddressInfo).port;
      const read = (urlPath: string, headers: Record<string, string> = {}) =>
        new Promise<RawResponse>((resolve, reject) => {
          const req = http.request(
            { host: '127.0.0.1', port: otherPort, path: urlPath, headers },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () =>
                resolve({
                  status: res.statusCode ?? 0,
                  headers: res.headers,
                  body: Buffer.concat(chunks),
                }),
              );
            },
          );
          req.on('error', reject);
          req.end();
        });
      try {
        const route = await read('/payment/123', { 'Accept-Encoding': 'br' });
        const plain = await read('/index.html');
        const again = await read('/payment/123', {
          'Accept-Encoding': 'br',
          'If-None-Match': route.headers.etag ?? '',
        });
        return { route, plain, again };
      } finally {
        await new Promise<void>((resolve) => other.close(() => resolve()));
      }
    };

    const brl = await served('brl');
    const eur = await served('eur');

    expect(brotliDecompressSync(brl.route.body).toString()).toContain('data-currency="brl"');
    expect(brl.route.headers['cache-control']).toBe('no-cache');
    expect(brl.plain.body.toString()).toContain('data-currency="brl"');
    expect(brl.again.status).toBe(304);
    expect(brotliDecompressSync(eur.route.body).toString()).toContain('data-currency="eur"');
    expect(eur.route.headers.etag).not.toBe(brl.route.headers.etag);
  });
});
