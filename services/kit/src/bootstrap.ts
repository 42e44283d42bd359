import { INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestMicroservice } from '@nestjs/microservices';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ServiceName } from '@shop/proto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BaseConfig, baseEnvSchema, ConfigError, loadConfig } from './config/service-config';
import { SERVICE_CONFIG } from './kit.module';
import { createLogger, PinoNestLogger } from './logging/logger';
import { CLOSE_BUDGET_MS, GracefulDrain } from './lifecycle/graceful-drain';
import { metricsRouteHandler } from './metrics/shop-metrics';
import { RpcReplies } from './rpc/rpc-replies';
import { RpcContextInterceptor, RpcErrorFilter, RpcServer, rpcServerOptions } from './rpc/rpc-server';

/** Builds a service: its module, RPC server on `<service>.rpc`, and health over HTTP. */
export async function createServiceApp(module: Type<unknown>, service: ServiceName): Promise<INestApplication> {
  const logger = createLogger(service);
  const app = await NestFactory.create<NestFastifyApplication>(module, new FastifyAdapter(), {
    logger: new PinoNestLogger(logger),
  });
  const config = app.get<BaseConfig>(SERVICE_CONFIG);
  // Deferred, so that the handlers are built when the server starts, with the interceptor (which
  // tracks each request and answers repeated calls once) and the filter below; without it neither
  // applies. The application's own init runs the lifecycle hooks, once.
  const server = new RpcServer(rpcServerOptions(config, service));
  const rpc = app.connectMicroservice({ strategy: server }, { deferInitialization: true }) as NestMicroservice;
  rpc.useGlobalInterceptors(new RpcContextInterceptor(server, app.get(RpcReplies)));
  rpc.useGlobalFilters(new RpcErrorFilter());
  rpc.setIsInitHookCalled(true);
  app.get(GracefulDrain).drainRpcServer(server);
  // Beside the health routes on the health port, for the in-cluster Prometheus.
  (app.getHttpAdapter().getInstance() as FastifyInstance).get('/metrics', metricsRouteHandler());
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
    exitIfShutdownOverruns(logger, config.SHUTDOWN_GRACE_MS);
    // Bootstrap hooks first (seeding a settings row, say), so no RPC is served before they ran.
    await app.init();
    await app.startAllMicroservices();
    await app.listen(config.HEALTH_PORT, config.HEALTH_HOST);
    logger.info({ port: config.HEALTH_PORT, database: config.DATABASE_NAME }, `${service} service ready`);
  } catch (err) {
    if (err instanceof ConfigError) logger.fatal(err.message);
    else logger.fatal({ err }, `${service} service failed to start`);
    process.exit(1);
  }
}

/** SHUTDOWN_GRACE_MS for a process that does not load the services' config (the gateway). */
export function shutdownGraceMs(env: Record<string, string | undefined> = process.env): number {
  return loadConfig(z.object({ SHUTDOWN_GRACE_MS: baseEnvSchema.shape.SHUTDOWN_GRACE_MS }), env).SHUTDOWN_GRACE_MS;
}

/**
 * Nest's shutdown hooks drain within the grace period and close with bounded waits; this is the
 * backstop should anything still hang, so the process is gone before the orchestrator's SIGKILL
 * and before `npm start` gives up waiting. The timer does not keep a finished process alive.
 */
export function exitIfShutdownOverruns(logger: ReturnType<typeof createLogger>, graceMs: number): void {
  const arm = (signal: NodeJS.Signals) => () => {
    setTimeout(() => {
      logger.error(`still running ${graceMs + CLOSE_BUDGET_MS} ms after ${signal}; exiting`);
      process.exit(1);
    }, graceMs + CLOSE_BUDGET_MS).unref();
  };
  process.once('SIGTERM', arm('SIGTERM'));
  process.once('SIGINT', arm('SIGINT'));
}

/**
 * Nest's RMQ server starts consuming without awaiting it: when the broker goes away while a channel
 * is being set up, that promise rejects with nobody listening, and Node would end the process (in
 * the middle of a drain, if it happens at shutdown). The channel is set up again on reconnect, so
 * that rejection is logged and survived; any other unhandled rejection still ends the process, as
 * Node's default does.
 */
function survivePublishesLostWithTheBroker(logger: ReturnType<typeof createLogger>): void {
  process.on('unhandledRejection', (reason) => {
    if (reason instanceof Error && /^channel (closed$|ended, no reply will be forthcoming)/i.test(reason.message)) {
      logger.warn(`a broker channel closed under a pending operation: ${reason.message}`);
      return;
    }
    logger.fatal({ err: reason }, 'unhandled promise rejection');
    process.exit(1);
  });
}
