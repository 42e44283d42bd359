import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { LocalImageStorage } from './image-storage';
import { makePicture, storePicture } from './pictures';

const solid = (width: number, height: number, background = '#1d4ed8') =>
  sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

describe('product pictures in widths', () => {
  const root = mkdtempSync(join(tmpdir(), 'pictures-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('makes a WebP for every standard side up to 1200 px, each fitted inside its square', async () => {
    const picture = await makePicture(sharp(await solid(2400, 1200)));
    expect(picture.largest).toBe(1200);
    const sizes = await Promise.all(
      picture.widths.map(async ({ side, bytes }) => {
        const meta = await sharp(bytes).metadata();
        return [side, meta.format, meta.width, meta.height];
      }),
    );
    expect(sizes).toEqual([
      [160, 'webp', 160, 80],
      [320, 'webp', 320, 160],
      [480, 'webp', 480, 240],
      [640, 'webp', 640, 320],
      [800, 'webp', 800, 400],
      [1200, 'webp', 1200, 600],
    ]);
  });

  it('never enlarges a small picture: its own size is its largest width', async () => {
    const picture = await makePicture(sharp(await solid(300, 500)));
    expect(picture.largest).toBe(500);
    expect(picture.widths.map((w) => w.side)).toEqual([160, 320, 480, 500]);
    expect(await sharp(picture.widths[3].bytes).metadata()).toMatchObject({ width: 300, height: 500 });
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
    expect(names).toEqual([160, 320, 480, 640, 800, 900].map((side) => `${picture.key}-${side}.webp`).sort());
  });
});
