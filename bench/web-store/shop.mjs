/**
 * A whole shop for the web-store bench and the screenshots, as `npm start` serves it: the six built
 * services and the gateway (which hands pages to the storefront's server and serves web-admin/dist
 * at /admin2009/) on fresh databases, the storefront's server rendering from the gateway's /api,
 * the catalog seeded the way `npm start` seeds it, and a gzip front like deploy/nginx's in front.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { root, startBackend } from '../lib/backend.mjs';
import { startStorefront, storefrontPort } from '../lib/storefront.mjs';

export { BENCH_ADMIN as ADMIN, call } from '../lib/api.mjs';

export const SERVICES = ['user', 'catalog', 'cart', 'order', 'payment', 'admin-reporting'];

function runSeed(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'services', 'catalog', 'dist', 'seed', 'seed.js')], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`catalog seed exited with ${code}`))));
  });
}

/** Types deploy/nginx/web-store.conf compresses (plus html, which nginx always compresses). */
const COMPRESSIBLE = /^(text\/|application\/javascript|application\/json|image\/svg\+xml)/;

/**
 * The deployed shop sits behind nginx with `gzip on; gzip_min_length 1024`; the gateway alone sends
 * files uncompressed. This front compresses the same way so that bytes on the throttled network are
 * the deployed ones.
 */
function startGzipFront(target) {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const headers = { ...req.headers, host: upstream.host };
    delete headers['accept-encoding'];
    const proxied = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (up) => {
        const type = String(up.headers['content-type'] ?? '');
        const length = Number(up.headers['content-length'] ?? Infinity);
        const gzip =
          /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) &&
          COMPRESSIBLE.test(type) &&
          length >= 1024 &&
          req.method !== 'HEAD' &&
          up.statusCode !== 304;
        const out = { ...up.headers };
        if (gzip) {
          delete out['content-length'];
          out['content-encoding'] = 'gzip';
          out.vary = 'Accept-Encoding';
        }
        res.writeHead(up.statusCode ?? 502, out);
        if (gzip) up.pipe(createGzip({ level: 6 })).pipe(res);
        else up.pipe(res);
      },
    );
    proxied.once('error', (err) => {
      res.writeHead(502);
      res.end(String(err));
    });
    req.pipe(proxied);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

export async function startShop() {
  if (!existsSync(join(root, 'web-admin', 'dist', 'index.html')))
    throw new Error('web-admin/dist is missing: run "node scripts/build-apps.mjs" first');
  const uploadsDir = mkdtempSync(join(tmpdir(), 'web-store-bench-uploads-'));
  const storefrontAt = await storefrontPort();
  const backend = await startBackend({ services: SERVICES, env: { UPLOADS_DIR: uploadsDir, ...storefrontAt.env } });
  let front;
  let storefront;
  const stop = async () => {
    if (front) {
      const closed = new Promise((r) => front.close(r));
      front.closeAllConnections();
      await closed;
    }
    await storefront?.stop();
    await backend.stop();
    rmSync(uploadsDir, { recursive: true, force: true });
  };
  try {
    const catalogDatabase = backend.databases[SERVICES.indexOf('catalog')];
    await runSeed({
      ...backend.env,
      DATABASE_NAME: catalogDatabase,
      BUS_NAMESPACE: backend.namespace,
      DATABASE_URL: backend.env.DATABASE_URL,
      AMQP_URL: backend.env.AMQP_URL,
    });
    storefront = await startStorefront({ port: storefrontAt.port, gatewayUrl: backend.url });
    front = await startGzipFront(backend.url);
    return { url: `http://127.0.0.1:${front.address().port}`, gatewayUrl: backend.url, backend, storefront, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Waits until `check` resolves truthy: events reach other services shortly after a change. */
export async function eventually(check, what, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Ctrl-C or a kill still stops the processes and drops the databases and queues. */
export function stopOnSignal(shop) {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      shop.stop().finally(() => process.exit(130));
    });
  }
}
