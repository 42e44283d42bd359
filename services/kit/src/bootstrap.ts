import { INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestMicroservice } from '@nestjs/microservices';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ServiceName } from '@shop/proto';
import { BaseConfig, ConfigError } from './config/service-config';
import { SERVICE_CONFIG } from './kit.module';
import { createLogger, PinoNestLogger } from './logging/logger';
import { RpcContextInterceptor, RpcErrorFilter, rpcServerOptions } from './rpc/rpc-server';

/** Builds a service: its module, RPC server on `<service>.rpc`, and health over HTTP. */
export async function createServiceApp(module: Type<unknown>, service: ServiceName): Promise<INestApplication> {
  const logger = createLogger(service);
  const app = await NestFactory.create<NestFastifyApplication>(module, new FastifyAdapter(), {
    logger: new PinoNestLogger(logger),
  });
  const config = app.get<BaseConfig>(SERVICE_CONFIG);
  // Deferred, so that the handlers are built when the server starts, with the interceptor (which
  // acks each request) and the filter below; without it neither applies and no request is ever
  // acked. The application's own init runs the lifecycle hooks, once.
  const rpc = app.connectMicroservice(rpcServerOptions(config, service), {
    deferInitialization: true,
  }) as NestMicroservice;
  rpc.useGlobalInterceptors(new RpcContextInterceptor());
  rpc.useGlobalFilters(new RpcErrorFilter());
  rpc.setIsInitHookCalled(true);
  app.enableShutdownHooks();
  return app;
}

/**
 * A service's whole `main.ts`. The module is loaded inside so that a bad environment, found while
 * the module is defined, exits at once naming the variable.
 */
export async function bootstrapService(
  moduleLoader: () => Promise<Type<unknown>>,
  service: ServiceName,
): Promise<void> {
  const logger = createLogger(service);
  survivePublishesLostWithTheBroker(logger);
  try {
    const app = await createServiceApp(await moduleLoader(), service);
    const config = app.get<BaseConfig>(SERVICE_CONFIG);
    await app.startAllMicroservices();
    await app.listen(config.HEALTH_PORT, config.HEALTH_HOST);
    logger.info({ port: config.HEALTH_PORT, database: config.DATABASE_NAME }, `${service} service ready`);
  } catch (err) {
    if (err instanceof ConfigError) logger.fatal(err.message);
    else logger.fatal({ err }, `${service} service failed to start`);
    process.exit(1);
  }
}

/**
 * Nest's RMQ server sends each RPC reply without awaiting it: when the broker goes away with a
 * reply unconfirmed, the reply's promise rejects with nobody listening, and Node would end the
 * process. The caller times out and retries, so that one rejection is logged and survived; any
 * other unhandled rejection still ends the process, as Node's default does.
 */
function survivePublishesLostWithTheBroker(logger: ReturnType<typeof createLogger>): void {
  process.on('unhandledRejection', (reason) => {
    if (reason instanceof Error && /^channel closed$/i.test(reason.message)) {
      logger.warn('a message in flight was lost when the broker connection closed');
      return;
    }
    logger.fatal({ err: reason }, 'unhandled promise rejection');
    process.exit(1);
  });
}
