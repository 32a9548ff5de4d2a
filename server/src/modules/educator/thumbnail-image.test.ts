import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { AppError } from '../../http/errors';
import { NOT_AN_IMAGE } from '../../http/upload';
import { makeImage } from '../../test/fixtures/educator-fixtures';
import { THUMBNAIL_EMPTY, THUMBNAIL_UNREADABLE, toThumbnailWebp } from './thumbnail-image';

async function refusal(input: Buffer): Promise<AppError> {
  const err: unknown = await toThumbnailWebp(input).then(
    () => null,
    (error: unknown) => error,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

describe('toThumbnailWebp', () => {
  it('when the file is empty, then a 400 saying so', async () => {
    const err = await refusal(Buffer.alloc(0));
    expect([err.status, err.message]).toEqual([400, THUMBNAIL_EMPTY]);
  });

  it('when the file is cut short inside its pixel data, then a 400 and no image', async () => {
    for (const format of ['png', 'jpeg'] as const) {
      const image = await makeImage(format, 640, 360);
      // Not shorter by just a PNG's 12-byte end marker: every pixel is still there and decodes.
      for (const length of [1, 8, 100, Math.floor(image.length / 2), image.length - 30]) {
        const err = await refusal(image.subarray(0, length));
        expect(err.status, `${format} cut at ${length}`).toBe(400);
        expect([NOT_AN_IMAGE, THUMBNAIL_UNREADABLE]).toContain(err.message);
      }
    }
  });

  it('when the file is zeros or text, then the not-an-image 400', async () => {
    for (const input of [Buffer.alloc(64), Buffer.from('<svg onload="alert(1)"/>')]) {
      const err = await refusal(input);
      expect([err.status, err.message]).toEqual([400, NOT_AN_IMAGE]);
    }
  });

  it('when the file is a real image, then a WebP comes back', async () => {
    const webp = await toThumbnailWebp(await makeImage('jpeg', 64, 36));
    expect((await sharp(webp).metadata()).format).toBe('webp');
  });
});
