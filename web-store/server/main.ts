import { createRequestListener } from '@react-router/node';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type IncomingMessage } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import * as build from 'virtual:react-router/server-build';
import { serverBridge } from '../src/api/client';
import { gatewayUrl } from '../src/api/gateway';
import { log } from './log';
import { metricsText, observeRequest } from './metrics';
import { staticFiles } from './static-files';

/**
 * The storefront's server (build/server/index.js, listening when run): the browser's files of the
 * build, the probes and metrics, and every other request rendered by React Router (streaming SSR;
 * its loaders read the catalog through the gateway's /api, GATEWAY_URL). PORT, HOST,
 * SHUTDOWN_GRACE_MS and LOG_LEVEL as the services read them; PUBLIC_URL names the pages' addresses.
 */
const PORT = Number(process.env.PORT ?? 3000);
const HOST = process.env.HOST ?? '0.0.0.0';
const SHUTDOWN_GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);
/** Longer than the proxies' upstream keep-alive (nginx, the gateway's agent): they close first. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
const READY_TIMEOUT_MS = 2_000;

const serverBuild = build as unknown as ServerBuild;
const clientRoot = join(dirname(fileURLToPath(import.meta.url)), '..', 'client');
const serveFile = staticFiles(clientRoot);

/** The headers a page request hands on to the API calls made for it (api/client.ts). */
const forwarded = new AsyncLocalStorage<Record<string, string>>();
serverBridge.forwardedHeaders = () => forwarded.getStore();

function forwardedHeaders(req: IncomingMessage): Record<string, string> {
  const chain = [req.headers['x-forwarded-for'], req.socket.remoteAddress].flat().filter(Boolean);
  const headers: Record<string, string> = { 'x-forwarded-for': chain.join(', ') };
  const id = req.headers['x-request-id'];
  if (typeof id === 'string') headers['x-request-id'] = id;
  return headers;
}

/** The app's routes as a tree, to name a request's route in the metrics by its id. */
function routeTree(routes: ServerBuild['routes'], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) => ({
      id: route!.id,
      path: route!.path,
      index: route!.index,
      caseSensitive: route!.caseSensitive,
      children: route!.index ? undefined : routeTree(routes, route!.id),
    })) as RouteObject[];
}
const routes = routeTree(serverBuild.routes);

function routeLabel(pathname: string): string {
  if (pathname.startsWith('/assets/')) return 'assets';
  const page = pathname.replace(/\.data$/, '').replace(/^\/_root$/, '/');
  return matchRoutes(routes, page)?.at(-1)?.route.id ?? 'unmatched';
}

async function gatewayReachable(): Promise<boolean> {
  try {
    const res = await fetch(`${gatewayUrl()}/health/live`, { signal: AbortSignal.timeout(READY_TIMEOUT_MS) });
    return res.ok;
  } catch {
    return false;
  }
}

const renderPage = createRequestListener({ build: serverBuild, mode: process.env.NODE_ENV });
let draining = false;
let inFlight = 0;
/** Set once draining: exits when the last request in flight has finished. */
let stopped: () => void = () => undefined;

const server = createServer(async (req, res) => {
  const started = process.hrtime.bigint();
  const pathname = new URL(req.url ?? '/', 'http://storefront').pathname;
  inFlight += 1;
  if (draining) res.setHeader('Connection', 'close');
  res.on('close', () => {
    inFlight -= 1;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (!pathname.startsWith('/health/') && pathname !== '/metrics') {
      observeRequest(routeLabel(pathname), req.method ?? 'GET', res.statusCode, seconds);
      log.debug('request', {
        method: req.method,
        url: req.url,
        status: res.statusCode,
        ms: Math.round(seconds * 1000),
      });
    }
    if (draining && inFlight === 0) stopped();
  });

  if (pathname === '/health/live') {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify({ status: 'ok' }));
    return;
  }
  if (pathname === '/health/ready') {
    const ready = !draining && (await gatewayReachable());
    res.writeHead(ready ? 200 : 503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify({ status: ready ? 'ok' : draining ? 'stopping' : 'gateway unreachable' }));
    return;
  }
  if (pathname === '/metrics') {
    res.writeHead(200, {
      'Content-Type': 'text/plain; version=0.0.4; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    res.end(metricsText());
    return;
  }
  if (serveFile(req, res, pathname)) return;
  // A built file that is not there (a chunk of an older release) is missing, not a page.
  if (pathname.startsWith('/assets/')) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end('Not Found\n');
    return;
  }
  await forwarded.run(forwardedHeaders(req), () => renderPage(req, res));
});
server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;

server.listen(PORT, HOST, () => log.info('web-store ready', { port: PORT, host: HOST }));

/**
 * SIGTERM (a deploy, the supervisor's stop): no new connections, the requests in flight finish
 * within SHUTDOWN_GRACE_MS, then exit 0; past it, whatever is left is cut and the exit says so.
 */
function drain(signal: string) {
  if (draining) return;
  draining = true;
  log.info('stopping: finishing the requests in flight', { signal, inFlight });
  const overrun = setTimeout(() => {
    log.warn('requests still in flight when the grace period ended', { inFlight });
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  overrun.unref();
  stopped = () => process.exit(0);
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  if (inFlight === 0) stopped();
}
process.on('SIGTERM', () => drain('SIGTERM'));
process.on('SIGINT', () => drain('SIGINT'));
