import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

const dev = { NODE_ENV: 'development' } as const;
const keys = { VIDEO_S3_ACCESS_KEY_ID: 'AKIA', VIDEO_S3_SECRET_ACCESS_KEY: 'secret' };

describe('VIDEO_S3_* settings', () => {
  it('when no bucket is named, then video stays on disk', () => {
    expect(loadConfig(dev).video.s3).toBeUndefined();
    expect(loadConfig({ ...dev, VIDEO_S3_BUCKET: '' }).video.s3).toBeUndefined();
  });

  it('when a bucket and its keys are set, then video goes there, under the prefix given', () => {
    expect(
      loadConfig({
        ...dev,
        ...keys,
        VIDEO_S3_BUCKET: 'aprendiz-video',
        VIDEO_S3_ENDPOINT: 'http://127.0.0.1:9000',
        VIDEO_S3_FORCE_PATH_STYLE: '1',
        VIDEO_S3_PREFIX: '/escola/',
      }).video.s3,
    ).toEqual({
      bucket: 'aprendiz-video',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'AKIA',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'escola/',
    });
  });

  it('when the bucket is set but a key is missing, then the start fails naming the key', () => {
    expect(() =>
      loadConfig({ ...dev, VIDEO_S3_BUCKET: 'aprendiz-video', VIDEO_S3_ACCESS_KEY_ID: 'AKIA' }),
    ).toThrow(/^VIDEO_S3_SECRET_ACCESS_KEY is required when VIDEO_S3_BUCKET is set/);
    expect(() => loadConfig({ ...dev, VIDEO_S3_BUCKET: 'aprendiz-video' })).toThrow(
      /^VIDEO_S3_ACCESS_KEY_ID is required/,
    );
  });

  it('when S3 settings come without a bucket, or the bucket or endpoint is malformed, then the start fails', () => {
    expect(() => loadConfig({ ...dev, ...keys })).toThrow(/VIDEO_S3_BUCKET is required/);
    for (const bucket of ['ab', 'Aprendiz', 'a'.repeat(64), 'bucket_name']) {
      expect(() => loadConfig({ ...dev, ...keys, VIDEO_S3_BUCKET: bucket })).toThrow(
        /VIDEO_S3_BUCKET/,
      );
    }
    expect(() =>
      loadConfig({ ...dev, ...keys, VIDEO_S3_BUCKET: 'videos', VIDEO_S3_ENDPOINT: 'minio' }),
    ).toThrow(/VIDEO_S3_ENDPOINT/);
  });
});
