import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * React Router writes the browser's route manifest (`assets/manifest-<hash>.js`, ~17 KB, which
 * every page imports) during the server build, after the client build's files were compressed:
 * without this it went out uncompressed. Writes its `.br` and `.gz` beside it, as the other files
 * have them, once the server build is done.
 */
export function compressRouteManifest(clientAssets: string): Plugin {
  return {
    name: 'compress-route-manifest',
    apply: 'build',
    closeBundle() {
      if (!this.environment?.config.build.ssr) return;
      for (const name of readdirSync(clientAssets)) {
        if (!/^manifest-[\w-]+\.js$/.test(name)) continue;
        const file = join(clientAssets, name);
        const source = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}
