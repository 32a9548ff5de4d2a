import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client';
import type { Logger } from '../logger';

/** The PostgreSQL channel on which instances sharing a database announce catalogue writes. */
export const CATALOGUE_CHANNEL = 'aprendiz_catalogue';

export interface CacheBus {
  /**
   * Tells every other instance that the catalogue changed, or with `user` that only that learner's
   * own reads did (learning/learner-cache.ts); a failure is logged, never thrown.
   */
  publish(user?: string): void;
  /**
   * Whether announcements are being heard now. While the listening connection is away they may be
   * missed, so what is kept only because no announcement came (the session cache) is not trusted.
   */
  listening(): boolean;
  close(): Promise<void>;
}

export interface CacheBusOptions {
  /** The database everyone shares; the listening connection is opened here, outside the pool. */
  url: string;
  /** Notifications are sent through the pool, which keeps working while the listener reconnects. */
  db: Db;
  logger: Logger;
  /**
   * Another instance wrote (to one learner's reads when `user` is set), or the listener was away
   * and may have missed a notification (no user: everything built from the database is stale).
   */
  onInvalidate(user?: string): void;
  /**
   * The database announced a change to this account or one of its sessions (migration 0024's
   * triggers): heard by every instance, the writer's included.
   */
  onAccountChange?(user: string): void;
  /** Waits between reconnection attempts: doubling from the first to the last. */
  retryDelayMs?: { first: number; max: number };
}

interface Announcement {
  scope: string;
  from: string;
  user?: string;
  /** Sent by the database's triggers: the user's account or sessions changed. */
  account?: boolean;
}

function parseAnnouncement(payload: string | undefined): Announcement | undefined {
  try {
    const value: unknown = JSON.parse(payload ?? '');
    if (typeof value !== 'object' || value === null) return undefined;
    const { scope, from, user, account } = value as Record<string, unknown>;
    if (typeof scope !== 'string' || typeof from !== 'string') return undefined;
    if (typeof user !== 'string') return { scope, from };
    return account === true ? { scope, from, user, account } : { scope, from, user };
  } catch {
    return undefined;
  }
}

/**
 * The account an announcement of migration 0024's triggers names, for a listener that hears the
 * channel itself (PGlite's, which belongs to one process and so needs no scope).
 */
export function accountChangeOf(payload: string | undefined): string | undefined {
  const heard = parseAnnouncement(payload);
  return heard?.account ? heard.user : undefined;
}

/**
 * Keeps every instance's cached catalogue in step through PostgreSQL LISTEN/NOTIFY. A notification
 * is delivered to every session listening on the database, so each announcement names the schema
 * it is about: tests run side by side in schemas of one database and must not hear each other.
 */
export async function openCacheBus(options: CacheBusOptions): Promise<CacheBus> {
  const { url, db, logger, onInvalidate } = options;
  const retry = options.retryDelayMs ?? { first: 250, max: 10_000 };
  const instanceId = randomUUID();
  const scopeRows = await db.execute<{ scope: string }>(sql`select current_schema() as scope`);
  const scope = scopeRows.rows[0]!.scope;
  const announcement = (user?: string) =>
    JSON.stringify({ scope, from: instanceId, ...(user ? { user } : {}) } satisfies Announcement);

  let listener: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = retry.first;
  let closed = false;

  const hear = (message: pg.Notification) => {
    if (message.channel !== CATALOGUE_CHANNEL) return;
    const heard = parseAnnouncement(message.payload);
    if (heard?.scope !== scope) return;
    if (heard.account && heard.user) options.onAccountChange?.(heard.user);
    // Our own writes already cleared this instance's cache.
    else if (heard.from !== instanceId) onInvalidate(heard.user);
  };

  const lose = (client: pg.Client, err?: Error) => {
    if (listener !== client) return;
    listener = undefined;
    client.end().catch(() => {});
    if (closed) return;
    logger.warn({ err }, 'catalogue notifications lost their connection; reconnecting');
    scheduleReconnect();
  };

  const listen = async () => {
    const client = new pg.Client({
      connectionString: url,
      // A connection that only listens sends nothing; keepalives notice a peer that vanished.
      keepAlive: true,
      // Lets an operator (and our tests) tell this connection apart in pg_stat_activity.
      application_name: `aprendiz-cache-bus-${scope}`,
    });
    client.on('notification', hear);
    client.on('error', (err) => lose(client, err));
    client.on('end', () => lose(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CATALOGUE_CHANNEL}`);
    } catch (err) {
      client.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await client.end();
      return;
    }
    listener = client;
  };

  const reconnect = async () => {
    try {
      await listen();
      if (closed) return;
      delay = retry.first;
      logger.info('catalogue notifications reconnected');
      // Writes made elsewhere while we were away were never heard.
      onInvalidate();
    } catch (err) {
      delay = Math.min(delay * 2, retry.max);
      logger.warn({ err, retryInMs: delay }, 'catalogue notifications could not reconnect');
      scheduleReconnect();
    }
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (closed) return;
      connecting = reconnect().finally(() => (connecting = undefined));
    }, delay);
  };

  await listen();

  return {
    publish: (user) => {
      db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${announcement(user)})`).catch(
        (err: unknown) => {
          logger.error({ err }, 'could not tell the other instances that the catalogue changed');
        },
      );
    },
    listening: () => !closed && listener !== undefined,
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      await connecting;
      const client = listener;
      listener = undefined;
      await client?.end();
    },
  };
}
