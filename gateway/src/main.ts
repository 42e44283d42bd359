import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ConfigError, createLogger, PinoNestLogger } from '@shop/kit';
import { IMAGE_MAX_BYTES, IMAGE_MAX_FILES } from '@shop/proto';
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { createAppModule } from './app.module';
import { GatewayConfig, loadGatewayConfig } from './config/gateway-config';
import { registerWebAppFiles } from './web-apps/web-apps';

export async function createGateway(config: GatewayConfig): Promise<NestFastifyApplication> {
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // Requests are logged once each by the onResponse hook below, with their status and duration.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: true,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1_048_576,
  });
  const app = await NestFactory.create<NestFastifyApplication>(createAppModule(config), adapter, {
    logger: new PinoNestLogger(logger),
    // The payment webhook's signature is over the body exactly as sent (req.rawBody).
    rawBody: true,
  });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onSend', async (req, reply) => {
    void reply.header('x-request-id', req.id);
  });
  fastify.addHook('onResponse', async (req, reply) => {
    req.log.info({ method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });
  await app.register(helmet, { contentSecurityPolicy: false });
  // Only Google sign-in's state uses a cookie; every API call carries a bearer token.
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: IMAGE_MAX_FILES } });
  mkdirSync(config.UPLOADS_DIR, { recursive: true });
  // Product images are shown by the storefront and back office, which may live on other origins.
  await app.register(fastifyStatic, {
    root: config.UPLOADS_DIR,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '7d',
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
    logger.info({ port: config.PORT }, 'gateway ready');
  } catch (err) {
    if (err instanceof ConfigError) logger.fatal(err.message);
    else logger.fatal({ err }, 'gateway failed to start');
    process.exit(1);
  }
}

if (require.main === module) void main();
