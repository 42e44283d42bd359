import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, get as httpGet, IncomingMessage, Server, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { startNginx } from './support/nginx';
import { freePort, Proc } from './support/processes';
import { readRepoFile } from './support/repo';
import { STOREFRONT_SERVER } from './support/storefront';

jest.setTimeout(30_000);

/**
 * The nginx configurations of deploy/nginx run by a real nginx: the back office's static server
 * and the compose file's one public port in front of it, a stand-in gateway and a stand-in
 * storefront server (what `node web-store/build/server/index.js` answers, reduced to what the proxy
 * must pass on). Only what a container gives them is changed: the listen address, the document
 * root and the upstream host names become local ones.
 */
describe('the nginx configurations (deploy/nginx)', () => {
  const work = mkdtempSync(join(tmpdir(), 'shop-nginx-'));
  const html = join(work, 'html');
  const procs: Proc[] = [];
  let gateway: Server;
  let storefront: Server;
  const seen: { url: string; headers: IncomingMessage['headers']; bytes: number }[] = [];
  const pages: { url: string; headers: IncomingMessage['headers']; socket: Socket }[] = [];
  let releaseStream: () => void = () => undefined;
  let proxy: string;
  let admin: string;

  const ASSET = brotliCompressSync(Buffer.from(`console.info(${JSON.stringify('x'.repeat(4096))});`));
  const STREAM_HEAD = '<!doctype html><html><head><title>MS &amp; Jaksh</title></head><body><div id="shell">';
  const STREAM_REST = '<main>the product, once its data came</main></div></body></html>';

  const write = (path: string, text: string) => {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
  };
  const readable = (path: string) => {
    chmodSync(path, statSync(path).isDirectory() ? 0o755 : 0o644);
    if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) readable(join(path, entry));
  };

  /** As the storefront server answers: pages, a streamed page, hashed assets, its own statuses. */
  function storefrontAnswer(req: IncomingMessage, res: ServerResponse) {
    pages.push({ url: req.url!, headers: req.headers, socket: req.socket });
    const path = req.url!.split('?')[0];
    if (path === '/product/stream') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write(STREAM_HEAD);
      releaseStream = () => res.end(STREAM_REST);
      return;
    }
    if (path.startsWith('/assets/')) {
      res.writeHead(200, {
        'content-type': 'text/javascript',
        'content-encoding': 'br',
        'cache-control': 'public, max-age=31536000, immutable',
      });
      res.end(ASSET);
      return;
    }
    if (path === '/product/gone') {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Not found</title>');
      return;
    }
    if (path === '/somewhere-unknown') {
      res.writeHead(302, { location: '/' });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ url: req.url }));
  }

  beforeAll(async () => {
    // What `vite build` leaves in web-admin/dist/, under its base /admin2009/.
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

    storefront = createServer(storefrontAnswer);
    storefront.keepAliveTimeout = STOREFRONT_SERVER.keepAliveTimeoutSeconds * 1000;
    const storefrontPort = await freePort();
    await new Promise<void>((resolve) => storefront.listen(storefrontPort, '127.0.0.1', resolve));

    const ports = { 'web-admin': await freePort(), proxy: await freePort() };
    const local = (name: keyof typeof ports, conf: string) =>
      conf
        .replace(/^(\s*)listen\s+8080\s*;/m, `$1listen 127.0.0.1:${ports[name]};`)
        .replace(/\/usr\/share\/nginx\/html/g, html)
        .replace(/http:\/\/gateway:8080/g, `http://127.0.0.1:${gatewayPort}`)
        .replace(/http:\/\/web-admin:8080/g, `http://127.0.0.1:${ports['web-admin']}`)
        // An address needs no resolving (and `resolve` is nginx 1.27.3+, newer than a test host's).
        .replace(/server\s+web-store:3000\s+resolve\s*;/, `server 127.0.0.1:${storefrontPort};`);
    for (const name of ['web-admin', 'proxy'] as const) {
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
    admin = `http://127.0.0.1:${ports['web-admin']}`;
  });

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    for (const server of [gateway, storefront]) {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    }
    rmSync(work, { recursive: true, force: true });
  });

  const get = (url: string, init: RequestInit = {}) => fetch(url, { redirect: 'manual', ...init });

  it("passes the storefront's pages, assets, sitemap and robots.txt to the web-store server with the original path, host, scheme and client address", async () => {
    pages.length = 0;
    const paths = [
      '/',
      '/products?brand=ms&sort=price_asc&page=2',
      '/product/42',
      '/assets/entry.client-3f9a1c.js',
      '/sitemap.xml',
      '/robots.txt',
    ];
    for (const path of paths) expect([path, (await get(`${proxy}${path}`)).status]).toEqual([path, 200]);
    expect(pages.map((p) => p.url)).toEqual(paths);
    for (const page of pages)
      expect(page.headers).toMatchObject({
        host: new URL(proxy).host,
        'x-forwarded-host': new URL(proxy).host,
        'x-forwarded-for': '127.0.0.1',
        'x-forwarded-proto': 'http',
      });
  });

  it("leaves the storefront's statuses, redirects, caching and compression as the server sent them", async () => {
    const gone = await get(`${proxy}/product/gone`);
    expect([gone.status, await gone.text()]).toEqual([404, '<!doctype html><title>Not found</title>']);
    const unknown = await get(`${proxy}/somewhere-unknown`);
    expect([unknown.status, unknown.headers.get('location')]).toEqual([302, '/']);
    const asset = await new Promise<{ headers: IncomingMessage['headers']; body: Buffer }>(
      (resolve, reject) =>
        httpGet(`${proxy}/assets/entry.client-3f9a1c.js`, { headers: { 'accept-encoding': 'br' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject),
    );
    expect(asset.headers).toMatchObject({
      'cache-control': 'public, max-age=31536000, immutable',
      'content-encoding': 'br',
    });
    expect(asset.body.equals(ASSET)).toBe(true);
  });

  it('streams a page: its head reaches the browser while the server is still rendering the rest', async () => {
    const received: string[] = [];
    let headArrived: () => void;
    const head = new Promise<void>((resolve) => (headArrived = resolve));
    const done = new Promise<string>((resolve, reject) =>
      httpGet(`${proxy}/product/stream`, (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          received.push(chunk);
          if (received.join('').includes(STREAM_HEAD)) headArrived();
        });
        res.on('end', () => resolve(received.join('')));
      }).on('error', reject),
    );
    const inTime = await Promise.race([
      head.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3000)),
    ]);
    releaseStream();
    expect(inTime).toBe(true);
    expect(await done).toBe(STREAM_HEAD + STREAM_REST);
  });

  it("keeps the storefront server's health checks and metrics from the public port", async () => {
    pages.length = 0;
    for (const path of [STOREFRONT_SERVER.metrics, STOREFRONT_SERVER.live, STOREFRONT_SERVER.ready])
      expect([path, (await get(`${proxy}${path}`)).status]).toEqual([path, 404]);
    expect(pages).toEqual([]);
  });

  it('reuses its connections to the storefront server instead of opening one per page', async () => {
    pages.length = 0;
    for (let i = 0; i < 8; i++) await (await get(`${proxy}/product/${i}`)).text();
    expect(pages).toHaveLength(8);
    expect(new Set(pages.map((p) => p.socket)).size).toBe(1);
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
    for (const base of [proxy, admin]) {
      const res = await get(`${base}/healthz`);
      expect([res.status, await res.text()]).toEqual([200, 'ok\n']);
    }
  });
});
