/**
 * The widths a thumbnail is also served at, so a card on a phone does not download the 1280-pixel
 * original. A fixed set keeps the server's cache of resized images small and each URL cacheable.
 */
export const IMAGE_VARIANT_WIDTHS = [320, 480, 640, 800, 960] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/** Thumbnails are stored at most this wide (the upload's re-encoding and the seed's images). */
export const THUMBNAIL_ORIGINAL_WIDTH = 1280;

const UPLOADS_PREFIX = '/uploads/';
const CLOUDINARY_UPLOAD = /^(https:\/\/res\.cloudinary\.com\/[^/]+\/image\/upload\/)(.+)$/;

export function isImageVariantWidth(width: number): width is ImageVariantWidth {
  return (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width);
}

/**
 * The URL of an image resized to `width`: our own `/uploads/` images take `?w=`, Cloudinary's
 * delivery URLs a `c_limit` transformation. Any other URL has no variants (null).
 */
export function imageVariantUrl(url: string, width: ImageVariantWidth): string | null {
  if (url.startsWith(UPLOADS_PREFIX) && !url.includes('?')) return `${url}?w=${width}`;
  const cloudinary = CLOUDINARY_UPLOAD.exec(url);
  if (cloudinary) return `${cloudinary[1]}c_limit,w_${width}/${cloudinary[2]}`;
  return null;
}

/** A `srcset` of the variants and the original, or undefined where the URL has no variants. */
export function imageSrcSet(url: string): string | undefined {
  const variants: string[] = [];
  for (const width of IMAGE_VARIANT_WIDTHS) {
    const variant = imageVariantUrl(url, width);
    if (variant === null) return undefined;
    variants.push(`${variant} ${width}w`);
  }
  return [...variants, `${url} ${THUMBNAIL_ORIGINAL_WIDTH}w`].join(', ');
}
