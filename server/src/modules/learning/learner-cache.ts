import { cachedBody, type CachedBody } from '../courses/catalogue-cache';

/**
 * Per learner, the serialised bodies of the two reads every signed-in page makes
 * (`GET /api/user/enrolled-courses` and the enrolled ids of `GET /api/user/data`), so a learner
 * moving around the site costs the session lookup alone.
 *
 * An entry is good while two things hold:
 * - the catalogue generation it was built at is current: every write that changes a course, an
 *   enrollment, a rating or a purchase already clears the catalogue (here, and on other instances
 *   through the cache bus), and the counts and titles these bodies carry change only with those;
 * - nobody forgot the learner since: their own writes that the catalogue does not follow
 *   (a lecture marked, a quiz attempt) call `forget`, which other instances also hear.
 *
 * Memory is bounded in bytes (each body as a string, its UTF-8 copy and, at most that size again,
 * its compressed copies), least recently used out.
 */
export interface LearnerCache {
  /** The cached body for `kind`, or the one `load` builds (stored unless a write raced it). */
  getOrLoad(userId: string, kind: LearnerRead, load: () => Promise<string>): Promise<CachedBody>;
  /** Drops the learner's entries here and, through `announce`, on the other instances. */
  forget(userId: string): void;
  /** Drops them here only: what another instance announced. */
  forgetHere(userId: string): void;
  /** Bytes held, for tests and the bench. */
  size(): number;
}

export type LearnerRead = 'enrolled-courses' | 'enrolled-ids';

/**
 * The longest an entry is served. What the bodies say also changes with time alone, with no write
 * to clear them: a refund offer ends with its guarantee, or when a lecture watched under the EU
 * waiver ends it (a saved position calls nobody). The refund API refuses either way; this bounds
 * how long the button can still show.
 */
export const LEARNER_CACHE_MAX_AGE_MS = 60_000;

/** 15 summaries weigh ~15 kB: 8 MiB keeps a few hundred active learners' reads. */
export const LEARNER_CACHE_MAX_BYTES = 8 * 1024 * 1024;

interface Entry {
  body: CachedBody;
  generation: number;
  bytes: number;
  storedAt: number;
}

export function createLearnerCache(options: {
  /** The catalogue cache's generation: a change means a write elsewhere may have changed the body. */
  catalogueGeneration: () => number;
  /** Tells the other instances sharing the database; absent on PGlite (one process). */
  announce?: (userId: string) => void;
  maxBytes?: number;
  maxAgeMs?: number;
  now?: () => number;
}): LearnerCache {
  const maxBytes = options.maxBytes ?? LEARNER_CACHE_MAX_BYTES;
  const maxAgeMs = options.maxAgeMs ?? LEARNER_CACHE_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const loading = new Map<
    string,
    { body: Promise<CachedBody>; startedAt: number; generation: number }
  >();
  // Bumped by every forget: a load that started before one may have read what it changed.
  let forgets = 0;
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  const forgetHere = (userId: string) => {
    forgets++;
    for (const kind of ['enrolled-courses', 'enrolled-ids'] satisfies LearnerRead[]) {
      drop(`${kind}:${userId}`);
    }
  };

  return {
    getOrLoad: async (userId, kind, load) => {
      const key = `${kind}:${userId}`;
      const generation = options.catalogueGeneration();
      const cached = entries.get(key);
      if (cached && cached.generation === generation && now() - cached.storedAt < maxAgeMs) {
        // Most recently used last: the map's order is the eviction order.
        entries.delete(key);
        entries.set(key, cached);
        return cached.body;
      }
      drop(key);
      // Requests that find the same entry missing while it is being loaded wait for that load
      // rather than each running it: 100 at once for a learner with 300 courses ran 100 copies of
      // its heaviest read, and none answered within 8 s. A load that a forget or a catalogue change
      // overtook is not joined.
      const running = loading.get(key);
      if (running && running.startedAt === forgets && running.generation === generation) {
        return running.body;
      }
      const startedAt = forgets;
      const pending = load().then(cachedBody);
      const flight = { body: pending, startedAt, generation };
      loading.set(key, flight);
      let body: CachedBody;
      try {
        body = await pending;
      } finally {
        if (loading.get(key) === flight) loading.delete(key);
      }
      const entryBytes = (body.body.length + key.length) * 2 + body.bytes.length * 2;
      if (
        forgets === startedAt &&
        options.catalogueGeneration() === generation &&
        entryBytes <= maxBytes
      ) {
        drop(key);
        entries.set(key, { body, generation, bytes: entryBytes, storedAt: now() });
        bytes += entryBytes;
        for (const oldest of entries.keys()) {
          if (bytes <= maxBytes) break;
          drop(oldest);
        }
      }
      return body;
    },
    forget: (userId) => {
      forgetHere(userId);
      options.announce?.(userId);
    },
    forgetHere,
    size: () => bytes,
  };
}
