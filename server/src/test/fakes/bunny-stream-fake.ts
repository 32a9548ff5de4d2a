import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test helper: Bunny Stream on loopback, written from its documentation, as two servers.
 *
 * The API (`BUNNY_STREAM_API_URL`): `POST /library/:libraryId/videos` `{title}` → the video with its
 * `guid`; `GET` and `DELETE /library/:libraryId/videos/:guid`; all with the library's key in the
 * `AccessKey` header (401 without it). `/tusupload` is the presigned tus endpoint: every request
 * carries `AuthorizationSignature` = sha256(library_id + api_key + expiration_time + video_id) in
 * hex, `AuthorizationExpire`, `VideoId` and `LibraryId`, checked against the video and the clock.
 *
 * The pull zone (`BUNNY_STREAM_CDN_HOST`): `/<guid>/playlist.m3u8` and the files under it, served
 * only with a valid token (token authentication: `HS256-` + base64url(HMAC-SHA256(key,
 * signaturePath + expires + signed parameters))), in the query (`?token=…&expires=…`) or in the
 * path (`/bcdn_token=…&token_path=…&expires=…/<guid>/…`); 403 otherwise, as Bunny answers.
 *
 * The test plays Bunny's encoder (`encode`) and gets back the webhook Bunny would post, signed
 * with the library's read-only key (`webhook`).
 */

export interface FakeBunnyVideo {
  guid: string;
  videoLibraryId: number;
  title: string;
  status: number;
  encodeProgress: number;
  length: number;
  availableResolutions: string;
  /** What the tus upload has delivered so far. */
  uploaded: Buffer;
  uploadLength: number | null;
}

export interface FakeBunnyStream {
  apiUrl: string;
  cdnOrigin: string;
  libraryId: string;
  apiKey: string;
  tokenKey: string;
  readOnlyKey: string;
  videos: Map<string, FakeBunnyVideo>;
  /** Requests the API (not the CDN) received, in order. */
  requests: { method: string; path: string; accessKey: string | undefined }[];
  /** Unix seconds the fake checks expiries against (the real clock unless set). */
  now: () => number;
  setNow(seconds: number | null): void;
  /** Makes every API request fail with this status until cleared (Bunny having a bad day). */
  failWith(status: number | null): void;
  /** Bunny's encoder moves a video along (the API's status numbers). */
  encode(
    guid: string,
    change: Partial<
      Pick<FakeBunnyVideo, 'status' | 'encodeProgress' | 'length' | 'availableResolutions'>
    >,
  ): void;
  /** The webhook Bunny posts for a video (its `Status` is the webhook enum), with its signature. */
  webhook(guid: string, status: number, libraryId?: number): { body: string; signature: string };
  close(): Promise<void>;
}

