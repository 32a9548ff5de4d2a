import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type BunnyStreamConfig } from '../../config';
import { startFakeBunnyStream, type FakeBunnyStream } from '../../test/fakes/bunny-stream-fake';
import {
  BunnyRefused,
  BunnyUnavailable,
  createBunnyStream,
  bunnyDirectoryUrl,
  bunnyToken,
  bunnyUploadSignature,
  bunnyWebhookSignature,
  BUNNY_VIDEO_STATUS as S,
  type BunnyVideo,
} from './bunny-stream';
import { BUNNY_MESSAGES, hostedStateOf } from './bunny-videos';

const BASE_ENV = { NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(40) } as const;
const BUNNY_ENV = {
  BUNNY_STREAM_LIBRARY_ID: '1234',
  BUNNY_STREAM_API_KEY: 'api-key',
  BUNNY_STREAM_TOKEN_KEY: 'token-key',
  BUNNY_STREAM_CDN_HOST: 'vz-abc123-456.b-cdn.net',
};

describe('Bunny token authentication', () => {
  // Bunny's own signer's test vectors (BunnyWay/BunnyCDN.TokenAuthentication, e2e/vectors.json):
  // key 'SecurityKey', expires 1598024587.
  it('when a path is signed as Bunny signs it, then the token is the one Bunny publishes', () => {
    expect(bunnyToken('SecurityKey', '/300kb.jpg', 1598024587)).toBe(
      'HS256-o10JRWlsAItyAsdKS6jJKjabHN4FrFsplDHPV1idcX4',
    );
  });

  it('when a directory is signed with token_path, then the token is the one Bunny publishes', () => {
    expect(bunnyToken('SecurityKey', '/abc', 1598024587, { token_path: '/abc' })).toBe(
      'HS256-uVZvT3SbEoVKYJyDJgbcsDmSFf73cv-uNUVaJiKWpbQ',
    );
  });

  it('when a video folder is signed, then the token sits in the path before the folder, so relative segment addresses keep it', () => {
    const url = bunnyDirectoryUrl('https://vz.b-cdn.net', 'k', '/g/', 'playlist.m3u8', 99);
    expect(url).toBe(
      `https://vz.b-cdn.net/bcdn_token=${bunnyToken('k', '/g/', 99, { token_path: '/g/' })}&token_path=%2Fg%2F&expires=99/g/playlist.m3u8`,
    );
    expect(new URL('720p/video.m3u8', url).href).toBe(
      url.replace('playlist.m3u8', '720p/video.m3u8'),
    );
  });
});

describe('Bunny presigned uploads and webhooks', () => {
  it('when an upload is presigned, then the signature is sha256 of library, key, expiry and video in hex', () => {
    const expected = createHash('sha256').update('1234secret1700000000guid-1').digest('hex');
    expect(bunnyUploadSignature('1234', 'secret', 1700000000, 'guid-1')).toBe(expected);
  });

  it('when a webhook body is signed, then it is the HMAC-SHA256 of the raw bytes in lowercase hex', () => {
    const signature = bunnyWebhookSignature('read-only', Buffer.from('{"a":1}'));
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(bunnyWebhookSignature('read-only', Buffer.from('{"a": 1}'))).not.toBe(signature);
  });
});

describe("Bunny's video statuses as ours", () => {
  const video = (status: number, extra: Partial<BunnyVideo> = {}): BunnyVideo => ({
    guid: 'g',
    videoLibraryId: 1,
    status,
    encodeProgress: 0,
    length: 0,
    availableResolutions: '',
    ...extra,
  });

  it('when Bunny has the video but not its file yet, then it is still being sent', () => {
    expect(hostedStateOf(video(S.created))).toMatchObject({ status: 'uploading', playable: false });
  });

  it('when Bunny encodes and one resolution is out, then it is processing at its percent and already plays', () => {
    expect(
      hostedStateOf(video(S.transcoding, { encodeProgress: 42, availableResolutions: '240p' })),
    ).toMatchObject({ status: 'processing', progress: 42, playable: true, renditions: ['240p'] });
    expect(hostedStateOf(video(S.uploaded))).toMatchObject({
      status: 'processing',
      playable: false,
    });
  });

  it('when Bunny has finished, then it is ready with the rungs of our ladder it made and its length', () => {
    expect(
      hostedStateOf(
        video(S.finished, { length: 61, availableResolutions: '240p,360p,480p,720p,1080p' }),
      ),
    ).toEqual({
      status: 'ready',
      progress: 100,
      playable: true,
      durationSeconds: 61,
      renditions: ['240p', '360p', '720p'],
      error: null,
    });
  });

  it('when Bunny failed to encode or to receive it, then it failed with a reason in Portuguese', () => {
    expect(hostedStateOf(video(S.error))).toMatchObject({
      status: 'failed',
      error: BUNNY_MESSAGES.encodingFailed,
    });
    expect(hostedStateOf(video(S.uploadFailed))).toMatchObject({
      status: 'failed',
      error: BUNNY_MESSAGES.uploadFailed,
    });
  });

  it('when Bunny reports a status it has not documented, then nothing changes', () => {
    expect(hostedStateOf(video(42))).toBeNull();
  });
});

