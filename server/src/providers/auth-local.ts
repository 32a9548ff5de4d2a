import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import type { LocalAuthProvider, LocalTokens, PasswordHasher, SessionStore } from './auth-provider';

const ISSUER = 'aprendiz';
const TOKEN_LIFETIME = '7d';

export function createLocalTokens(secret: string): LocalTokens {
  const key = new TextEncoder().encode(secret);
  return {
    issue: (userId, version = 0) =>
      new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setJti(randomBytes(16).toString('base64url'))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(TOKEN_LIFETIME)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        const { sub, jti, exp, ver } = payload;
        // Tokens from before sessions could be revoked carry no jti or version: they sign in again.
        if (typeof sub !== 'string' || typeof jti !== 'string' || typeof exp !== 'number')
          return null;
        if (typeof ver !== 'number' || !Number.isInteger(ver)) return null;
        return { userId: sub, version: ver, tokenId: jti, expiresAt: new Date(exp * 1000) };
      } catch {
        return null;
      }
    },
  };
}

export function createLocalAuthProvider(
  sessions: SessionStore,
  tokens: LocalTokens,
  passwords: PasswordHasher,
): LocalAuthProvider {
  return {
    kind: 'local',
    tokens,
    passwords,
    authenticate: async (token) => {
      const claims = await tokens.verify(token);
      return claims ? sessions.findSessionUser(claims) : null;
    },
  };
}

/** Outside production an unset AUTH_SECRET is generated once and kept beside the data. */
export async function loadOrCreateAuthSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'auth-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch {
    // First start: no secret yet.
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
