import { imageSrcSet } from '@aprendiz/contract/rules/image-variants';
import type { ImgHTMLAttributes } from 'react';

// The thumbnails are 16:9; fixed dimensions let the browser reserve the space before they load.
const WIDTH = 640;
const HEIGHT = 360;

type ThumbnailProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> & {
  src: string;
  /** How wide the image is laid out, as the `sizes` attribute says it: the browser picks the copy. */
  sizes: string;
};

/**
 * A course's thumbnail with its smaller copies in `srcset`, so a card on a phone downloads a copy
 * near its own width rather than the 1280-pixel original.
 */
export function CourseThumbnail({ src, sizes, alt = '', ...rest }: ThumbnailProps) {
  const srcSet = imageSrcSet(src);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={WIDTH}
      height={HEIGHT}
      {...rest}
    />
  );
}
