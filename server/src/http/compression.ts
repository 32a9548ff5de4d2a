import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Request, RequestHandler } from 'express';

export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Below this, a compressed body saves less than the time and headers it costs. */
export const MIN_COMPRESSED_BYTES = 1024;

/** The encoding to answer with, or undefined when the client accepts neither. */
export function preferredEncoding(req: Request): Encoding | undefined {
  if (!req.headers['accept-encoding']) return undefined;
  const accepted = req.acceptsEncodings();
  // Browsers list gzip before br with equal weight; brotli is ~15% smaller, so it wins when accepted.
  return ENCODINGS.find((candidate) => accepted.includes(candidate));
}

// Fast settings: these run on the event loop, once per cached body or per personal answer.
export function compressNow(bytes: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(bytes, { level: 6 });
}

// Cached bodies are the same Buffer until a write replaces them, so their compressed copies are
// kept beside them, computed once, and dropped with them.
const compressedCopies = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

/** `bytes` compressed, made once per Buffer and encoding: for bodies served again and again. */
export function compressedCopy(bytes: Buffer, encoding: Encoding): Buffer {
  let copies = compressedCopies.get(bytes);
  if (!copies) {
    copies = {};
    compressedCopies.set(bytes, copies);
  }
  return (copies[encoding] ??= compressNow(bytes, encoding));
}

/**
 * Compresses JSON answers of at least MIN_COMPRESSED_BYTES for clients that accept br or gzip:
 * the course list alone is 15 kB, 3 kB compressed, and every page waits for it on a phone.
 */
export function compressJson(): RequestHandler {
  return (req, res, next) => {
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      const isText = typeof body === 'string' || Buffer.isBuffer(body);
      const contentType = String(res.getHeader('Content-Type') ?? '');
      if (!isText || !contentType.includes('json') || res.getHeader('Content-Encoding')) {
        return send(body);
      }
      const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
      if (bytes.length < MIN_COMPRESSED_BYTES) return send(body);

      res.vary('Accept-Encoding');
      const encoding = preferredEncoding(req);
      if (!encoding) return send(body);
      const compressed =
        typeof body === 'string' ? compressNow(bytes, encoding) : compressedCopy(body, encoding);
      // The ETag stays the plain body's (as the `compression` package leaves it): Vary keeps caches'
      // copies apart, and revalidation then answers 304 before anything is compressed.
      res.setHeader('Content-Encoding', encoding);
      return send(compressed);
    };
    next();
  };
}
