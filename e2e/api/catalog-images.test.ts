import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePictureUrl, pictureName, pictureWidths } from '@shop/proto';
import sharp from 'sharp';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken, pngBytes, productPayload, uploadImages } from './catalog-support';

jest.setTimeout(60_000);

describe('product images: POST /admin/upload-images and DELETE /admin/delete-images', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  const admin = adminToken();
  const uploads = mkdtempSync(join(tmpdir(), 'catalog-uploads-'));
  const stored = () =>
    readdirSync(join(uploads, 'products'), { withFileTypes: true })
      .filter((f) => f.isFile())
      .map((f) => f.name);

  beforeAll(async () => {
    backend = await startBackend({
      services: ['catalog'],
      env: { RATE_LIMIT_PER_MINUTE: '100000', UPLOADS_DIR: uploads },
    });
    http = api(backend.url);
  });
  afterAll(async () => {
    await backend?.stop();
    rmSync(uploads, { recursive: true, force: true });
  });

  it('stores each image in every width it is shown at, WebP and up to 640 px AVIF, named by its content, the URL naming the largest', async () => {
    const wide = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#1d4ed8' } })
      .jpeg()
      .toBuffer();
    const res = await uploadImages(backend.url, admin, [
      { name: 'my logo.png', type: 'image/png', bytes: await pngBytes() },
      { name: 'banner.jpg', type: 'image/jpeg', bytes: wide },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.urls).toHaveLength(2);
    const [logo, banner] = res.body.urls.map((url: string) => parsePictureUrl(url));
    expect(logo).toMatchObject({ base: '/uploads/products/', largest: 64 });
    expect(banner).toMatchObject({ base: '/uploads/products/', largest: 1200 });

    for (const format of ['webp', 'avif'] as const) {
      for (const side of pictureWidths(1200, format)) {
        const served = await fetch(
          `${backend.url}/uploads/products/${pictureName(banner.key, side, format)}`,
        );
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe(`image/${format}`);
        const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        expect(meta).toMatchObject({ width: side, height: side / 2 });
      }
    }
    expect(stored()).toContain(`${banner.key}.jpg`);
    expect(stored().join()).not.toContain('banner');
  });

  it('serves every width for a year without asking again: a name never stands for other bytes', async () => {
    const { body } = await uploadImages(backend.url, admin, [
      { name: 'mug.png', type: 'image/png', bytes: await pngBytes(900, 900) },
    ]);
    const { key } = parsePictureUrl(body.urls[0])!;
    for (const format of ['webp', 'avif'] as const) {
      for (const side of pictureWidths(900, format)) {
        const res = await fetch(`${backend.url}/uploads/products/${pictureName(key, side, format)}`);
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      }
    }
    const again = await uploadImages(backend.url, admin, [
      { name: 'same mug.png', type: 'image/png', bytes: await pngBytes(900, 900) },
    ]);
    expect(again.body.urls).toEqual(body.urls);
  });

  it('judges a file by its bytes, not its name: a JPEG named .txt is an image', async () => {
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const res = await uploadImages(backend.url, admin, [
      { name: 'notes.txt', type: 'text/plain', bytes: jpeg },
    ]);
    expect(res.status).toBe(200);
  });

  it("refuses a renamed non-image with 'Please upload only image files' and stores nothing", async () => {
    const before = stored().length;
    const res = await uploadImages(backend.url, admin, [
      { name: 'good.png', type: 'image/png', bytes: await pngBytes() },
      {
        name: 'photo.png',
        type: 'image/png',
        bytes: Buffer.from('MZ this is really a program, not a picture'),
      },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please upload only image files');
    expect(stored().length).toBe(before);
  });

  it('undoes a refused batch without taking away the same picture stored before it', async () => {
    const logo = await pngBytes(120, 120);
    const earlier = await uploadImages(backend.url, admin, [
      { name: 'logo.png', type: 'image/png', bytes: logo },
    ]);
    const res = await uploadImages(backend.url, admin, [
      { name: 'logo again.png', type: 'image/png', bytes: logo },
      { name: 'fresh.png', type: 'image/png', bytes: await pngBytes(130, 130) },
      { name: 'notes.png', type: 'image/png', bytes: Buffer.from('not a picture at all') },
    ]);
    expect(res.status).toBe(400);
    expect((await fetch(`${backend.url}${earlier.body.urls[0]}`)).status).toBe(200);
    expect(stored().filter((n) => n.includes('-130.'))).toEqual([]);
  });

  it('refuses SVG, which can carry script', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const res = await uploadImages(backend.url, admin, [{ name: 'logo.png', type: 'image/png', bytes: svg }]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please upload only image files');
  });

  it("refuses a file over 5 MB with 'Each image must be 5 MB or smaller'", async () => {
    const big = Buffer.concat([await pngBytes(), randomBytes(5 * 1024 * 1024 + 1)]);
    const res = await uploadImages(backend.url, admin, [{ name: 'huge.png', type: 'image/png', bytes: big }]);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Each image must be 5 MB or smaller');
  });

  it("answers 'Please upload at least one image' when no file comes in the images field", async () => {
    const wrongField = await uploadImages(
      backend.url,
      admin,
      [{ name: 'a.png', type: 'image/png', bytes: await pngBytes() }],
      'photos',
    );
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toBe('Please upload at least one image');
    const json = await http.post('/admin/upload-images', { images: [] }, admin);
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('Please upload at least one image');
  });

  it('deletes stored images by URL, every file and the original, and skips URLs that are not ours', async () => {
    const { body } = await uploadImages(backend.url, admin, [
      { name: 'x.png', type: 'image/png', bytes: await pngBytes(500, 500) },
    ]);
    const [url] = body.urls;
    const id = parsePictureUrl(url)!.key;
    expect(stored().filter((n) => n.startsWith(id))).toHaveLength(
      pictureWidths(500).length + pictureWidths(500, 'avif').length + 1,
    );

    const res = await http.request('DELETE', '/admin/delete-images', {
      body: { imageUrls: [url, 'https://cdn.example.com/other.png', '/uploads/products/../../etc/passwd'] },
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, deleted: 1 });
    expect(stored().filter((n) => n.startsWith(id))).toHaveLength(0);
    expect((await fetch(`${backend.url}${url}`)).status).toBe(404);
  });

  it('keeps a picture a product still shows when the same picture is deleted for another', async () => {
    const bytes = await pngBytes(300, 300);
    const { body } = await uploadImages(backend.url, admin, [
      { name: 'shared.png', type: 'image/png', bytes },
    ]);
    const [url] = body.urls;
    const shown = await http.post(
      '/admin2009/products',
      productPayload({ name: 'Shared Picture Mug', images: [url] }),
      admin,
    );
    expect(shown.status).toBe(201);

    const res = await http.request('DELETE', '/admin/delete-images', {
      body: { imageUrls: [url] },
      token: admin,
    });
    expect(res.body).toEqual({ success: true, deleted: 0 });
    expect((await fetch(`${backend.url}${url}`)).status).toBe(200);

    const removed = await http.request('DELETE', `/admin2009/products/${shown.body.product._id}`, {
      token: admin,
    });
    expect(removed.status).toBe(200);
    const after = await http.request('DELETE', '/admin/delete-images', {
      body: { imageUrls: [url] },
      token: admin,
    });
    expect(after.body).toEqual({ success: true, deleted: 1 });
    expect((await fetch(`${backend.url}${url}`)).status).toBe(404);
  });

  it("refuses a delete without a list of URLs with 'imageUrls must be a list of image URLs'", async () => {
    const res = await http.request('DELETE', '/admin/delete-images', { body: {}, token: admin });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('imageUrls must be a list of image URLs');
  });
});
