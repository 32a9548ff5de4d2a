import { sharp } from '../../providers/image-library';
import { PHOTO_MESSAGES } from '../../http/upload';
import { toThumbnailWebp } from '../educator/thumbnail-image';

/** Avatars are shown at most a few dozen pixels wide; 256 covers high-density screens. */
export const PROFILE_PHOTO_SIZE = 256;

/**
 * The thumbnail pipeline (bytes checked by sharp, size and pixel limits, re-encoded, metadata
 * dropped), then a centred square crop: the stored photo never carries the uploader's bytes.
 */
export async function toProfilePhotoWebp(input: Buffer): Promise<Buffer> {
  const checked = await toThumbnailWebp(input, PHOTO_MESSAGES);
  return sharp(checked)
    .resize({ width: PROFILE_PHOTO_SIZE, height: PROFILE_PHOTO_SIZE, fit: 'cover' })
    .webp({ quality: 80 })
    .toBuffer();
}