/** The API's video statuses (the webhook's differ). */
export const FAKE_STATUS = { created: 0, uploaded: 1, transcoding: 3, finished: 4, error: 5 };

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve(`http://127.0.0.1:${port}`);
    });
  });
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export async function startFakeBunnyStream(): Promise<FakeBunnyStream> {
  const libraryId = '424242';
  const apiKey = `api-${randomUUID()}`;
  const tokenKey = `token-${randomUUID()}`;
  const readOnlyKey = `read-${randomUUID()}`;
  const videos = new Map<string, FakeBunnyVideo>();
  const requests: FakeBunnyStream['requests'] = [];
  /** tus upload id → video guid. */
  const uploads = new Map<string, string>();
  let fixedNow: number | null = null;
  let failure: number | null = null;
  const now = () => fixedNow ?? Math.floor(Date.now() / 1000);

  const publicVideo = (v: FakeBunnyVideo) => ({
    videoLibraryId: v.videoLibraryId,
    guid: v.guid,
    title: v.title,
    status: v.status,
    encodeProgress: v.encodeProgress,
    length: v.length,
    availableResolutions: v.availableResolutions,
    storageSize: v.uploaded.length,
    captions: [],
  });

  /** Whether a presigned tus request may write into its video; the video when it may. */
  function presigned(req: http.IncomingMessage): FakeBunnyVideo | null {
    const signature = String(req.headers['authorizationsignature'] ?? '');
    const expire = String(req.headers['authorizationexpire'] ?? '');
    const guid = String(req.headers['videoid'] ?? '');
    const library = String(req.headers['libraryid'] ?? '');
    if (!/^\d+$/.test(expire) || Number(expire) < now()) return null;
    const expected = createHash('sha256')
      .update(library + apiKey + expire + guid)
      .digest('hex');
    if (library !== libraryId || !sameText(signature, expected)) return null;
    return videos.get(guid) ?? null;
  }

  async function tus(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const base = { 'Tus-Resumable': '1.0.0' };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...base, 'Tus-Version': '1.0.0', 'Tus-Extension': 'creation' });
      res.end();
      return;
    }
    const video = presigned(req);
    if (!video) {
      res.writeHead(401, base);
      res.end('Unauthorized');
      return;
    }
    if (req.method === 'POST' && url.pathname === '/tusupload') {
      const length = Number(req.headers['upload-length']);
      if (!Number.isSafeInteger(length) || length < 0) {
        res.writeHead(400, base);
        res.end('Upload-Length');
        return;
      }
      const id = randomUUID().replaceAll('-', '');
      uploads.set(id, video.guid);
      video.uploadLength = length;
      video.uploaded = Buffer.alloc(0);
      res.writeHead(201, { ...base, Location: `${apiUrl}/tusupload/${id}` });
      res.end();
      return;
    }
    const id = /^\/tusupload\/([0-9a-f]{32})$/.exec(url.pathname)?.[1];
    // An upload belongs to the video its headers were signed for, and to no other.
    if (!id || uploads.get(id) !== video.guid) {
      res.writeHead(404, base);
      res.end();
      return;
    }
    if (req.method === 'HEAD') {
      res.writeHead(200, {
        ...base,
        'Upload-Offset': String(video.uploaded.length),
        'Upload-Length': String(video.uploadLength ?? 0),
        'Cache-Control': 'no-store',
      });
      res.end();
      return;
    }
    if (req.method === 'PATCH') {
      const offset = Number(req.headers['upload-offset']);
      if (offset !== video.uploaded.length) {
        res.writeHead(409, base);
        res.end();
        return;
      }
      video.uploaded = Buffer.concat([video.uploaded, await readBody(req)]);
      if (video.uploaded.length === video.uploadLength) video.status = FAKE_STATUS.uploaded;
      res.writeHead(204, { ...base, 'Upload-Offset': String(video.uploaded.length) });
      res.end();
      return;
    }
    res.writeHead(405, base);
    res.end();
  }

  async function api(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/tusupload' || url.pathname.startsWith('/tusupload/')) {
      await tus(req, res, url);
      return;
    }
    const accessKey = req.headers['accesskey'] as string | undefined;
    requests.push({ method: req.method ?? '', path: url.pathname, accessKey });
    if (failure !== null) return sendJson(res, failure, { Message: 'unavailable' });
    if (accessKey !== apiKey) return sendJson(res, 401, { Message: 'Unauthorized' });
    const match = /^\/library\/(\d+)\/videos(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match || match[1] !== libraryId) return sendJson(res, 404, { Message: 'Not found' });
    const guid = match[2];
    if (!guid && req.method === 'POST') {
      const body = JSON.parse((await readBody(req)).toString('utf8') || '{}') as {
        title?: unknown;
      };
      if (typeof body.title !== 'string' || body.title === '') {
        return sendJson(res, 400, { Message: 'The title is required' });
      }
      const video: FakeBunnyVideo = {
        guid: randomUUID(),
        videoLibraryId: Number(libraryId),
        title: body.title,
        status: FAKE_STATUS.created,
        encodeProgress: 0,
        length: 0,
        availableResolutions: '',
        uploaded: Buffer.alloc(0),
        uploadLength: null,
      };
      videos.set(video.guid, video);
      return sendJson(res, 200, publicVideo(video));
    }
    const video = guid ? videos.get(guid) : undefined;
    if (!video) return sendJson(res, 404, { Message: 'Video not found' });
    if (req.method === 'GET') return sendJson(res, 200, publicVideo(video));
    if (req.method === 'DELETE') {
      videos.delete(video.guid);
      return sendJson(res, 200, { success: true, message: 'OK', statusCode: 200 });
    }
    return sendJson(res, 405, { Message: 'Method not allowed' });
  }

  /** The token's checks as the pull zone makes them: 403 for anything short of a valid one. */
  function tokenAllows(path: string, params: URLSearchParams): boolean {
    const token = params.get('token') ?? '';
    const expires = params.get('expires') ?? '';
    const tokenPath = params.get('token_path');
    if (!token.startsWith('HS256-') || !/^\d+$/.test(expires)) return false;
    if (Number(expires) < now()) return false;
    const signed = new Map<string, string>();
    for (const [name, value] of params) {
      if (name !== 'token' && name !== 'expires') signed.set(name, value);
    }
    const signingData = [...signed.keys()]
      .sort()
      .map((name) => `${name}=${signed.get(name)}`)
      .join('&');
    const signaturePath = tokenPath ?? path;
    if (!path.startsWith(signaturePath)) return false;
    const expected = `HS256-${createHmac('sha256', tokenKey)
      .update(signaturePath + expires + signingData)
      .digest('base64url')}`;
    return sameText(token, expected);
  }

  const cdn = http.createServer((req, res) => {
    const raw = new URL(req.url ?? '/', 'http://fake');
    // The token in the path is read before decoding: its token_path holds encoded slashes.
    const inPath = /^\/bcdn_token=([^/]*)(\/.*)$/.exec(raw.pathname);
    const params = inPath ? new URLSearchParams(`token=${inPath[1]!}`) : raw.searchParams;
    const path = decodeURIComponent(inPath ? inPath[2]! : raw.pathname);
    if (!tokenAllows(path, params)) {
      res.writeHead(403, { 'Content-Type': 'text/plain' });
      res.end('403 Forbidden');
      return;
    }
    const file = /^\/([0-9a-f-]{36})\/(.+)$/.exec(path);
    const video = file ? videos.get(file[1]!) : undefined;
    if (!video || !video.availableResolutions) {
      res.writeHead(404);
      res.end();
      return;
    }
    const resolutions = video.availableResolutions.split(',');
    if (file![2] === 'playlist.m3u8') {
      res.writeHead(200, { 'Content-Type': 'application/x-mpegURL' });
      res.end(
        [
          '#EXTM3U',
          ...resolutions.flatMap((name) => [
            `#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x${name.replace('p', '')}`,
            `${name}/video.m3u8`,
          ]),
          '',
        ].join('\n'),
      );
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
    res.end(Buffer.from(`segment of ${path}`));
  });

  const apiServer = http.createServer((req, res) => {
    api(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { Message: 'fake failed' });
    });
  });
  const apiUrl = await listen(apiServer);
  const cdnOrigin = await listen(cdn);

  return {
    apiUrl,
    cdnOrigin,
    libraryId,
    apiKey,
    tokenKey,
    readOnlyKey,
    videos,
    requests,
    now,
    setNow: (seconds) => {
      fixedNow = seconds;
    },
    failWith: (status) => {
      failure = status;
    },
    encode(guid, change) {
      const video = videos.get(guid);
      if (!video) throw new Error(`no fake Bunny video ${guid}`);
      Object.assign(video, change);
    },
    webhook(guid, status, library = Number(libraryId)) {
      const body = JSON.stringify({ VideoLibraryId: library, VideoGuid: guid, Status: status });
      const signature = createHmac('sha256', readOnlyKey).update(body).digest('hex');
      return { body, signature };
    },
    close: async () => {
      await Promise.all(
        [apiServer, cdn].map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}
