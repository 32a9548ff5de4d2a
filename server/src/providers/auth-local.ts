import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import type { LocalAuthProvider, LocalTokens, PasswordHasher } from './auth-provider';
import type { UserStore } from './user-store';

const ISSUER = 'aprendiz';
const TOKEN_LIFETIME = '7d';

export function createLocalTokens(secret: string): LocalTokens {
  const key = new TextEncoder().encode(secret);
  return {
    issue: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(TOKEN_LIFETIME)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}

export function createLocalAuthProvider(
  users: UserStore,
  tokens: LocalTokens,
  passwords: PasswordHasher,
): LocalAuthProvider {
  return {
    kind: 'local',
    tokens,
    passwords,
    authenticate: async (token) => {
      const userId = await tokens.verify(token);
      return userId ? users.findById(userId) : null;
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
