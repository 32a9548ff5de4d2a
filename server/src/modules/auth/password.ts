import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHasher } from '../../providers/auth-provider';
import { PASSWORD_COST_LOG2 } from '../../config';
import { createHashQueue, type HashQueue } from './hash-queue';

// 128·N·r bytes = 128 MiB at 2^17; maxmem leaves room for one step more.
const MAX_MEMORY = 256 * 1024 * 1024;
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/**
 * Every scrypt call goes through `queue`, which bounds how many run at once. Hashes read
 * scrypt$N$r$p$salt$hash (base64url), so the cost can be raised later without breaking old ones.
 */
export function createPasswordHasher(
  queue: HashQueue,
  costLog2: number = PASSWORD_COST_LOG2,
): PasswordHasher {
  const PARAMS = { N: 2 ** costLog2, r: 8, p: 1, maxmem: MAX_MEMORY } satisfies ScryptOptions;
  return {
    hash: async (password) => {
      const salt = randomBytes(16);
      const key = await queue.run(() => derive(password, salt, PARAMS));
      return [
        'scrypt',
        PARAMS.N,
        PARAMS.r,
        PARAMS.p,
        salt.toString('base64url'),
        key.toString('base64url'),
      ].join('$');
    },
    verify: async (password, stored) => {
      const [scheme, n, r, p, salt, hash] = stored.split('$');
      if (scheme !== 'scrypt' || !salt || !hash) return false;
      const expected = Buffer.from(hash, 'base64url');
      const params = { N: Number(n), r: Number(r), p: Number(p), maxmem: MAX_MEMORY };
      const actual = await queue.run(() =>
        derive(password, Buffer.from(salt, 'base64url'), params),
      );
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}

/** The process's one queue, sized to its cores: sign-in, sign-up and the demo seed all share it. */
const hashQueue = createHashQueue();
export const passwordHasher = createPasswordHasher(hashQueue);
export const hashPassword = passwordHasher.hash;
export const verifyPassword = passwordHasher.verify;

/**
 * The hasher for new passwords at the configured cost (`PASSWORD_HASH_COST`, never below 2^17 in
 * production), on the same queue. Stored hashes carry their own cost, so any of them verifies.
 */
export function passwordHasherAt(costLog2: number): PasswordHasher {
  return costLog2 === PASSWORD_COST_LOG2
    ? passwordHasher
    : createPasswordHasher(hashQueue, costLog2);
}
