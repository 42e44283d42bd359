import { createReadStream, readdirSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Hashed files never change: browsers and proxies keep them a year unasked. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The public folder's files keep their names across releases: an hour, then asked again. */
const REVALIDATED = 'public, max-age=3600';

interface StaticFile {
  path: string;
  size: number;
  /** The build's precompressed copies beside the file (vite-plugin-compression2). */
  br?: number;
  gzip?: number;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

/**
 * The browser's files of the build (build/client), listed once at start: a request names one of
 * them exactly or is not a file, so no path from a request ever reaches the file system.
 */
export function staticFiles(root: string) {
  const files = new Map<string, StaticFile>();
  const all = walk(root);
  const sizes = new Map(all.map((path) => [path, statSync(path).size]));
  for (const path of all) {
    if (path.endsWith('.br') || path.endsWith('.gz')) continue;
    const url = `/${relative(root, path).split(sep).join('/')}`;
    files.set(url, {
      path,
      size: sizes.get(path)!,
      br: sizes.get(`${path}.br`),
      gzip: sizes.get(`${path}.gz`),
    });
  }

  /** Answers the request when it names a file of the build; false otherwise. */
  return function serve(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
    const file = files.get(pathname);
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding =
      file.br !== undefined && /\bbr\b/.test(accepted)
        ? 'br'
        : file.gzip !== undefined && /\bgzip\b/.test(accepted)
          ? 'gzip'
          : undefined;
    const path = encoding === 'br' ? `${file.path}.br` : encoding === 'gzip' ? `${file.path}.gz` : file.path;
    const size = encoding === 'br' ? file.br! : encoding === 'gzip' ? file.gzip! : file.size;
    res.setHeader('Content-Type', TYPES[extname(file.path)] ?? 'application/octet-stream');
    res.setHeader('Content-Length', size);
    res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? IMMUTABLE : REVALIDATED);
    res.setHeader('Vary', 'Accept-Encoding');
    if (encoding) res.setHeader('Content-Encoding', encoding);
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    createReadStream(path)
      .on('error', (err) => res.destroy(err))
      .pipe(res);
    return true;
  };
}
