import { createHash } from 'node:crypto';
import type { Encoding } from '../../http/compression';

/** A rendered page kept in memory with its compressed copies, made on first ask. */
export interface CachedPage {
  status: number;
  bytes: Buffer;
  etag: string;
  compressed: Partial<Record<Encoding, Buffer>>;
}

/** Bounds memory when crawlers walk many distinct addresses (searches, filters) between two writes. */
export const MAX_CACHED_PAGES = 500;

export function cachedPage(status: number, html: string): CachedPage {
  const bytes = Buffer.from(html, 'utf8');
  const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
  return { status, bytes, etag, compressed: {} };
}

/**
 * Rendered public pages by address. They show the catalogue, so an entry is valid only while the
 * catalogue cache's generation is the one it was rendered at: the writes that invalidate the JSON
 * bodies (on this instance or, through the cache bus, on another) invalidate the HTML too.
 */
export function createPageCache(generation: () => number) {
  const pages = new Map<string, CachedPage>();
  let renderedAt = generation();

  function current(): Map<string, CachedPage> {
    const now = generation();
    if (now !== renderedAt) {
      pages.clear();
      renderedAt = now;
    }
    return pages;
  }

  return {
    get: (url: string) => current().get(url),
    /** Keeps a page rendered at `startedAt`, unless the catalogue changed while it was rendered. */
    set(url: string, page: CachedPage, startedAt: number) {
      const entries = current();
      if (startedAt !== renderedAt) return;
      if (entries.size >= MAX_CACHED_PAGES) entries.clear();
      entries.set(url, page);
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
