import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import { type Encoding, preferredEncoding } from './compression';

const ONE_YEAR_SECONDS = 31_536_000;
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const WORKER = /(^|[\\/])(sw\.js|workbox-[^\\/]+\.js|registerSW\.js|manifest\.webmanifest)$/;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// A build seldom changes under a running server, so each file is compressed once at the
// strongest settings (brotli 11 takes ~0.5 s for the entry chunk) on the thread pool, never per request.
function compress(bytes: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(bytes, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      })
    : gzipAsync(bytes, { level: zlibConstants.Z_BEST_COMPRESSION });
}

interface CachedFile {
  mtimeMs: number;
  size: number;
  variants: Partial<Record<Encoding, Promise<Buffer>>>;
}

function cacheControlFor(filePath: string): string {
  const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
  return hashed && !WORKER.test(filePath)
    ? `public, max-age=${ONE_YEAR_SECONDS}, immutable`
    : 'no-cache';
}

/** The file under distDir that a URL path names, or undefined for anything outside or hidden. */
function resolveInside(distDir: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.split('/').some((part) => part.startsWith('.'))) {
    return undefined;
  }
  const filePath = path.join(distDir, decoded);
  return filePath.startsWith(distDir + path.sep) ? filePath : undefined;
}

interface Shell {
  mtimeMs: number;
  size: number;
  bytes: Buffer;
  /** Of the bytes sent, not the file: the same build served with another storefront is another page. */
  hash: string;
  variants: Partial<Record<Encoding, Promise<Buffer>>>;
}

export interface StaticClientOptions {
  /** The server-rendered public pages, tried before the app shell. */
  pages?: RequestHandler;
  /** What the server writes into the app shell (index.html) before sending it. */
  writeShell?: (indexHtml: string) => string;
}

/**
 * Serves the built client: text files brotli- or gzip-compressed for clients that accept it, hashed
 * assets cached for a year, everything else revalidated, then `pages` (the server-rendered public
 * pages) and the app shell (index.html, as `writeShell` fills it) for any other GET so client-side
 * routes survive a reload.
 */
export function staticClient(distDir: string, options: StaticClientOptions = {}): Router {
  const { pages, writeShell = (html: string) => html } = options;
  const root = path.resolve(distDir);
  const indexFile = path.join(root, 'index.html');
  const cache = new Map<string, CachedFile>();
  let shell: Shell | undefined;

  async function readShell(): Promise<Shell | undefined> {
    const info = await stat(indexFile).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    if (shell?.mtimeMs !== info.mtimeMs || shell.size !== info.size) {
      const bytes = Buffer.from(writeShell(await readFile(indexFile, 'utf8')));
      const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 22);
      shell = { mtimeMs: info.mtimeMs, size: info.size, bytes, hash, variants: {} };
    }
    return shell;
  }

  /** The app shell, compressed when the client accepts it, revalidated on every visit. */
  const sendShell: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith('/api/') || req.path.startsWith('/uploads/')) return next();
    const current = await readShell();
    if (!current) return next();
    res.vary('Accept-Encoding');
    res.type('html');
    res.setHeader('Cache-Control', 'no-cache');
    const encoding = preferredEncoding(req);
    const body = encoding
      ? await (current.variants[encoding] ??= compress(current.bytes, encoding)).catch(() => {
          delete current.variants[encoding];
          return undefined;
        })
      : undefined;
    if (encoding && body && body.length < current.bytes.length) {
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('ETag', `"${current.hash}-${encoding}"`);
      res.send(body);
      return;
    }
    res.setHeader('ETag', `"${current.hash}"`);
    // res.send answers 304 when the request's validators match, and no body to HEAD.
    res.send(current.bytes);
  };

  /** Sends the compressed file and resolves true, or resolves false to leave it to express.static. */
  async function sendCompressed(req: Request, res: Response, filePath: string): Promise<boolean> {
    if (!COMPRESSIBLE.test(filePath)) return false;
    res.vary('Accept-Encoding');
    const encoding = preferredEncoding(req);
    if (!encoding) return false;
    const info = await stat(filePath).catch(() => undefined);
    if (!info?.isFile()) return false;

    let cached = cache.get(filePath);
    if (!cached || cached.mtimeMs !== info.mtimeMs || cached.size !== info.size) {
      cached = { mtimeMs: info.mtimeMs, size: info.size, variants: {} };
      cache.set(filePath, cached);
    }
    const pending = (cached.variants[encoding] ??= readFile(filePath).then((bytes) =>
      compress(bytes, encoding),
    ));
    const body = await pending.catch(() => {
      delete cached.variants[encoding];
      return undefined;
    });
    if (!body || body.length >= info.size) return false;

    res.type(path.extname(filePath));
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Cache-Control', cacheControlFor(filePath));
    res.setHeader('Last-Modified', info.mtime.toUTCString());
    res.setHeader(
      'ETag',
      `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}-${encoding}"`,
    );
    // res.send answers 304 when the request's validators match, and no body to HEAD.
    res.send(body);
    return true;
  }

  const router = Router();
  // The service worker keeps this address as the page shown offline: the same shell as any route.
  router.get('/index.html', sendShell);
  const compressed: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const filePath = resolveInside(root, req.path);
    if (filePath && (await sendCompressed(req, res, filePath))) return;
    next();
  };
  router.use(compressed);
  router.use(
    express.static(root, {
      index: false,
      setHeaders: (res, filePath) => res.setHeader('Cache-Control', cacheControlFor(filePath)),
    }),
  );
  if (pages) router.use(pages);
  router.use(sendShell);
  return router;
}
