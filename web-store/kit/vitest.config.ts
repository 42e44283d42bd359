import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // The shared contracts are CommonJS once built; the apps bundle their TypeScript source, and so do these tests.
    alias: { '@shop/proto': fileURLToPath(new URL('../../proto/src/index.ts', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: [fileURLToPath(new URL('./src/test/setup.ts', import.meta.url))],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
