// The app's server build, which React Router's Vite plugin provides to the server entry.
declare module 'virtual:react-router/server-build' {
  import type { ServerBuild } from 'react-router';
  export const assets: ServerBuild['assets'];
  export const routes: ServerBuild['routes'];
  const build: ServerBuild;
  export default build;
}
