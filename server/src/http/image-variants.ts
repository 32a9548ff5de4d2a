import { sharp } from '../providers/image-library';
import type { ImageVariantWidth } from '@aprendiz/contract/rules/image-variants';
import { imageEntityTag } from '../providers/storage-postgres';

/** Quality of the resized copies: a card's thumbnail at phone size, where 75 is indistinguishable. */
const VARIANT_WEBP_QUALITY = 75;
/** Resized copies kept in memory; the seed's thumbnails at every width fit many times over. */
export const MAX_VARIANT_BYTES = 32 * 1024 * 1024;

export interface ImageVariant {
  content: Buffer;
  etag: string;
}

/** What `get` answers for an original sharp cannot read (not an image): serve it unchanged. */
export const UNREADABLE = null;

async function resize(original: Buffer, width: ImageVariantWidth): Promise<Buffer | null> {
  try {
    return await sharp(original)
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: VARIANT_WEBP_QUALITY })
      .toBuffer();
  } catch {
    return UNREADABLE;
  }
}

/**
 * Resized copies of the uploads, made on first ask and kept, least recently used first out, within
 * a byte budget. Requests for a copy being made share its one read and one resize.
 */
export function createImageVariants(maxBytes = MAX_VARIANT_BYTES) {
  const kept = new Map<string, ImageVariant>();
  const making = new Map<string, Promise<ImageVariant | null | undefined>>();
  let keptBytes = 0;

  function keep(key: string, variant: ImageVariant) {
    if (variant.content.length > maxBytes) return;
    kept.set(key, variant);
    keptBytes += variant.content.length;
    for (const [oldest, old] of kept) {
      if (keptBytes <= maxBytes) break;
      kept.delete(oldest);
      keptBytes -= old.content.length;
    }
  }

  async function make(
    key: string,
    width: ImageVariantWidth,
    load: () => Promise<Buffer | undefined>,
  ): Promise<ImageVariant | null | undefined> {
    const original = await load();
    if (!original) return undefined;
    const content = await resize(original, width);
    if (!content) return UNREADABLE;
    const variant = { content, etag: imageEntityTag(content) };
    keep(key, variant);
    return variant;
  }

  return {
    /**
     * The copy of image `name` at `width`, reading the original with `load` only when none is kept:
     * undefined when there is no such image, UNREADABLE when it is not one sharp can read.
     */
    get(
      name: string,
      width: ImageVariantWidth,
      load: () => Promise<Buffer | undefined>,
    ): Promise<ImageVariant | null | undefined> {
      const key = `${width}/${name}`;
      const hit = kept.get(key);
      if (hit) {
        // Re-inserted so that the Map's order stays least recently used first.
        kept.delete(key);
        kept.set(key, hit);
        return Promise.resolve(hit);
      }
      let pending = making.get(key);
      if (!pending) {
        pending = make(key, width, load);
        making.set(key, pending);
        const done = () => making.delete(key);
        void pending.then(done, done);
      }
      return pending;
    },
    get keptBytes() {
      return keptBytes;
    },
  };
}

export type ImageVariants = ReturnType<typeof createImageVariants>;
