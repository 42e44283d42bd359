import { startTracing } from '@shop/kit/dist/tracing/start-tracing';

// Before the imports below load what the instrumentation hooks.
if (require.main === module) startTracing('gateway');

import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import {
  ConfigError,
  createLogger,
  exitIfShutdownOverruns,
  initShopMetrics,
  metricsRouteHandler,
  nameHttpServerSpan,
  PinoNestLogger,
  shutdownGraceMs,
  traceHttpRequests,
} from '@shop/kit';
import { IMAGE_MAX_BYTES, IMAGE_MAX_FILES, PRODUCT_IMAGE_FOLDER } from '@shop/proto';
import { mkdirSync } from 'node:fs';
import { createServer, RequestListener } from 'node:http';
import zlib from 'node:zlib';
import { createAppModule } from './app.module';
import { compressJsonReplies, COMPRESS_MIN_BYTES } from './common/json-compression';
import { requestIds, runHandlersInRequestContext } from './common/request-context';
import { GatewayConfig, loadGatewayConfig } from './config/gateway-config';
import { trustProxy } from './config/trusted-proxies';
import {
  APP_CONTENT_SECURITY_POLICY,
  DOCS_CONTENT_SECURITY_POLICY,
  isDocsPath,
} from './web-apps/content-security-policy';
import { registerWebAppFiles } from './web-apps/web-apps';

/** The route label of a request no route matched, so that probing random paths adds no series. */
const UNMATCHED_ROUTE = 'unmatched';

export async function createGateway(config: GatewayConfig): Promise<NestFastifyApplication> {
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const trust = trustProxy(config.TRUSTED_PROXIES);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // Requests are logged once each by the onResponse hook below, with their status and duration.
    logController: new LogController({ disableRequestLogging: true }),
    // The client's address (rate limits, the login lock) comes from X-Forwarded-For only through trusted proxies.
    trustProxy: trust,
    // Only a trusted proxy's id is kept, and only a sane one (requestIds), before it reaches a log line.
    requestIdHeader: false,
    genReqId: requestIds(trust),
    bodyLimit: 1_048_576,
    // Each request runs in its trace's server span (a pass-through when tracing is off).
    serverFactory: (handler: RequestListener) => createServer(traceHttpRequests(handler)),
  });
  const app = await NestFactory.create<NestFastifyApplication>(createAppModule(config), adapter, {
    logger: new PinoNestLogger(logger),
    // The payment webhook's signature is over the body exactly as sent (req.rawBody).
    rawBody: true,
  });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', async (req) => nameHttpServerSpan(req.raw, req.routeOptions.url));
  runHandlersInRequestContext(fastify);
  fastify.addHook('onSend', async (req, reply) => {
    void reply.header('x-request-id', req.id);
    // The shop's policy (content-security-policy.ts) in place of helmet's: one for the apps and
    // every other response, one for the API docs page. A storefront page comes with its own, the
    // same with the nonce of its inline scripts (web-store/server/content-security-policy.ts).
    if (reply.hasHeader('content-security-policy')) return;
    void reply.header(
      'content-security-policy',
      isDocsPath(req.url) ? DOCS_CONTENT_SECURITY_POLICY : APP_CONTENT_SECURITY_POLICY,
    );
  });
  const metrics = initShopMetrics('gateway', 'gateway');
  fastify.addHook('onResponse', async (req, reply) => {
    req.log.info({ method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    // By route template, never the raw path: one series per route, whatever ids the paths carry.
    metrics.httpRequestDuration.observe(
      { method: req.method, route: req.routeOptions.url ?? UNMATCHED_ROUTE, status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });
  // For the in-cluster Prometheus: outside /api like /health, so neither the ingress nor the
  // compose proxy routes it; not a Nest route, so neither rate-limited nor in the API docs.
  fastify.get('/metrics', metricsRouteHandler());
  await app.register(helmet, { contentSecurityPolicy: false });
  // JSON over 1 KB leaves compressed, in one call per reply (json-compression.ts); the plugin
  // compresses what is streamed. Brotli at quality 5, as its default 11 costs far more CPU than it saves bytes.
  compressJsonReplies(fastify);
  await app.register(compress, {
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  // Only Google sign-in's state uses a cookie; every API call carries a bearer token.
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: IMAGE_MAX_FILES } });
  mkdirSync(config.UPLOADS_DIR, { recursive: true });
  // Product images are shown by the storefront and back office, which may live on other origins.
  // Only they: customers' artwork, in the same directory, is shown through signed links
  // (cart/artwork.controller.ts), and its old public paths answer 404.
  await app.register(fastifyStatic, {
    root: config.UPLOADS_DIR,
    prefix: '/uploads/',
    allowedPath: (path) => path.startsWith(`/${PRODUCT_IMAGE_FOLDER}/`),
    decorateReply: false,
    // A stored name never stands for other bytes (a picture's widths are named by their content,
    // older uploads by a random id, neither ever overwritten): browsers keep them a year unasked.
    maxAge: '365d',
    immutable: true,
    setHeaders: (reply) => void reply.header('cross-origin-resource-policy', 'cross-origin'),
  });
  await registerWebAppFiles(app, config);
  const origins = config.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean);
  app.enableCors({ origin: origins.length ? origins : false, credentials: true });
  const docs = new DocumentBuilder()
    .setTitle('MS & Jaksh shop API')
    .setDescription('Every storefront and back-office call, behind /api')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, docs));
  app.enableShutdownHooks();
  return app;
}

async function main() {
  const logger = createLogger('gateway');
  try {
    const config = loadGatewayConfig();
    const app = await createGateway(config);
    await app.listen(config.PORT, config.HOST);
    // On SIGTERM, Fastify stops accepting and finishes the requests in flight; this bounds it.
    exitIfShutdownOverruns(logger, shutdownGraceMs());
    logger.info({ port: config.PORT }, 'gateway ready');
  } catch (err) {
    if (err instanceof ConfigError) logger.fatal(err.message);
    else logger.fatal({ err }, 'gateway failed to start');
    process.exit(1);
  }
}

if (require.main === module) void main();
