import type { CartCustomization } from '@shop/proto';
import { ArtworkLinks } from './artwork-links';

const FILE = '0b7c6f4e-1d1a-4a57-9a59-5f0f1c3c2a01.png';
const STORED = `/uploads/customizations/${FILE}`;
const NOW = Date.parse('2026-03-01T10:20:00Z');
const links = new ArtworkLinks({ JWT_SECRET: 'a-secret-long-enough-for-hs256-tokens-0123' });

const partsOf = (link: string) => {
  const url = new URL(link, 'http://shop.test');
  return { path: url.pathname, expires: url.searchParams.get('expires'), signature: url.searchParams.get('signature') };
};

describe('ArtworkLinks', () => {
  it('signs a stored artwork link into one under the cart routes that opens until the end of the next hour', () => {
    const { path, expires, signature } = partsOf(links.sign(STORED, NOW));
    expect(path).toBe(`/api/cart/uploads/${FILE}`);
    expect(new Date(Number(expires) * 1000).toISOString()).toBe('2026-03-01T12:00:00.000Z');
    expect(links.secondsLeft(FILE, expires, signature, NOW)).toBe(100 * 60);
  });

  it('makes the same link all hour long, so the browser can keep the picture', () => {
    expect(links.sign(STORED, NOW)).toBe(links.sign(STORED, Date.parse('2026-03-01T10:59:59Z')));
    expect(links.sign(STORED, NOW)).not.toBe(links.sign(STORED, Date.parse('2026-03-01T11:00:00Z')));
  });

  it('refuses an expired link, another file, an altered expiry or signature, and another key', () => {
    const { expires, signature } = partsOf(links.sign(STORED, NOW));
    expect(links.secondsLeft(FILE, expires, signature, Date.parse('2026-03-01T12:00:00Z'))).toBeNull();
    expect(links.secondsLeft(FILE.replace('01.png', '02.png'), expires, signature, NOW)).toBeNull();
    expect(links.secondsLeft(FILE, String(Number(expires) + 3600), signature, NOW)).toBeNull();
    expect(links.secondsLeft(FILE, expires, `${signature!.slice(0, -1)}A`, NOW)).toBeNull();
    expect(links.secondsLeft(FILE, expires, undefined, NOW)).toBeNull();
    expect(links.secondsLeft(FILE, ['1'], signature, NOW)).toBeNull();
    const other = new ArtworkLinks({ JWT_SECRET: 'another-secret-long-enough-for-hs256-0123' });
    expect(other.secondsLeft(FILE, expires, signature, NOW)).toBeNull();
  });

  it('leaves alone what is not a stored artwork link: product pictures, names, other sites', () => {
    for (const link of ['/uploads/products/x.png', 'logo.png', 'https://example.com/uploads/customizations/' + FILE, `${STORED}/../x`]) {
      expect(links.sign(link, NOW)).toBe(link);
    }
  });

  it('signs the files of a customization where the contract puts them, and never a text that looks like one', () => {
    const customization: CartCustomization = {
      comments: STORED,
      uploadedFiles: [{ name: 'logo.png', url: STORED, fileId: FILE.slice(0, 36) }, { name: 'never uploaded.png' }],
      dynamicCustomizations: {
        photo: { name: 'photo.png', url: STORED, fileId: FILE.slice(0, 36), value: STORED },
        engraving: STORED,
        colour: { value: 'Red' },
      },
    };
    const signed = links.customization(customization);
    const link = links.sign(STORED);
    expect(signed).toEqual({
      comments: STORED,
      uploadedFiles: [{ name: 'logo.png', url: link, fileId: FILE.slice(0, 36) }, { name: 'never uploaded.png' }],
      dynamicCustomizations: {
        photo: { name: 'photo.png', url: link, fileId: FILE.slice(0, 36), value: link },
        engraving: STORED,
        colour: { value: 'Red' },
      },
    });
  });
});
