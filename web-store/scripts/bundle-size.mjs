// The gzipped JavaScript each main route downloads from a built dist/: the entry chunk, the
// route's lazy chunk and every chunk those import statically (lazy imports load later).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
const assets = join(dist, 'assets');
const entry = readFileSync(join(dist, 'index.html'), 'utf8').match(/src="\/assets\/([^"]+\.js)"/)[1];
const files = readdirSync(assets);
const gzipped = (file) => gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;
const STATIC_IMPORT = /(?:^|[;\n}])\s*import\s*(?:[^"'();]*?from\s*)?["']\.\/([^"']+\.js)["']/g;

function withImports(file, seen) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const match of readFileSync(join(assets, file), 'utf8').matchAll(STATIC_IMPORT))
    withImports(match[1], seen);
  return seen;
}

const ROUTES = [
  ['/', 'HomePage-'],
  ['/products', 'ProductsPage-'],
  ['/product/:id', 'ProductDetailPage-'],
  ['/cart', 'CartPage-'],
  ['/checkout', 'CheckoutPage-'],
  ['/account', 'AccountPage-'],
];

const shell = withImports(entry, new Set());
for (const [route, prefix] of ROUTES) {
  const chunk = files.find((f) => f.startsWith(prefix) && f.endsWith('.js'));
  const loaded = withImports(chunk, new Set(shell));
  const bytes = [...loaded].reduce((sum, file) => sum + gzipped(file), 0);
  process.stdout.write(
    `${route.padEnd(14)} ${(bytes / 1024).toFixed(1).padStart(6)} KB gzipped JS in ${loaded.size} files\n`,
  );
}
