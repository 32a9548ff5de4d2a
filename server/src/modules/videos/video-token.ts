import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Playback addresses: `/video/<token>/<expires>/<videoId>/master.m3u8`. The token sits in the path,
 * so every playlist and segment the master names by a relative URI carries it with no rewriting.
 * It says who watches (a learner or the course's educator, or nobody for a free preview), through
 * which course, and an HMAC over that, the video and the expiry: a token is good for one video, one
 * person and a few hours.
 */

export const VIDEO_URL_PREFIX = '/video';

export interface PlaybackGrant {
  videoId: string;
  courseId: string;
  /** The learner or educator it was issued to; null: a free preview, for anyone. */
  viewerId: string | null;
  /** Unix seconds. */
  expires: number;
}

export type TokenCheck =
  { ok: true; grant: PlaybackGrant } | { ok: false; reason: 'invalid' | 'expired' };

const MAC_BYTES = 18;

function mac(secret: string, grant: PlaybackGrant): Buffer {
  return createHmac('sha256', secret)
    .update(
      `aprendiz-video\0${grant.videoId}\0${grant.expires}\0${grant.courseId}\0${grant.viewerId ?? ''}`,
    )
    .digest()
    .subarray(0, MAC_BYTES);
}

export function issueToken(secret: string, grant: PlaybackGrant): string {
  const who = Buffer.from(`${grant.courseId}\n${grant.viewerId ?? ''}`).toString('base64url');
  return `${who}.${mac(secret, grant).toString('base64url')}`;
}

export function playbackPath(secret: string, grant: PlaybackGrant, file = 'master.m3u8'): string {
  return `${VIDEO_URL_PREFIX}/${issueToken(secret, grant)}/${grant.expires}/${grant.videoId}/${file}`;
}

/**
 * Checks a token against the video and expiry of its path. A bad MAC is 'invalid' whatever the
 * expiry says, so a forged address never learns more than "no".
 */
export function checkToken(
  secret: string,
  token: string,
  expiresText: string,
  videoId: string,
  nowSeconds: number,
): TokenCheck {
  const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{24})$/.exec(token);
  if (!match || !/^\d{1,12}$/.test(expiresText)) return { ok: false, reason: 'invalid' };
  const [courseId, viewer] = Buffer.from(match[1]!, 'base64url').toString('utf8').split('\n');
  if (!courseId || viewer === undefined) return { ok: false, reason: 'invalid' };
  const grant: PlaybackGrant = {
    videoId,
    courseId,
    viewerId: viewer === '' ? null : viewer,
    expires: Number(expiresText),
  };
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = mac(secret, grant);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'invalid' };
  }
  if (grant.expires <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, grant };
}

/** The secret from VIDEO_TOKEN_SECRET, or one made on the first start and kept in the data folder. */
export async function loadOrCreateVideoSecret(
  dataDir: string,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'video-token-secret');
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
