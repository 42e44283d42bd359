import type { ImgHTMLAttributes } from 'react';
import { pictureSources } from '../lib/pictures';

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
  /** False where the picture can be shown wider than the AVIFs are stored (the gallery). */
  avif?: boolean;
}

/**
 * A product picture in the width and format its place needs; `width` and `height` keep its box
 * before it loads.
 */
export function ProductImage({
  src,
  sizes,
  width,
  height,
  priority = false,
  avif = true,
  alt = '',
  ...rest
}: ProductImageProps) {
  const { avifSrcSet, ...sources } = pictureSources(src, sizes, { avif });
  const img = (
    // Loading and priority before the sources: some browsers start the fetch as src is set.
    <img
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      alt={alt}
      width={width}
      height={height}
      {...rest}
      {...sources}
    />
  );
  if (!avifSrcSet) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={avifSrcSet} sizes={sizes} />
      {img}
    </picture>
  );
}
