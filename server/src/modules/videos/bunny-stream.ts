import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { BunnyStreamConfig } from '../../config';

/**
 * Bunny Stream's side of a hosted video, as its documentation describes it: the Stream API (one
 * library, `AccessKey` header), presigned tus uploads, the pull zone's token authentication, and
 * the signature on its webhooks. Nothing here touches our database.
 */

/** A video as Bunny's API answers it; only the fields we read. */
export const bunnyVideoSchema = z.object({
  guid: z.string(),
  videoLibraryId: z.number(),
  /** The API's own status enum (not the webhook's): see BUNNY_VIDEO_STATUS. */
  status: z.number().int(),
  /** 0–100. */
  encodeProgress: z.number().nullish(),
  /** Seconds. */
  length: z.number().nullish(),
  /** '240p,360p,720p': the resolutions encoded so far. */
  availableResolutions: z.string().nullish(),
});
export type BunnyVideo = z.infer<typeof bunnyVideoSchema>;

/** The `status` of a video in Bunny's API (the webhook's `Status` numbers differ). */
export const BUNNY_VIDEO_STATUS = {
  created: 0,
  uploaded: 1,
  processing: 2,
  transcoding: 3,
  finished: 4,
  error: 5,
  uploadFailed: 6,
  jitSegmenting: 7,
  jitPlaylistsCreated: 8,
} as const;

/** Bunny could not be reached, or answered with a server error: worth trying again later. */
export class BunnyUnavailable extends Error {
  constructor(what: string, cause?: unknown) {
    super(`Bunny Stream: ${what}`, { cause });
    this.name = 'BunnyUnavailable';
  }
}

/** Bunny refused a request of ours (a 4xx other than a missing video): our configuration is wrong. */
export class BunnyRefused extends Error {
  constructor(
    what: string,
    readonly status: number,
  ) {
    super(`Bunny Stream refused ${what} (HTTP ${status})`);
    this.name = 'BunnyRefused';
  }
}

export interface BunnyUploadGrant {
  endpoint: string;
  headers: Record<string, string>;
  expires: number;
}

export interface BunnyStream {
  libraryId: string;
  /** Creates the video object an upload fills; answers its guid. */
  createVideo(title: string): Promise<string>;
  /** The video as Bunny sees it now; null when Bunny has no such video in our library. */
  getVideo(guid: string): Promise<BunnyVideo | null>;
  /** Deletes it at Bunny; a video already gone is fine. */
  deleteVideo(guid: string): Promise<void>;
  /** The tus endpoint and the headers that let a browser upload this one video until `expires`. */
  presignUpload(guid: string, expires: number): BunnyUploadGrant;
  /** A pull-zone address of the video's file, signed for its whole folder until `expires`. */
  playbackUrl(guid: string, expires: number, file?: string): string;
  /** Whether a webhook body carries Bunny's signature (true when no secret is configured). */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): boolean;
  signsWebhooks: boolean;
}

/** A slow Bunny must not hold an educator's request (or a job) for long. */
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * The presigned upload's signature: sha256(library_id + api_key + expiration_time + video_id) in
 * hex, which Bunny's tus endpoint recomputes from the headers.
 */
export function bunnyUploadSignature(
  libraryId: string,
  apiKey: string,
  expires: number,
  guid: string,
): string {
  return createHash('sha256').update(`${libraryId}${apiKey}${expires}${guid}`).digest('hex');
}

/**
 * Bunny's token authentication (HMAC-SHA256, 'HS256-' tokens): the MAC of the signed path, the
 * expiry and the signed parameters (sorted, `key=value` joined by '&'), base64url without padding.
 */
export function bunnyToken(
  key: string,
  signaturePath: string,
  expires: number,
  parameters: Record<string, string> = {},
): string {
  const signingData = Object.keys(parameters)
    .sort()
    .map((name) => `${name}=${parameters[name]}`)
    .join('&');
  const mac = createHmac('sha256', key)
    .update(signaturePath)
    .update(String(expires))
    .update(signingData)
    .digest('base64url');
  return `HS256-${mac}`;
}

