import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';

/** What a payout profile keeps sealed: where the money goes and whose it is. */
export interface PayoutSecret {
  /** The normalised Pix key or IBAN; empty for Stripe Connect (Stripe holds the account). */
  destination: string;
  holderName: string;
  taxId: string;
}

/**
 * AES-256-GCM with a fresh 12-byte nonce per seal: `v1.<nonce>.<tag>.<ciphertext>` in base64url.
 * The tag makes a changed or swapped ciphertext fail to open rather than read as other data.
 */
export interface PayoutSealer {
  seal(secret: PayoutSecret): string;
  open(sealed: string): PayoutSecret;
}

export function createPayoutSealer(key: Buffer): PayoutSealer {
  if (key.length !== 32) throw new Error('the payout data key is 32 bytes');
  return {
    seal(secret) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(JSON.stringify(secret), 'utf8'), cipher.final()]);
      return ['v1', nonce, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== 'v1' || !nonce || !tag || body === undefined)
        throw new Error('not a sealed payout secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const text = Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
      return JSON.parse(text) as PayoutSecret;
    },
  };
}

/**
 * Outside production without PAYOUT_DATA_KEY, a key kept in DATA_DIR (made on first use), so a
 * developer's profiles survive restarts; production always gives the key (config refuses otherwise).
 */
async function loadOrCreateDevKey(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, 'payout-data.key');
  try {
    const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
    if (key.length === 32) return key;
  } catch {
    // First use: no key yet.
  }
  const key = randomBytes(32);
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

const sealers = new WeakMap<Config, Promise<PayoutSealer>>();

/** The deployment's sealer, made once per config. */
export function payoutSealer(config: Config): Promise<PayoutSealer> {
  let sealer = sealers.get(config);
  if (!sealer) {
    const key = config.payouts.dataKey;
    sealer = (key ? Promise.resolve(key) : loadOrCreateDevKey(config.dataDir)).then(
      createPayoutSealer,
    );
    sealers.set(config, sealer);
  }
  return sealer;
}
