import { createHash } from 'node:crypto';
import { compressNow, type Encoding } from '../../http/compression';

/** A rendered page kept in memory with its compressed copies, made on first ask. */
export interface CachedPage {
  status: number;
  bytes: Buffer;
  etag: string;
  compressed: Partial<Record<Encoding, Buffer>>;
}

/** Rendered pages kept by default: a few thousand pages of ~60 kB with their compressed copies. */
export const DEFAULT_PAGE_CACHE_BYTES = 64 * 1024 * 1024;

export function cachedPage(status: number, html: string): CachedPage {
  const bytes = Buffer.from(html, 'utf8');
  const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
  return { status, bytes, etag, compressed: {} };
}

function sizeOf(page: CachedPage): number {
  let size = page.bytes.length;
  for (const copy of Object.values(page.compressed)) size += copy.length;
  return size;
}

/** The parameters a route's loader reads; any other parameter renders the same page. */
const COURSE_LIST_PARAMS = ['q', 'category', 'level', 'sort', 'page'];
const COURSE_PAGE_PARAMS = ['avaliacoes', 'cupom'];
/**
 * Read for whether it is there, not for its value: a coupon link's code is checked in the browser
 * (a coupon's uses and end change by the minute, and rendering must not become a way to try codes),
 * so every code renders, and shares, the one page that says the coupon is being checked.
 */
const PRESENCE_ONLY = new Set(['cupom']);
/** The search form's field: even empty, the course list redirects it (`?q=` → /course-list). */
const KEPT_WHEN_EMPTY = new Set(['q']);

function paramsReadBy(pathname: string): readonly string[] {
  if (pathname === '/course-list' || pathname.startsWith('/course-list/')) {
    return COURSE_LIST_PARAMS;
  }
  if (pathname.startsWith('/course/')) return COURSE_PAGE_PARAMS;
  return [];
}

/**
 * The address a page is rendered and kept under: its path and, in a fixed order, the first value of
 * each parameter its route reads. `?utm_source=…`, `?x=<random>` or a repeated parameter give the
 * page everyone else gets, so nobody can make the server render afresh by varying what is ignored.
 */
export function canonicalPageUrl(url: URL): string {
  const kept = new URLSearchParams();
  for (const name of paramsReadBy(url.pathname)) {
    const value = url.searchParams.get(name);
    if (value === null || (value === '' && !KEPT_WHEN_EMPTY.has(name))) continue;
    kept.set(name, PRESENCE_ONLY.has(name) ? '1' : value);
  }
  const query = kept.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/**
 * Rendered public pages by canonical address, least recently used evicted first once their bytes
 * (compressed copies included) pass `maxBytes`: pages a crawler or an attacker walks through push
 * out each other before the pages visitors keep asking for. They show the catalogue, so an entry
 * is valid only while the catalogue cache's generation is the one it was rendered at: the writes
 * that invalidate the JSON bodies (on this instance or, through the cache bus, on another)
 * invalidate the HTML too.
 */
export function createPageCache(generation: () => number, maxBytes = DEFAULT_PAGE_CACHE_BYTES) {
  const pages = new Map<string, CachedPage>();
  let bytes = 0;
  let renderedAt = generation();

  function current(): Map<string, CachedPage> {
    const now = generation();
    if (now !== renderedAt) {
      pages.clear();
      bytes = 0;
      renderedAt = now;
    }
    return pages;
  }

  function evictOverflow(): void {
    for (const [key, page] of pages) {
      if (bytes <= maxBytes) return;
      pages.delete(key);
      bytes -= sizeOf(page);
    }
  }

  return {
    get(url: string): CachedPage | undefined {
      const entries = current();
      const page = entries.get(url);
      if (page) {
        // Map order is insertion order: re-inserting marks the page as the most recently used.
        entries.delete(url);
        entries.set(url, page);
      }
      return page;
    },
    /** Keeps a page rendered at `startedAt`, unless the catalogue changed while it was rendered. */
    set(url: string, page: CachedPage, startedAt: number): void {
      const entries = current();
      if (startedAt !== renderedAt || sizeOf(page) > maxBytes) return;
      const previous = entries.get(url);
      if (previous) {
        entries.delete(url);
        bytes -= sizeOf(previous);
      }
      entries.set(url, page);
      bytes += sizeOf(page);
      evictOverflow();
    },
    /** The page's body in `encoding`, compressed once and counted against the byte limit. */
    compressed(url: string, page: CachedPage, encoding: Encoding): Buffer {
      const made = page.compressed[encoding];
      if (made) return made;
      const copy = compressNow(page.bytes, encoding);
      page.compressed[encoding] = copy;
      if (current().get(url) === page) {
        bytes += copy.length;
        evictOverflow();
      }
      return copy;
    },
    /** Bytes held, compressed copies included. */
    size: () => (current(), bytes),
    count: () => current().size,
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
