import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { LocalImageStorage } from './image-storage';
import { makePicture, Picture, storePicture } from './pictures';

const solid = (width: number, height: number, background = '#1d4ed8') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe('product pictures in widths and formats', () => {
  const root = mkdtempSync(join(tmpdir(), 'pictures-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const dimensions = (picture: Picture) =>
    Promise.all(
      picture.files.map(async ({ side, format, bytes }) => {
        const meta = await sharp(bytes).metadata();
        // sharp names AVIF by its container, HEIF.
        return [
          side,
          format,
          meta.format === 'heif' ? meta.compression : meta.format,
          meta.width,
          meta.height,
        ];
      }),
    );

  it('makes a WebP for every standard side up to 1200 px and an AVIF up to 640, each fitted inside its square', async () => {
    const picture = await makePicture(sharp(await solid(2400, 1200)));
    expect(picture.largest).toBe(1200);
    expect(await dimensions(picture)).toEqual([
      [160, 'avif', 'av1', 160, 80],
      [320, 'avif', 'av1', 320, 160],
      [480, 'avif', 'av1', 480, 240],
      [640, 'avif', 'av1', 640, 320],
      [160, 'webp', 'webp', 160, 80],
      [320, 'webp', 'webp', 320, 160],
      [480, 'webp', 'webp', 480, 240],
      [640, 'webp', 'webp', 640, 320],
      [800, 'webp', 'webp', 800, 400],
      [1200, 'webp', 'webp', 1200, 600],
    ]);
  });

  it('never enlarges a small picture: its own size is its largest width', async () => {
    const picture = await makePicture(sharp(await solid(300, 500)));
    expect(picture.largest).toBe(500);
    expect((await dimensions(picture)).filter(([, format]) => format === 'webp')).toEqual([
      [160, 'webp', 'webp', 96, 160],
      [320, 'webp', 'webp', 192, 320],
      [480, 'webp', 'webp', 288, 480],
      [500, 'webp', 'webp', 300, 500],
    ]);
  });

  it('names a picture by its content: the same pixels the same key, others another', async () => {
    const [blue, again, red] = await Promise.all([
      makePicture(sharp(await solid(400, 400))),
      makePicture(sharp(await solid(400, 400))),
      makePicture(sharp(await solid(400, 400, '#b91c1c'))),
    ]);
    expect(blue.key).toMatch(/^[0-9a-f]{16}$/);
    expect(again.key).toBe(blue.key);
    expect(red.key).not.toBe(blue.key);
  });

  it('stores every width and answers the URL of the largest; storing it again changes nothing', async () => {
    const storage = new LocalImageStorage(root, '/uploads');
    const picture = await makePicture(sharp(await solid(900, 900)));
    const url = await storePicture(storage, picture);
    expect(url).toBe(`/uploads/products/${picture.key}-900.webp`);
    expect(await storePicture(storage, picture)).toBe(url);
    const names = readdirSync(join(root, 'products')).sort();
    expect(names).toEqual(
      [
        ...[160, 320, 480, 640].map((side) => `${picture.key}-${side}.avif`),
        ...[160, 320, 480, 640, 800, 900].map((side) => `${picture.key}-${side}.webp`),
      ].sort(),
    );
  });
});
