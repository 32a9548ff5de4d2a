import { createHash } from 'node:crypto';

export interface CachedBody {
  body: string;
  /** The body encoded once, so serving it from memory costs no per-request encoding. */
  bytes: Buffer;
  etag: string;
}

export function cachedBody(body: string): CachedBody {
  return { body, bytes: Buffer.from(body, 'utf8'), etag: entityTag(body) };
}

/**
 * The serialised `GET /api/course/all` body and its ETag, kept in memory until a write that
 * changes the catalogue (new course, enrollment, rating) calls invalidate(). The home teaser's
 * `GET /api/course/teaser` body and the anonymous `GET /api/course/:id` bodies live here too:
 * their counts change on the very same writes.
 */
export interface CatalogueCache {
  get(): CachedBody | undefined;
  set(entry: CachedBody): void;
  invalidate(): void;
  /** Counts invalidate() calls: what was built from the catalogue at another count is stale. */
  generation(): number;
  /** The cached list, or the one `load` serialises; concurrent misses share a single load. */
  getOrLoad(load: () => Promise<string>): Promise<CachedBody>;
  /** The cached teaser, or the one `load` serialises; concurrent misses share a single load. */
  getOrLoadTeaser(load: () => Promise<string>): Promise<CachedBody>;
  /** The cached anonymous detail of a course; `load` answers null for a course that is not shown. */
  getOrLoadCourse(courseId: string, load: () => Promise<string | null>): Promise<CachedBody | null>;
  /** The course's public body when it is in memory, without waiting for anything. */
  peekCourse(courseId: string): CachedBody | undefined;
}

/** Bounds memory when many distinct courses are viewed between two writes. */
export const MAX_CACHED_COURSES = 2000;

export function entityTag(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** One body kept until invalidated; a load that began before an invalidation is answered, not kept. */
function createSlot(generation: () => number) {
  let entry: CachedBody | undefined;
  let loading: Promise<CachedBody> | undefined;
  return {
    get: () => entry,
    set: (value: CachedBody) => {
      entry = value;
    },
    clear: () => {
      entry = undefined;
      loading = undefined;
    },
    getOrLoad: (load: () => Promise<string>): Promise<CachedBody> => {
      if (entry) return Promise.resolve(entry);
      if (loading) return loading;
      const startedAt = generation();
      const pending = load()
        .then((body) => {
          const loaded = cachedBody(body);
          if (generation() === startedAt) entry = loaded;
          return loaded;
        })
        .finally(() => {
          if (loading === pending) loading = undefined;
        });
      loading = pending;
      return pending;
    },
  };
}

export function createCatalogueCache(): CatalogueCache {
  // A load that started before an invalidate() read stale rows; the generation tells it not to keep them.
  let generation = 0;
  const list = createSlot(() => generation);
  const teaser = createSlot(() => generation);
  const details = new Map<string, CachedBody>();
  const detailLoads = new Map<string, Promise<CachedBody | null>>();

  const cacheDetail = (courseId: string, entry: CachedBody) => {
    if (details.size >= MAX_CACHED_COURSES) details.clear();
    details.set(courseId, entry);
  };

  return {
    get: list.get,
    set: list.set,
    generation: () => generation,
    invalidate: () => {
      generation++;
      list.clear();
      teaser.clear();
      details.clear();
      detailLoads.clear();
    },
    getOrLoad: list.getOrLoad,
    getOrLoadTeaser: teaser.getOrLoad,
    peekCourse: (courseId) => details.get(courseId),
    getOrLoadCourse: (courseId, load) => {
      const cached = details.get(courseId);
      if (cached) return Promise.resolve(cached);
      const inFlight = detailLoads.get(courseId);
      if (inFlight) return inFlight;
      const startedAt = generation;
      const pending = load()
        .then((body) => {
          const entry = body === null ? null : cachedBody(body);
          // Unknown ids are not kept: random ids must not push real courses out.
          if (entry && generation === startedAt) cacheDetail(courseId, entry);
          return entry;
        })
        .finally(() => {
          if (detailLoads.get(courseId) === pending) detailLoads.delete(courseId);
        });
      detailLoads.set(courseId, pending);
      return pending;
    },
  };
}

/**
 * The cache as services see it when instances share a database: a write here clears this copy and
 * tells the others through `publish`, while what they announce clears the wrapped cache alone.
 */
export function broadcastInvalidations(cache: CatalogueCache, publish: () => void): CatalogueCache {
  return {
    ...cache,
    invalidate: () => {
      cache.invalidate();
      publish();
    },
  };
}
