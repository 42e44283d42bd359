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
} satisfies Config;
