import type { Config } from '@react-router/dev/config';

/**
 * The storefront renders on the server (streaming) and hydrates in the browser: React Router's
 * framework mode, with the routes in src/routes.ts. `npm run build` writes build/client (the
 * browser's files) and build/server/index.js (the server, which listens when run: server/main.ts).
 */
export default {
  appDirectory: 'src',
  buildDirectory: 'build',
  ssr: true,
  // The whole route manifest comes with the page (~2 KB gzipped for these 24 routes) rather than
  // being asked for by the links a page renders: patching the routes when that answer came
  // rendered every link of the page again (a list's 24 cards), its last long task on a phone.
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
