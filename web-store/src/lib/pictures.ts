import { pictureSrcSet } from '@shop/proto';

/**
 * How wide each place shows a product picture, as `sizes`, from the CSS that lays it out: the
 * browser takes from a picture's widths (proto's pictures.ts) the one that fills that many
 * pixels on its screen. A preload names the same `sizes` as the picture it is for, or the browser
 * would fetch a second width.
 */
export const PICTURE_SIZES = {
  /**
   * The product list (styles.css .product-grid in .products-layout, 1200 px container, 16 px
   * padding, 1 px card borders): two columns, three from 640 px, three beside the 250 px filters
   * from 900 px, four from 1100 px.
   */
  listCard:
    '(min-width: 1200px) 211px, (min-width: 1100px) calc(25vw - 90px), (min-width: 900px) calc(33.3vw - 111px), ' +
    '(min-width: 640px) calc(33.3vw - 23px), calc(50vw - 24px)',
  /** The same grid without the filters: similar products on a product page. */
  pageCard:
    '(min-width: 1200px) 278px, (min-width: 1100px) calc(25vw - 22px), (min-width: 640px) calc(33.3vw - 23px), ' +
    'calc(50vw - 24px)',
  /** The gallery's main picture (product.css): the page's width, half of it beside the details from 900 px. */
  gallery: '(min-width: 1200px) 572px, (min-width: 900px) calc(50vw - 28px), calc(100vw - 32px)',
  /** Gallery thumbnails: 64 px buttons with 4 px of padding and border. */
  thumbnail: '56px',
  searchResult: '40px',
  /** cart.css .cart-line's first column. */
  cartLine: '(min-width: 640px) 96px, 72px',
} as const;

export interface PictureSources {
  src: string;
  srcSet?: string;
  sizes?: string;
  /** The AVIF widths, for a <source> the browsers that read AVIF take instead. */
  avifSrcSet?: string;
}

/**
 * Where a product picture shown at `sizes` can be fetched from. `src` stays the URL the product
 * holds (its largest WebP, for a browser without srcset); a URL that is not a stored picture's
 * has no other widths. AVIF is stored up to 640 px: a place that can need more (the gallery)
 * asks for WebP alone.
 */
export function pictureSources(url: string, sizes: string, { avif = true } = {}): PictureSources {
  const srcSet = pictureSrcSet(url);
  if (!srcSet) return { src: url };
  return { src: url, srcSet, sizes, avifSrcSet: avif ? pictureSrcSet(url, 'avif') : undefined };
}

/**
 * Starts a picture before the <img> that shows it exists, at the width and in the format that
 * <img> will pick: the same candidates and `sizes`, so it finds the picture in the cache (an AVIF
 * preload is skipped by a browser that could not show it). Once per picture and place.
 */
export function preloadPicture(url: string, sizes: string, { avif = true } = {}): void {
  const { src, srcSet, avifSrcSet } = pictureSources(url, sizes, { avif });
  const candidates = avifSrcSet ?? srcSet;
  const asked = [...document.head.querySelectorAll('link[rel="preload"]')].some((link) =>
    candidates
      ? link.getAttribute('imagesrcset') === candidates && link.getAttribute('imagesizes') === sizes
      : link.getAttribute('href') === src,
  );
  if (asked) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  if (avifSrcSet) link.type = 'image/avif';
  else link.href = src;
  if (candidates) {
    link.setAttribute('imagesrcset', candidates);
    link.setAttribute('imagesizes', sizes);
  }
  link.fetchPriority = 'high';
  document.head.appendChild(link);
}
