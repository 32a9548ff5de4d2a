import type { Request } from 'express';
import { decodeJwt } from 'jose';
import type { AccountSession } from '@aprendiz/contract/account-security';
import { describeUserAgent } from '@aprendiz/contract/rules/user-agent';
import { createBatchTimer } from '../../db/batch-timer';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { notFound, unauthorized } from '../../http/errors';
import type { LocalTokens } from '../../providers/auth-provider';
import type { SessionCache } from '../account/session-cache';
import {
  endAllSessionRows,
  endSession,
  findOpenSessions,
  insertSessionRow,
  raiseSessionVersion,
  touchSessions,
} from './account-security.repository';

/** Where a session is being started from, as the profile's list will show it. */
export interface SessionOrigin {
  userAgent: string;
  address: string;
}

/** User agents are typed by clients: a bounded copy is all the list needs. */
const USER_AGENT_MAX = 400;

export function sessionOrigin(req: Request): SessionOrigin {
  return {
    userAgent: (req.get('user-agent') ?? '').slice(0, USER_AGENT_MAX),
    address: req.ip ?? '',
  };
}

/** The token's id, once its signature was checked elsewhere (requireAuth, tokens.verify). */
export function tokenIdOf(token: string): string | undefined {
  try {
    const { jti } = decodeJwt(token);
    return typeof jti === 'string' ? jti : undefined;
  } catch {
    return undefined;
  }
}

export const SESSION_NOT_FOUND = 'Sessão não encontrada ou já terminada';

/**
 * Issues a session token for `user` and records where it was started. Every local sign-in goes
 * through here, so every session can be listed and ended.
 */
export async function startSession(
  deps: { db: Db; tokens: LocalTokens },
  user: Pick<UserRow, 'id' | 'sessionVersion'>,
  origin: SessionOrigin,
  replacesTokenId?: string,
): Promise<string> {
  const token = await deps.tokens.issue(user.id, user.sessionVersion);
  const claims = await deps.tokens.verify(token);
  if (!claims) throw new Error('a token just issued did not verify');
  await insertSessionRow(deps.db, {
    tokenId: claims.tokenId,
    userId: user.id,
    userAgent: origin.userAgent,
    address: origin.address,
    expiresAt: claims.expiresAt,
    replacesTokenId,
  });
  return token;
}

export async function listSessions(
  db: Db,
  user: UserRow,
  currentToken: string,
): Promise<AccountSession[]> {
  const currentId = tokenIdOf(currentToken);
  const rows = await findOpenSessions(db, user.id);
  return rows.map((row) => ({
    _id: row.id,
    ...describeUserAgent(row.userAgent),
    address: row.address,
    firstSeenAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.tokenId === currentId,
  }));
}

/** 'Encerrar' on one session: its token is refused at once, here and on every other instance. */
export async function endOneSession(
  deps: { db: Db; sessionCache: SessionCache },
  user: UserRow,
  sessionId: string,
): Promise<void> {
  if (!(await endSession(deps.db, user.id, sessionId))) throw notFound(SESSION_NOT_FOUND);
  deps.sessionCache.forgetUser(user.id);
}

/**
 * 'Encerrar as outras sessões'. Raising the session version ends every token of the account, those
 * signed in before sessions were listed too, not only the rows we know of; this device then gets a
 * fresh token that keeps its place (and first-seen time) in the list. Answers how many listed
 * sessions ended and the new token.
 */
export async function endOtherSessions(
  deps: { db: Db; tokens: LocalTokens; sessionCache: SessionCache },
  user: UserRow,
  currentToken: string,
  origin: SessionOrigin,
): Promise<{ ended: number; token: string }> {
  const currentId = tokenIdOf(currentToken);
  const { ended, row } = await deps.db.transaction(async (tx) => {
    const raised = await raiseSessionVersion(tx, user.id);
    const count = await endAllSessionRows(tx, user.id, currentId);
    return { ended: count, row: raised };
  });
  if (!row) throw unauthorized();
  deps.sessionCache.forgetUser(user.id);
  const token = await startSession(deps, row, origin, currentId);
  return { ended, token };
}

/** Last-seen times are written at most this often per session and instance. */
export const ACTIVITY_WRITE_INTERVAL_MS = 5 * 60_000;
const ACTIVITY_MEMORY = 10_000;
/** How long a last-seen time waits to be written with the others of its moment. */
export const ACTIVITY_FLUSH_MS = 1_000;

export interface SessionActivity {
  /** Notes that an authenticated request used `token` from `address`; written with the next batch. */
  seen(token: string, address: string): void;
  /** Writes what waits now: before the list of sessions is read. */
  flush(): Promise<void>;
  /** Writes what waits; nothing is scheduled after. */
  close(): Promise<void>;
}

/**
 * Keeps 'visto por último' and the address current without a write per request: a session's row
 * is written when its address changed or its last write here is older than the interval, and off
 * the request, in one statement with the others of the same second (a first visit would otherwise
 * pay a round trip and a commit for it).
 */
export function createSessionActivity(
  db: Db,
  options: { now?: () => number; onError?: (err: unknown) => void; flushMs?: number } = {},
): SessionActivity {
  const now = options.now ?? Date.now;
  const flushMs = options.flushMs ?? ACTIVITY_FLUSH_MS;
  const written = new Map<string, { at: number; address: string }>();
  let waiting = new Map<string, string>();
  let writing: Promise<void> = Promise.resolve();

  const flush = () => {
    writing = writing.then(async () => {
      if (waiting.size === 0) return;
      const batch = waiting;
      waiting = new Map();
      try {
        await touchSessions(db, batch);
      } catch (err) {
        // A missed last-seen time is not worth more than a log line; the next request retries it.
        for (const tokenId of batch.keys()) written.delete(tokenId);
        options.onError?.(err);
      }
    });
    return writing;
  };
  const timer = createBatchTimer(flushMs, flush);

  return {
    seen(token, address) {
      const tokenId = tokenIdOf(token);
      if (!tokenId) return;
      const last = written.get(tokenId);
      const t = now();
      if (last && last.address === address && t - last.at < ACTIVITY_WRITE_INTERVAL_MS) return;
      if (written.size >= ACTIVITY_MEMORY) written.clear();
      written.set(tokenId, { at: t, address });
      waiting.set(tokenId, address);
      timer.schedule();
    },
    flush,
    async close() {
      timer.stop();
      await flush();
    },
  };
}
