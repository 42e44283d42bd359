import { BRANDS, pictureWidths } from '@shop/proto';
import sharp from 'sharp';
import { fitName, PICTURE_SIDE, printLayer, ProductPainter, VIEWS } from './product-art';
import { PALETTES } from './product-drawings';
import { PRODUCT_KINDS } from './product-kinds';

jest.setTimeout(120_000);

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** Share of the picture's pixels (sampled) within a small distance of `hex`, lossy encoding allowed for. */
async function shareOf(picture: Buffer, hex: string): Promise<number> {
  const { data, info } = await sharp(picture)
    .resize(200, 200, { kernel: 'nearest' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const [r, g, b] = rgb(hex);
  let near = 0;
  for (let i = 0; i < data.length; i += info.channels)
    if (Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) <= 36) near++;
  return near / (info.width * info.height);
}

describe('product pictures', () => {
  const painter = new ProductPainter();

  describe.each(PRODUCT_KINDS.flatMap((kind) => BRANDS.map((brand) => [kind, brand] as const)))(
    'a %s for %s',
    (kind, brand) => {
      it('is drawn front, up close and in use, in every stored width and format, in the brand colour', async () => {
        const pictures = await painter.pictures('Sample Printed Product', brand, kind);
        expect(pictures).toHaveLength(VIEWS.length);
        for (const picture of pictures) {
          expect(picture.largest).toBe(PICTURE_SIDE);
          const webp = picture.files.filter((f) => f.format === 'webp');
          expect(webp.map((f) => f.side)).toEqual(pictureWidths(PICTURE_SIDE));
          const avif = picture.files.filter((f) => f.format === 'avif');
          expect(avif.map((f) => f.side)).toEqual(pictureWidths(PICTURE_SIDE, 'avif'));
          const largest = webp[webp.length - 1].bytes;
          const meta = await sharp(largest).metadata();
          expect([meta.format, meta.width, meta.height]).toEqual(['webp', PICTURE_SIDE, PICTURE_SIDE]);
          expect(await shareOf(largest, PALETTES[brand].main)).toBeGreaterThan(0.005);
        }
      });
    },
  );

  it("prints the product's name: two names give two fronts, the same name the same front", async () => {
    const [first, again, other] = await Promise.all([
      painter.view('Ceramic Coffee Mug with Logo', 'ms', 'mug', 'front'),
      painter.view('Ceramic Coffee Mug with Logo', 'ms', 'mug', 'front'),
      painter.view('Magic Colour Changing Mug', 'ms', 'mug', 'front'),
    ]);
    expect(first.key).toBe(again.key);
    expect(first.key).not.toBe(other.key);
    expect(printLayer('mug', 'jaksh', 'detail', 'Tea & Toast Mug').svg).toContain('>Tea &#38;<');
  });

  it('shrinks a long name until it fits the lines the print has room for', () => {
    const area = { w: 240, h: 200, size: 44, lines: 3 };
    expect(fitName('Mug', area)).toEqual({ size: 44, lines: ['Mug'] });
    const long = fitName('Full Colour Sublimation Lanyard with Breakaway Buckle', area);
    expect(long.size).toBeLessThan(44);
    expect(long.lines.length).toBeLessThanOrEqual(3);
    expect(long.lines.join(' ')).toBe('Full Colour Sublimation Lanyard with Breakaway Buckle');
  });
});
