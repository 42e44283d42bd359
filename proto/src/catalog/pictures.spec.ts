import { parsePictureUrl, pictureSrcSet, pictureUrlFor, pictureWidths } from './pictures';

describe('product picture URLs', () => {
  const url = '/uploads/products/0123456789abcdef-1200.webp';

  it('stores a picture at every standard side below its own, and at its own', () => {
    expect(pictureWidths(1200)).toEqual([160, 320, 480, 640, 800, 1200]);
    expect(pictureWidths(800)).toEqual([160, 320, 480, 640, 800]);
    expect(pictureWidths(500)).toEqual([160, 320, 480, 500]);
    expect(pictureWidths(90)).toEqual([90]);
  });

  it('offers every width of a stored picture to the browser, by the URL of its largest', () => {
    expect(pictureSrcSet('/uploads/products/0123456789abcdef-500.webp')).toBe(
      '/uploads/products/0123456789abcdef-160.webp 160w, /uploads/products/0123456789abcdef-320.webp 320w, ' +
        '/uploads/products/0123456789abcdef-480.webp 480w, /uploads/products/0123456789abcdef-500.webp 500w',
    );
  });

  it('offers AVIF for the widths up to 640 px, where lists and thumbnails show pictures', () => {
    expect(pictureWidths(1200, 'avif')).toEqual([160, 320, 480, 640]);
    expect(pictureWidths(500, 'avif')).toEqual([160, 320, 480, 500]);
    expect(pictureSrcSet(url, 'avif')).toBe(
      '/uploads/products/0123456789abcdef-160.avif 160w, /uploads/products/0123456789abcdef-320.avif 320w, ' +
        '/uploads/products/0123456789abcdef-480.avif 480w, /uploads/products/0123456789abcdef-640.avif 640w',
    );
  });

  it('keeps the host of pictures served from another origin', () => {
    expect(pictureSrcSet('https://cdn.example.com/uploads/products/0123456789abcdef-160.webp')).toBe(
      'https://cdn.example.com/uploads/products/0123456789abcdef-160.webp 160w',
    );
  });

  it('leaves URLs of any other form as they are: older uploads, other hosts, made-up sides', () => {
    for (const other of [
      '/uploads/products/8a1f2c3d-1b2c-4d5e-8f90-123456789abc-web.webp',
      'https://example.com/mug.jpg',
      '/uploads/products/0123456789abcdef-5000.webp',
      '/uploads/products/0123456789ABCDEF-800.webp',
      '/logo.svg',
    ]) {
      expect(parsePictureUrl(other)).toBeNull();
      expect(pictureSrcSet(other)).toBeUndefined();
      expect(pictureSrcSet(other, 'avif')).toBeUndefined();
      expect(pictureUrlFor(other, 320)).toBe(other);
    }
  });

  it('names the smallest width that covers a side, or the largest when none does', () => {
    expect(pictureUrlFor(url, 300)).toBe('/uploads/products/0123456789abcdef-320.webp');
    expect(pictureUrlFor(url, 320)).toBe('/uploads/products/0123456789abcdef-320.webp');
    expect(pictureUrlFor(url, 2400)).toBe(url);
    expect(pictureUrlFor('/uploads/products/0123456789abcdef-500.webp', 490)).toBe(
      '/uploads/products/0123456789abcdef-500.webp',
    );
  });
});
