import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * React Router 7 points every entry of its package at its development build
 * (remix-run/react-router#12532, #14102): with its warnings on, a production bundle carried and
 * ran them. A build of either app, the storefront's server build included (which bundles React
 * Router for that reason), takes the production build the package ships beside it.
 */
export function reactRouterProductionBuild(): Plugin {
  return {
    name: 'react-router-production-build',
    apply: 'build',
    config: (config) => {
      // The app's own copy: each workspace may keep React Router in its own node_modules.
      const app = createRequire(join(resolve(config.root ?? process.cwd()), 'package.json'));
      const dist = join(dirname(app.resolve('react-router/package.json')), 'dist', 'production');
      return {
        resolve: {
          alias: [
            { find: /^react-router$/, replacement: join(dist, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: join(dist, 'dom-export.mjs') },
          ],
        },
      };
    },
  };
}
