import { decodeJwt } from 'jose';
import type { UserRow } from '../../db/schema/users';
import type { AuthProvider } from '../../providers/auth-provider';

/**
 * The sessions this instance has checked, by bearer token: a signed-in request is then answered
 * without verifying the token's signature again or reading its account (one statement, which on
 * PGlite every request waits its turn for).
 *
 * An entry is only as good as the database's word that nothing changed: migration 0024's triggers
 * announce every change to an account and every session signed out, and `forgetUser` drops that
 * account's entries. On PostgreSQL the announcements come through the cache bus, so the cache is
 * consulted only while the bus is listening; on PGlite they are heard in process, before the write
 * that caused them returns. An entry also ends with its token and after `maxAgeMs` whatever
 * happens, and memory is bounded in bytes, least recently used out.
 */
export interface SessionCache {
  /** The account the token was last found to open, if that still holds. */
  get(token: string): UserRow | undefined;
  /** Remembers a token that opened `user`, unless a forget came since `since` (see `epoch`). */
  set(token: string, user: UserRow, since: number): void;
  /** A counter every forget raises: read it before the lookup whose result `set` stores. */
  epoch(): number;
  forgetUser(userId: string): void;
  clear(): void;
  /** Bytes held, for tests and the bench. */
  size(): number;
}

/** The longest an entry is trusted, even with no announcement: a bound on anything unforeseen. */
export const SESSION_CACHE_MAX_AGE_MS = 5 * 60_000;

/** A token and its account weigh ~1 kB: 4 MiB keeps a few thousand active sessions. */
export const SESSION_CACHE_MAX_BYTES = 4 * 1024 * 1024;

interface Entry {
  user: UserRow;
  bytes: number;
  /** The earlier of the token's own expiry and the cache's maximum age. */
  until: number;
}

/** When the token says it expires (its signature was checked before it is stored), in ms. */
function tokenExpiry(token: string): number | undefined {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

export function createSessionCache(
  options: {
    maxBytes?: number;
    maxAgeMs?: number;
    now?: () => number;
    /** False while announcements may be missed (the cache bus reconnecting): nothing is served. */
    trusted?: () => boolean;
  } = {},
): SessionCache {
  const maxBytes = options.maxBytes ?? SESSION_CACHE_MAX_BYTES;
  const maxAgeMs = options.maxAgeMs ?? SESSION_CACHE_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  const trusted = options.trusted ?? (() => true);
  // Insertion order is recency order: a hit is moved to the end.
  const entries = new Map<string, Entry>();
  const tokensByUser = new Map<string, Set<string>>();
  let forgets = 0;
  let bytes = 0;

  const drop = (token: string) => {
    const entry = entries.get(token);
    if (!entry) return;
    entries.delete(token);
    bytes -= entry.bytes;
    const tokens = tokensByUser.get(entry.user.id);
    tokens?.delete(token);
    if (tokens?.size === 0) tokensByUser.delete(entry.user.id);
  };

  return {
    get: (token) => {
      if (!trusted()) return undefined;
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        drop(token);
        return undefined;
      }
      entries.delete(token);
      entries.set(token, entry);
      return entry.user;
    },
    set: (token, user, since) => {
      if (since !== forgets || !trusted()) return;
      const expiry = tokenExpiry(token);
      if (expiry === undefined) return;
      const until = Math.min(expiry, now() + maxAgeMs);
      if (until <= now()) return;
      drop(token);
      const entryBytes = Buffer.byteLength(token) + Buffer.byteLength(JSON.stringify(user));
      if (entryBytes > maxBytes) return;
      entries.set(token, { user, bytes: entryBytes, until });
      bytes += entryBytes;
      const tokens = tokensByUser.get(user.id) ?? new Set<string>();
      tokens.add(token);
      tokensByUser.set(user.id, tokens);
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
    },
    epoch: () => forgets,
    forgetUser: (userId) => {
      forgets++;
      for (const token of [...(tokensByUser.get(userId) ?? [])]) drop(token);
    },
    clear: () => {
      forgets++;
      entries.clear();
      tokensByUser.clear();
      bytes = 0;
    },
    size: () => bytes,
  };
}

/** `provider` with its `authenticate` answered from `cache` when it can be. */
export function withSessionCache<P extends AuthProvider>(provider: P, cache: SessionCache): P {
  return {
    ...provider,
    authenticate: async (token: string) => {
      const known = cache.get(token);
      if (known) return known;
      const since = cache.epoch();
      const user = await provider.authenticate(token);
      if (user) cache.set(token, user, since);
      return user;
    },
  };
}
