import { sharp } from '../../providers/image-library';
import { badRequest } from '../../http/errors';
import { THUMBNAIL_MESSAGES, type ImageMessages } from '../../http/upload';

export const THUMBNAIL_MAX_WIDTH = 1280;
export const THUMBNAIL_MAX_HEIGHT = 720;
export const THUMBNAIL_WEBP_QUALITY = 80;
/** A 5 MB file can still unpack to gigabytes of pixels; 40 MP covers any real photo. */
export const THUMBNAIL_MAX_INPUT_PIXELS = 40_000_000;

export const THUMBNAIL_EMPTY = THUMBNAIL_MESSAGES.empty;
export const THUMBNAIL_UNREADABLE = THUMBNAIL_MESSAGES.unreadable;

/** What sharp reads from the file's own bytes (AVIF reports as heif); the declared MIME type is not trusted. */
const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

/**
 * Checks that the upload really is a raster image and re-encodes it as WebP within 1280×720: the
 * stored file never carries the uploader's bytes (metadata, polyglots), only sharp's output.
 */
export async function toThumbnailWebp(
  input: Buffer,
  messages: ImageMessages = THUMBNAIL_MESSAGES,
): Promise<Buffer> {
  // sharp refuses an empty buffer by throwing from its constructor, outside the checks below.
  if (input.length === 0) throw badRequest(messages.empty);
  const image = sharp(input, { limitInputPixels: THUMBNAIL_MAX_INPUT_PIXELS });
  let format: string | undefined;
  try {
    format = (await image.metadata()).format;
  } catch {
    throw badRequest(messages.notAnImage);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw badRequest(messages.notAnImage);
  try {
    return await image
      .rotate()
      .resize({
        width: THUMBNAIL_MAX_WIDTH,
        height: THUMBNAIL_MAX_HEIGHT,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: THUMBNAIL_WEBP_QUALITY })
      .toBuffer();
  } catch {
    // Headers that parse but pixel data that does not (truncated, corrupt, too many pixels).
    throw badRequest(messages.unreadable);
  }
}
