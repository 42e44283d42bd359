import { reactRouter } from '@react-router/dev/vite';
import { fileURLToPath } from 'node:url';
import { compression } from 'vite-plugin-compression2';
import { configDefaults, defineConfig } from 'vitest/config';
import { compressRouteManifest } from '../scripts/vite/compress-route-manifest';
import { reactRouterProductionBuild } from '../scripts/vite/react-router-production';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig(({ isSsrBuild }) => ({
  base: '/',
  plugins: [
    // The component tests render the route modules as they are; the framework plugin builds and serves them.
    ...(process.env.VITEST ? [] : [reactRouter()]),
    reactRouterProductionBuild(),
    // .br and .gz beside each text file over 1 KB in build/client, sent as they are by the server.
    ...(isSsrBuild ? [] : [compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })]),
    ...(isSsrBuild ? [compressRouteManifest(fileURLToPath(new URL('./build/client/assets', import.meta.url)))] : []),
  ],
  resolve: {
    // The shared contracts are CommonJS once built; their TypeScript source bundles cleanly as ESM.
    // What the two apps share (kit/) is bundled from its TypeScript source too.
    alias: {
      '@shop/proto': fileURLToPath(new URL('../proto/src/index.ts', import.meta.url)),
      '@shop/web-kit': fileURLToPath(new URL('./kit/src', import.meta.url)),
    },
  },
  ssr: {
    // One copy of React Router in the server, its production build (reactRouterProductionBuild):
    // the request handler and the routes' `data()` and `redirect()` must come from the same one.
    noExternal: ['react-router', '@react-router/node'],
  },
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/uploads': { target: gateway, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    rollupOptions: {
      // The server build starts from the listening server (server/main.ts), which serves the
      // app's build as React Router's node-custom-server template does.
      ...(isSsrBuild ? { input: './server/main.ts' } : {}),
      // The contracts' modules only declare things; this lets the shell import a constant from
      // `@shop/proto` without pulling every zod schema into the first download.
      treeshake: { moduleSideEffects: (id) => !id.includes('/proto/src/') },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    // The kit's own tests run with the kit (npm test -w @shop/web-kit).
    exclude: [...configDefaults.exclude, 'kit/**'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    testTimeout: 20_000,
  },
}));
