import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken, pngBytes, uploadImages } from './catalog-support';

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

  it('stores several images under new names, with a web rendition served under /uploads', async () => {
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
    for (const url of res.body.urls) expect(url).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}-web\.webp$/);

    const served = await fetch(`${backend.url}${res.body.urls[1]}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 600 });
    expect(stored().some((name) => name.endsWith('.jpg'))).toBe(true);
    expect(stored().join()).not.toContain('banner');
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

  it('deletes stored images by URL, both renditions, and skips URLs that are not ours', async () => {
    const { body } = await uploadImages(backend.url, admin, [
      { name: 'x.png', type: 'image/png', bytes: await pngBytes() },
    ]);
    const [url] = body.urls;
    const id = url.split('/').pop().slice(0, 36);
    expect(stored().filter((n) => n.startsWith(id))).toHaveLength(2);

    const res = await http.request('DELETE', '/admin/delete-images', {
      body: { imageUrls: [url, 'https://cdn.example.com/other.png', '/uploads/products/../../etc/passwd'] },
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, deleted: 1 });
    expect(stored().filter((n) => n.startsWith(id))).toHaveLength(0);
    expect((await fetch(`${backend.url}${url}`)).status).toBe(404);
  });

  it("refuses a delete without a list of URLs with 'imageUrls must be a list of image URLs'", async () => {
    const res = await http.request('DELETE', '/admin/delete-images', { body: {}, token: admin });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('imageUrls must be a list of image URLs');
  });
});
