import { describe, expect, it } from 'vitest';
import {
  IMAGE_VARIANT_WIDTHS,
  imageSrcSet,
  imageVariantUrl,
  isImageVariantWidth,
} from './image-variants';

describe('image variants', () => {
  it('when the image is one of ours, then a variant is the same URL asking for a width', () => {
    expect(imageVariantUrl('/uploads/seed-python.webp', 480)).toBe(
      '/uploads/seed-python.webp?w=480',
    );
  });

  it('when the image is on Cloudinary, then a variant carries a c_limit transformation before the version', () => {
    expect(
      imageVariantUrl(
        'https://res.cloudinary.com/demo/image/upload/v1712345/aprendiz/production/abc.webp',
        640,
      ),
    ).toBe(
      'https://res.cloudinary.com/demo/image/upload/c_limit,w_640/v1712345/aprendiz/production/abc.webp',
    );
  });

  it('when the image is anywhere else or already asks for something, then it has no variants', () => {
    expect(imageVariantUrl('https://cdn.example.com/uploads/a.webp', 320)).toBeNull();
    expect(imageVariantUrl('/uploads/a.webp?w=320', 320)).toBeNull();
    expect(imageVariantUrl('https://res.cloudinary.com/demo/video/upload/a.mp4', 320)).toBeNull();
    expect(imageSrcSet('https://cdn.example.com/a.webp')).toBeUndefined();
  });

  it('when a srcset is built, then it lists every variant by width and the original last', () => {
    const srcset = imageSrcSet('/uploads/a.webp')!;
    const entries = srcset.split(', ');
    expect(entries).toEqual([
      ...IMAGE_VARIANT_WIDTHS.map((w) => `/uploads/a.webp?w=${w} ${w}w`),
      '/uploads/a.webp 1280w',
    ]);
  });

  it('when a width is checked, then only the fixed set passes', () => {
    expect(IMAGE_VARIANT_WIDTHS.every(isImageVariantWidth)).toBe(true);
    for (const width of [0, 1, 321, 1280, -480, Number.NaN])
      expect(isImageVariantWidth(width)).toBe(false);
  });
});
