import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, IncomingMessage, Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNginx } from './support/nginx';
import { freePort, Proc } from './support/processes';
import { readRepoFile } from './support/repo';

jest.setTimeout(30_000);

/**
 * The three nginx configurations of deploy/nginx run by a real nginx: the two web apps' static
 * servers and the compose file's one public port in front of them and a stand-in gateway.
 * Only what a container gives them is changed: the listen address, the document root and the
 * upstream host names become local ones.
 */
describe('the nginx configurations (deploy/nginx)', () => {
  const work = mkdtempSync(join(tmpdir(), 'shop-nginx-'));
  const html = join(work, 'html');
  const procs: Proc[] = [];
  let gateway: Server;
  const seen: { url: string; headers: IncomingMessage['headers']; bytes: number }[] = [];
  let proxy: string;
  let store: string;
  let admin: string;

  const write = (path: string, text: string) => {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
  };
  const readable = (path: string) => {
    chmodSync(path, statSync(path).isDirectory() ? 0o755 : 0o644);
    if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) readable(join(path, entry));
  };

  beforeAll(async () => {
    // What `vite build` leaves in dist/ (web-store at /, web-admin under its base /admin2009/).
    write(join(html, 'index.html'), '<!doctype html><title>store</title>');
    write(join(html, 'assets', 'index-3f9a1c.js'), `console.info(${JSON.stringify('x'.repeat(4096))});`);
    write(join(html, 'favicon.svg'), '<svg/>');
    write(join(html, 'admin2009', 'index.html'), '<!doctype html><title>admin</title>');
    write(join(html, 'admin2009', 'assets', 'index-7be20d.js'), 'console.info(1);');
    readable(work);

    gateway = createServer((req, res) => {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => (bytes += chunk.length));
      req.on('end', () => {
        seen.push({ url: req.url!, headers: req.headers, bytes });
        // As the gateway serves product pictures (gateway/src/main.ts).
        if (req.url!.startsWith('/uploads/'))
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ url: req.url }));
      });
    });
    const gatewayPort = await freePort();
    await new Promise<void>((resolve) => gateway.listen(gatewayPort, '127.0.0.1', resolve));

    const ports = { 'web-store': await freePort(), 'web-admin': await freePort(), proxy: await freePort() };
    const local = (name: keyof typeof ports, conf: string) =>
      conf
        .replace(/^(\s*)listen\s+8080\s*;/m, `$1listen 127.0.0.1:${ports[name]};`)
        .replace(/\/usr\/share\/nginx\/html/g, html)
        .replace(/http:\/\/gateway:8080/g, `http://127.0.0.1:${gatewayPort}`)
        .replace(/http:\/\/web-store:8080/g, `http://127.0.0.1:${ports['web-store']}`)
        .replace(/http:\/\/web-admin:8080/g, `http://127.0.0.1:${ports['web-admin']}`);
    for (const name of ['web-store', 'web-admin', 'proxy'] as const) {
      procs.push(
        await startNginx(
          name,
          join(work, name),
          local(name, readRepoFile(`deploy/nginx/${name}.conf`)),
          ports[name],
        ),
      );
    }
    proxy = `http://127.0.0.1:${ports.proxy}`;
    store = `http://127.0.0.1:${ports['web-store']}`;
    admin = `http://127.0.0.1:${ports['web-admin']}`;
  });

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    gateway?.closeAllConnections();
    await new Promise((resolve) => gateway?.close(resolve));
    rmSync(work, { recursive: true, force: true });
  });

  const get = (url: string, init: RequestInit = {}) => fetch(url, { redirect: 'manual', ...init });

  it('serves the storefront at / and every client-side route with its index.html, never cached', async () => {
    for (const path of ['/', '/products/ms', '/cart', '/orders/2f1c']) {
      const res = await get(`${proxy}${path}`);
      expect([path, res.status, res.headers.get('cache-control'), await res.text()]).toEqual([
        path,
        200,
        'no-cache',
        '<!doctype html><title>store</title>',
      ]);
    }
  });

  it('caches hashed assets for a year and answers a missing asset with 404, not the app', async () => {
    const res = await get(`${proxy}/assets/index-3f9a1c.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('application/javascript');
    expect((await get(`${proxy}/assets/index-000000.js`)).status).toBe(404);
    expect((await get(`${proxy}/favicon.svg`)).headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('compresses text assets', async () => {
    const res = await fetch(`${store}/assets/index-3f9a1c.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });

  it('serves the back office under /admin2009/, redirecting the bare path relative to where the browser is', async () => {
    const bare = await get(`${proxy}/admin2009`);
    expect([bare.status, bare.headers.get('location')]).toEqual([301, '/admin2009/']);
    for (const path of ['/admin2009/', '/admin2009/orders', '/admin2009/products/42/edit']) {
      const res = await get(`${proxy}${path}`);
      expect([path, res.status, res.headers.get('cache-control'), await res.text()]).toEqual([
        path,
        200,
        'no-cache',
        '<!doctype html><title>admin</title>',
      ]);
    }
    const asset = await get(`${proxy}/admin2009/assets/index-7be20d.js`);
    expect([asset.status, asset.headers.get('cache-control')]).toEqual([
      200,
      'public, max-age=31536000, immutable',
    ]);
    expect((await get(`${proxy}/admin2009/assets/gone.js`)).status).toBe(404);
    expect((await get(`${admin}/`)).status).toBe(404);
  });

  it('passes /api and /uploads to the gateway with the original path, host and port, client address and a request id', async () => {
    seen.length = 0;
    const api = await get(`${proxy}/api/products?brand=ms`);
    expect(await api.json()).toEqual({ url: '/api/products?brand=ms' });
    await get(`${proxy}/uploads/products/a.jpg`);
    expect(seen.map((s) => s.url)).toEqual(['/api/products?brand=ms', '/uploads/products/a.jpg']);
    expect(seen[0].headers).toMatchObject({
      host: new URL(proxy).host,
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
    });
    expect(seen[0].headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it("keeps the gateway's year-long caching of product pictures", async () => {
    const res = await get(`${proxy}/uploads/products/0123456789abcdef-320.webp`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('accepts uploads up to 10 MB through the public port and refuses larger ones', async () => {
    seen.length = 0;
    const ok = await get(`${proxy}/api/products/images`, {
      method: 'POST',
      body: Buffer.alloc(9 * 1024 * 1024),
    });
    expect(ok.status).toBe(200);
    expect(seen[0].bytes).toBe(9 * 1024 * 1024);
    const tooBig = await get(`${proxy}/api/products/images`, {
      method: 'POST',
      body: Buffer.alloc(11 * 1024 * 1024),
    });
    expect(tooBig.status).toBe(413);
  });

  it('answers the health checks of the images and compose', async () => {
    for (const base of [proxy, store, admin]) {
      const res = await get(`${base}/healthz`);
      expect([res.status, await res.text()]).toEqual([200, 'ok\n']);
    }
  });
});
