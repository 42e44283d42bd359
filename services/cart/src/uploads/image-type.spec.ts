import { detectImageType } from './image-type';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('detectImageType (uploads are checked by their bytes, not their name)', () => {
  it('recognises JPEG, PNG, GIF, WebP, BMP, TIFF and AVIF/HEIC by their signatures', () => {
    expect(detectImageType(bytes([0xff, 0xd8, 0xff, 0xe0], 'rest'))?.mime).toBe('image/jpeg');
    expect(detectImageType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'))).toEqual({
      mime: 'image/png',
      ext: 'png',
    });
    expect(detectImageType(bytes('GIF89a', [1, 0, 1, 0]))?.mime).toBe('image/gif');
    expect(detectImageType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))?.mime).toBe('image/webp');
    expect(detectImageType(bytes('BM', new Array(30).fill(0)))?.mime).toBe('image/bmp');
    expect(detectImageType(bytes([0x49, 0x49, 0x2a, 0x00], 'data'))?.mime).toBe('image/tiff');
    expect(detectImageType(bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0]))?.mime).toBe('image/avif');
    expect(detectImageType(bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0]))?.mime).toBe('image/heic');
  });

  it('refuses text, PDF, SVG, an MP4 and an empty file, whatever they are called', () => {
    expect(detectImageType(Buffer.from('hello, this is not an image'))).toBeNull();
    expect(detectImageType(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(
      detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBeNull();
    expect(detectImageType(bytes([0, 0, 0, 0x18], 'ftypmp42', [0, 0, 0, 0]))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});
