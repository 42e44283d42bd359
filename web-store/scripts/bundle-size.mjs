// The gzipped JavaScript each main route downloads from a built build/client: the client entry,
// the root route and the page's route module, with every chunk they import statically, as React
// Router's manifest lists them (lazy imports load later).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const client = process.argv[2] ?? fileURLToPath(new URL('../build/client', import.meta.url));
const manifestFile = readdirSync(join(client, 'assets')).find((f) => /^manifest-.*\.js$/.test(f));
const manifest = JSON.parse(
  readFileSync(join(client, 'assets', manifestFile), 'utf8')
    .replace(/^window\.__reactRouterManifest=/, '')
    .replace(/;\s*$/, ''),
);
const gzipped = (url) => gzipSync(readFileSync(join(client, url)), { level: 9 }).length;
const scripts = (entry) => [entry.module, ...(entry.imports ?? [])];

const ROUTES = [
  ['/', 'routes/home'],
  ['/products', 'products'],
  ['/product/:id', 'routes/product'],
  ['/cart', 'routes/cart'],
  ['/checkout', 'routes/checkout'],
  ['/account', 'routes/account'],
];

for (const [route, id] of ROUTES) {
  const loaded = new Set([
    ...scripts(manifest.entry),
    ...scripts(manifest.routes.root),
    ...scripts(manifest.routes[id]),
  ]);
  const bytes = [...loaded].reduce((sum, url) => sum + gzipped(url), 0);
  process.stdout.write(
    `${route.padEnd(14)} ${(bytes / 1024).toFixed(1).padStart(6)} KB gzipped JS in ${loaded.size} files\n`,
  );
}
