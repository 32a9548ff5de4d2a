import type { Request, Response } from 'express';
import type { CachedBody } from '../modules/courses/catalogue-cache';
import { compressedCopy, MIN_COMPRESSED_BYTES, preferredEncoding } from './compression';

/**
 * Clients may keep the body but must revalidate; the ETag turns that into a 304 with no query.
 * Written straight to Node, compressed copies included (made once per body): these two routes are
 * the hottest in the app (the throughput budget: ≥ 0.8 × the in-memory ceiling), so they are mounted ahead of compressJson;
 * a learner's cached enrolled courses are sent the same way.
 */
export function sendCached(
  req: Request,
  res: Response,
  entry: CachedBody,
  vary: string,
  cacheControl = 'no-cache',
): void {
  res.setHeader('Vary', vary);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', entry.etag);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (req.fresh) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = entry.bytes.length >= MIN_COMPRESSED_BYTES ? preferredEncoding(req) : undefined;
  const body = encoding ? compressedCopy(entry.bytes, encoding) : entry.bytes;
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.end(body);
}
