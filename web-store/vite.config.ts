import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { compression } from 'vite-plugin-compression2';
import { configDefaults, defineConfig } from 'vitest/config';
import { firstScreenScript } from '../scripts/vite/first-screen-script';
import { reactRouterProductionBuild } from '../scripts/vite/react-router-production';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    reactRouterProductionBuild(),
    // A catalog page's request, pictures and code start before the app's script has arrived.
    firstScreenScript({
      entry: 'src/boot/firstScreenScript.ts',
      pages: {
        product: 'src/pages/product/ProductDetailPage.tsx',
        products: 'src/pages/products/ProductsPage.tsx',
      },
    }),
    // .br and .gz beside each text file over 1 KB, served as they are by the gateway and nginx.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  resolve: {
    // The shared contracts are CommonJS once built; their TypeScript source bundles cleanly as ESM.
    // What the two apps share (kit/) is bundled from its TypeScript source too.
    alias: {
      '@shop/proto': fileURLToPath(new URL('../proto/src/index.ts', import.meta.url)),
      '@shop/web-kit': fileURLToPath(new URL('./kit/src', import.meta.url)),
    },
  },
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/uploads': { target: gateway, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      // The contracts' modules only declare things; this lets the shell import a constant from
      // `@shop/proto` without pulling every zod schema into the first download.
      treeshake: { moduleSideEffects: (id) => !id.includes('/proto/src/') },
      output: {
        // The form pages share the validation library, fetched only when one of them opens.
        manualChunks: (id) => (id.includes('/node_modules/zod/') ? 'validation' : undefined),
      },
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
});
