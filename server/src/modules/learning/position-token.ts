import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import { loadOrCreateAuthSecret } from '../../providers/auth-local';

/**
 * navigator.sendBeacon, the one request a browser still sends while a page is being closed, cannot
 * set an Authorization header. So every authenticated position save (and the resume read) hands the
 * player a position token: an HMAC over (user, course, expiry) that allows one thing only, saving a
 * position in that course, for a short while. The beacon carries it in its body. A leaked token can
 * move one learner's resume point in one course until it expires; it reads nothing and is no session.
 */
export const POSITION_TOKEN_TTL_MS = 30 * 60_000;

export interface PositionTokens {
  issue(userId: string, courseId: string): string;
  /** The user id the token was issued to, when it is genuine, unexpired and for this course. */
  verify(token: string, courseId: string): string | null;
}

export function createPositionTokens(secret: string, now: () => number = Date.now): PositionTokens {
  // A key of its own, so a position token can never pass for anything else signed with the secret.
  const key = createHmac('sha256', secret).update('aprendiz:lecture-position-token').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    issue(userId, courseId) {
      const payload = Buffer.from(
        JSON.stringify({ u: userId, c: courseId, e: now() + POSITION_TOKEN_TTL_MS }),
      ).toString('base64url');
      return `${payload}.${sign(payload).toString('base64url')}`;
    },
    verify(token, courseId) {
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length > 0) return null;
      const expected = sign(payload);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let claims: unknown;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (typeof claims !== 'object' || claims === null) return null;
      const { u, c, e } = claims as Record<string, unknown>;
      if (typeof u !== 'string' || c !== courseId || typeof e !== 'number' || e < now())
        return null;
      return u;
    },
  };
}

/**
 * The secret the deployment already keeps: AUTH_SECRET (or the one generated beside the data) with
 * local accounts, the Clerk secret key with Clerk. Read once, on first use.
 */
export function positionTokensFor(config: Config): () => Promise<PositionTokens> {
  let tokens: Promise<PositionTokens> | undefined;
  return () => {
    tokens ??= (async () =>
      createPositionTokens(
        config.auth.provider === 'clerk'
          ? config.auth.secretKey
          : (config.auth.secret ?? (await loadOrCreateAuthSecret(config.dataDir))),
      ))();
    return tokens;
  };
}
