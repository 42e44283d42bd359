import { DynamicModule, Module, ModuleMetadata } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { TypeOrmModule } from '@nestjs/typeorm';
import { brokerNames, RPC_PREFIX, ServiceName } from '@shop/proto';
import { DataSource, DataSourceOptions } from 'typeorm';
import type { ZodTypeAny } from 'zod';
import { BaseConfig, loadServiceConfig } from './config/service-config';
import { createMigratedDataSource } from './database/data-source.factory';
import { databaseUrl } from './database/ensure-database';
import { typeormOptions, type DatabaseOptions } from './database/typeorm-options';
import { BusConnection } from './events/bus-connection';
import { EventConsumer } from './events/event-consumer';
import { EventPublisher } from './events/event-publisher';
import { OutboxRelay } from './events/outbox-relay';
import { createPingController, HealthController } from './health/health.controller';
import { HealthDetails } from './health/health-details';
import { GracefulDrain } from './lifecycle/graceful-drain';
import { ServiceReadiness } from './lifecycle/service-readiness';
import { measureServiceDatabase } from './metrics/service-metrics';
import { initShopMetrics } from './metrics/shop-metrics';
import { RpcClient } from './rpc/rpc-client';
import { RpcReplies } from './rpc/rpc-replies';
import { TracingFlush } from './tracing/tracing-flush';

export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');

export interface ServiceModuleOptions {
  service: ServiceName;
  entities: DataSourceOptions['entities'];
  migrations: DataSourceOptions['migrations'];
  /** The service's database pool: its connections' PostgreSQL settings and its size (typeormOptions). */
  database?: DatabaseOptions;
  /** Extra environment variables this service requires. */
  envSchema?: ZodTypeAny;
  /** Defaults to process.env; tests pass their own. */
  env?: Record<string, string | undefined>;
}

/**
 * Everything a service stands on: validated config, its migrated database, the event bus
 * (outbox, relay, consumer), health endpoints, the ping RPC, an RPC client for other services, the
 * store that answers redelivered RPCs once, the drain that runs first at shutdown, and the
 * readiness watch that stops consuming while the service cannot work, and the metrics.
 */
@Module({})
export class KitModule {
  static forService(options: ServiceModuleOptions): DynamicModule {
    const config = loadServiceConfig(options.service, options.env ?? process.env, options.envSchema);
    const names = brokerNames(config.BUS_NAMESPACE);
    const dbOptions = typeormOptions(config, options.entities ?? [], options.migrations ?? [], options.database);
    const imports: ModuleMetadata['imports'] = [
      DiscoveryModule,
      TerminusModule.forRoot({ logger: false }),
      TypeOrmModule.forRootAsync({
        useFactory: () => dbOptions,
        dataSourceFactory: () => createMigratedDataSource(config.DATABASE_URL, config.DATABASE_NAME, dbOptions),
      }),
    ];
    return {
      module: KitModule,
      global: true,
      imports,
      controllers: [HealthController, createPingController(options.service, `${RPC_PREFIX[options.service]}.health.ping`)],
      providers: [
        { provide: SERVICE_CONFIG, useValue: config },
        { provide: BusConnection, useFactory: () => new BusConnection(config.AMQP_URL) },
        EventPublisher,
        {
          provide: OutboxRelay,
          useFactory: (ds: DataSource, bus: BusConnection) =>
            new OutboxRelay(ds, bus, names.eventsExchange, databaseUrl(config.DATABASE_URL, config.DATABASE_NAME)),
          inject: [DataSource, BusConnection],
        },
        {
          provide: EventConsumer,
          useFactory: (ds: DataSource, bus: BusConnection, d: DiscoveryService, s: MetadataScanner, r: Reflector) =>
            new EventConsumer(
              {
                service: options.service,
                namespace: config.BUS_NAMESPACE,
                prefetch: config.EVENT_PREFETCH,
                maxAttempts: config.EVENT_MAX_ATTEMPTS,
                retryBaseMs: config.EVENT_RETRY_BASE_MS,
              },
              ds,
              bus,
              d,
              s,
              r,
            ),
          inject: [DataSource, BusConnection, DiscoveryService, MetadataScanner, Reflector],
        },
        { provide: RpcClient, useFactory: () => new RpcClient(config) },
        HealthDetails,
        RpcReplies,
        TracingFlush,
        {
          provide: GracefulDrain,
          useFactory: (events: EventConsumer, outbox: OutboxRelay) => new GracefulDrain(config.SHUTDOWN_GRACE_MS, events, outbox),
          inject: [EventConsumer, OutboxRelay],
        },
        {
          provide: ServiceReadiness,
          useFactory: (ds: DataSource, bus: BusConnection, drain: GracefulDrain) => {
            const readiness = new ServiceReadiness(ds, bus, drain);
            const metrics = initShopMetrics(options.service, 'service');
            metrics.readinessFrom(() => readiness.ready);
            measureServiceDatabase(metrics, ds);
            return readiness;
          },
          inject: [DataSource, BusConnection, GracefulDrain],
        },
      ],
      exports: [
        SERVICE_CONFIG,
        HealthDetails,
        EventPublisher,
        OutboxRelay,
        EventConsumer,
        RpcClient,
        RpcReplies,
        GracefulDrain,
        ServiceReadiness,
        BusConnection,
        TypeOrmModule,
      ],
    };
  }
}

export type { BaseConfig };