/**
 * A directory token in the path: `/bcdn_token=…&token_path=%2F<guid>%2F&expires=…/<guid>/<file>`.
 * The player resolves the playlists' and segments' relative addresses against it, so every file
 * under the video's folder carries the same token, with no playlist rewriting.
 */
export function bunnyDirectoryUrl(
  origin: string,
  key: string,
  folder: string,
  file: string,
  expires: number,
): string {
  const token = bunnyToken(key, folder, expires, { token_path: folder });
  return `${origin}/bcdn_token=${token}&token_path=${encodeURIComponent(folder)}&expires=${expires}${folder}${file}`;
}

/** Bunny's webhook signature: HMAC-SHA256 of the raw body, keyed with the read-only API key, hex. */
export function bunnyWebhookSignature(secret: string, rawBody: Buffer): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createBunnyStream(
  config: BunnyStreamConfig,
  fetchImpl: typeof fetch = fetch,
): BunnyStream {
  const library = `${config.apiUrl}/library/${config.libraryId}/videos`;

  async function call(what: string, url: string, init: RequestInit = {}): Promise<Response> {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        ...init,
        headers: {
          AccessKey: config.apiKey,
          Accept: 'application/json',
          ...(init.body !== undefined && { 'Content-Type': 'application/json' }),
        },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      throw new BunnyUnavailable(`${what} failed`, err);
    }
    if (response.status >= 500 || response.status === 429) {
      throw new BunnyUnavailable(`${what} answered HTTP ${response.status}`);
    }
    return response;
  }

  function checkedGuid(guid: string): string {
    // Every guid reaches Bunny's URLs; only a guid's own characters may.
    if (!GUID.test(guid)) throw new Error(`not a Bunny video guid: ${guid}`);
    return guid;
  }

  return {
    libraryId: config.libraryId,
    signsWebhooks: config.webhookSecret !== undefined,
    async createVideo(title) {
      const response = await call('creating a video', library, {
        method: 'POST',
        body: JSON.stringify({ title }),
      });
      if (!response.ok) throw new BunnyRefused('creating a video', response.status);
      const video = bunnyVideoSchema.parse(await response.json());
      return checkedGuid(video.guid);
    },
    async getVideo(guid) {
      const response = await call('reading a video', `${library}/${checkedGuid(guid)}`);
      if (response.status === 404) return null;
      if (!response.ok) throw new BunnyRefused('reading a video', response.status);
      const video = bunnyVideoSchema.parse(await response.json());
      // An answer about another video, or another library's, says nothing about ours.
      if (video.guid !== guid || String(video.videoLibraryId) !== config.libraryId) return null;
      return video;
    },
    async deleteVideo(guid) {
      const response = await call('deleting a video', `${library}/${checkedGuid(guid)}`, {
        method: 'DELETE',
      });
      if (response.status === 404) return;
      if (!response.ok) throw new BunnyRefused('deleting a video', response.status);
    },
    presignUpload(guid, expires) {
      return {
        endpoint: `${config.apiUrl}/tusupload`,
        headers: {
          AuthorizationSignature: bunnyUploadSignature(
            config.libraryId,
            config.apiKey,
            expires,
            checkedGuid(guid),
          ),
          AuthorizationExpire: String(expires),
          VideoId: guid,
          LibraryId: config.libraryId,
        },
        expires,
      };
    },
    playbackUrl(guid, expires, file = 'playlist.m3u8') {
      return bunnyDirectoryUrl(
        config.cdnOrigin,
        config.tokenKey,
        `/${checkedGuid(guid)}/`,
        file,
        expires,
      );
    },
    verifyWebhook(rawBody, signature) {
      if (config.webhookSecret === undefined) return true;
      if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
      const expected = Buffer.from(bunnyWebhookSignature(config.webhookSecret, rawBody), 'hex');
      return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'));
    },
  };
}
