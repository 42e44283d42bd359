import type { ImgHTMLAttributes } from 'react';
import { pictureAttributes } from '../lib/pictures';

interface ProductImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> {
  /** The picture's URL, as products hold it. */
  src: string;
  /** Where it shows: one of PICTURE_SIZES. */
  sizes: string;
  width: number;
  height: number;
  /**
   * The first screen's main picture: fetched first and at once. Every other one waits until
   * it is near the screen, and is decoded off the main thread.
   */
  priority?: boolean;
}

/** A product picture in the width its place needs; `width` and `height` keep its box before it loads. */
export function ProductImage({ src, sizes, width, height, priority = false, alt = '', ...rest }: ProductImageProps) {
  return (
    // Loading and priority before the sources: some browsers start the fetch as src is set.
    <img
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      alt={alt}
      width={width}
      height={height}
      {...rest}
      {...pictureAttributes(src, sizes)}
    />
  );
}