describe('Bunny Stream settings', () => {
  it('when none of them is set, then video stays on this server', () => {
    expect(loadConfig({ ...BASE_ENV }).video.bunny).toBeUndefined();
  });

  it("when all are set, then the pull zone is https and the API is Bunny's", () => {
    expect(loadConfig({ ...BASE_ENV, ...BUNNY_ENV }).video.bunny).toEqual({
      libraryId: '1234',
      apiKey: 'api-key',
      tokenKey: 'token-key',
      cdnOrigin: 'https://vz-abc123-456.b-cdn.net',
      webhookSecret: undefined,
      apiUrl: 'https://video.bunnycdn.com',
    });
  });

  it('when only some of the three keys are set, then the start is refused naming what is missing', () => {
    const { BUNNY_STREAM_TOKEN_KEY: _token, ...withoutToken } = BUNNY_ENV;
    expect(() => loadConfig({ ...BASE_ENV, ...withoutToken })).toThrow(ConfigError);
    expect(() => loadConfig({ ...BASE_ENV, ...withoutToken })).toThrow(/BUNNY_STREAM_TOKEN_KEY/);
    expect(() => loadConfig({ ...BASE_ENV, BUNNY_STREAM_API_KEY: 'k' })).toThrow(
      /BUNNY_STREAM_LIBRARY_ID, BUNNY_STREAM_TOKEN_KEY missing/,
    );
  });

  it('when the pull zone or the library id is missing or malformed, then the start is refused', () => {
    const { BUNNY_STREAM_CDN_HOST: _host, ...withoutHost } = BUNNY_ENV;
    expect(() => loadConfig({ ...BASE_ENV, ...withoutHost })).toThrow(/BUNNY_STREAM_CDN_HOST/);
    expect(() =>
      loadConfig({ ...BASE_ENV, ...BUNNY_ENV, BUNNY_STREAM_CDN_HOST: 'vz.b-cdn.net/path' }),
    ).toThrow(/BUNNY_STREAM_CDN_HOST/);
    expect(() =>
      loadConfig({ ...BASE_ENV, ...BUNNY_ENV, BUNNY_STREAM_LIBRARY_ID: 'my-library' }),
    ).toThrow(/BUNNY_STREAM_LIBRARY_ID/);
  });
});

describe("Bunny's API client", () => {
  let fake: FakeBunnyStream;
  let config: BunnyStreamConfig;
  beforeAll(async () => {
    fake = await startFakeBunnyStream();
    config = {
      libraryId: fake.libraryId,
      apiKey: fake.apiKey,
      tokenKey: fake.tokenKey,
      cdnOrigin: fake.cdnOrigin,
      webhookSecret: undefined,
      apiUrl: fake.apiUrl,
    };
  });
  afterAll(() => fake.close());

  it('when a video is created, read and deleted, then each call carries the library key, and a video already gone is fine', async () => {
    const bunny = createBunnyStream(config);
    const guid = await bunny.createVideo('Aula');
    expect(fake.videos.get(guid)?.title).toBe('Aula');
    expect(await bunny.getVideo(guid)).toMatchObject({ guid, status: 0 });
    await bunny.deleteVideo(guid);
    expect(fake.videos.has(guid)).toBe(false);
    expect(await bunny.getVideo(guid)).toBeNull();
    await expect(bunny.deleteVideo(guid)).resolves.toBeUndefined();
    expect(fake.requests.every((r) => r.accessKey === fake.apiKey)).toBe(true);
  });

  it('when the key is wrong, then Bunny refuses; when Bunny cannot be reached or fails, then it is unavailable', async () => {
    await expect(
      createBunnyStream({ ...config, apiKey: 'wrong' }).createVideo('x'),
    ).rejects.toBeInstanceOf(BunnyRefused);
    fake.failWith(502);
    try {
      await expect(createBunnyStream(config).createVideo('x')).rejects.toBeInstanceOf(
        BunnyUnavailable,
      );
    } finally {
      fake.failWith(null);
    }
    const nowhere = createBunnyStream({ ...config, apiUrl: 'http://127.0.0.1:9' });
    await expect(nowhere.getVideo(crypto.randomUUID())).rejects.toBeInstanceOf(BunnyUnavailable);
  });

  it('when a webhook secret is set, then only the body it signed passes', () => {
    const bunny = createBunnyStream({ ...config, webhookSecret: 'read-only' });
    const body = Buffer.from('{"VideoGuid":"x"}');
    expect(bunny.verifyWebhook(body, bunnyWebhookSignature('read-only', body))).toBe(true);
    expect(bunny.verifyWebhook(body, bunnyWebhookSignature('other', body))).toBe(false);
    expect(bunny.verifyWebhook(body, undefined)).toBe(false);
    expect(bunny.verifyWebhook(body, 'zz')).toBe(false);
  });
});
