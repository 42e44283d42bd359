/**
 * The storefront's server (React Router's Node server, `node web-store/build/server/index.js`) for
 * benchmarks, as `npm start` runs it: it renders pages from the gateway's /api (GATEWAY_URL), and
 * the gateway hands it every page request (WEB_STORE_URL). The gateway's address must be known
 * before the gateway starts, so a port is reserved first (`storefrontPort`), handed to
 * startBackend as WEB_STORE_URL, and the server is started on it once the backend answers.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, root } from './backend.mjs';

export const STOREFRONT_ENTRY = join(root, 'web-store', 'build', 'server', 'index.js');

/** A free port for the storefront server and the WEB_STORE_URL the gateway needs for it. */
export async function storefrontPort() {
  const port = await freePort();
  return { port, env: { WEB_STORE_URL: `http://127.0.0.1:${port}` } };
}

/** Starts the built storefront server on `port` against `gatewayUrl`; resolves once it is ready. */
export async function startStorefront({ port, gatewayUrl, env = {} }) {
  if (!existsSync(STOREFRONT_ENTRY))
    throw new Error(`${STOREFRONT_ENTRY} is missing: run "npm run build -w web-store" first`);
  const args = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${join(process.env.BENCH_CPU_PROF, 'web-store')}`]
    : [];
  const child = spawn(process.execPath, [...args, STOREFRONT_ENTRY], {
    cwd: join(root, 'web-store'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      GATEWAY_URL: gatewayUrl,
      PUBLIC_URL: gatewayUrl,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the storefront server exited while starting');
    const ready = await fetch(`${url}/health/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the storefront server did not become ready in 60 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    process: { name: 'web-store', pid: child.pid },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}
