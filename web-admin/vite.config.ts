import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
import { reactRouterProductionBuild } from '../scripts/vite/react-router-production';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig({
  // The back office is served under /admin2009/ beside the storefront (back-office spec, section 2).
  base: '/admin2009/',
  plugins: [
    react(),
    reactRouterProductionBuild(),
    // .br and .gz beside each text file over 1 KB, served as they are by the gateway and nginx.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  resolve: {
    // The shared contracts are CommonJS once built; their TypeScript source bundles cleanly as ESM.
    // The shared web kit is bundled from its TypeScript source too.
    alias: {
      '@shop/proto': fileURLToPath(new URL('../proto/src/index.ts', import.meta.url)),
      '@shop/web-kit': fileURLToPath(new URL('../web-store/kit/src', import.meta.url)),
    },
  },
  server: {
    port: 5174,
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/uploads': { target: gateway, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // Screens are driven through full user journeys on a two-core machine.
    testTimeout: 20_000,
  },
});
