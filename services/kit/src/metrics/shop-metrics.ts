import { collectDefaultMetrics, Counter, Gauge, Histogram, Metric, Registry } from 'prom-client';
import { ERROR_CODES } from '@shop/proto';
import { toRpcErrorPayload } from '../rpc/rpc-error';
import { SHOP_METRICS } from './metric-names';

/** Request and RPC durations: from a cached read (a few ms) to a call that runs into its 10 s timeout. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Event age at handling: milliseconds when all is well, up to an hour when a consumer was down. */
const LAG_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600];

/** A scrape must answer even when the database does not. */
const OUTBOX_READ_TIMEOUT_MS = 2000;

/** Which process a metric belongs to; a process exports only its own, so no gauge reads a false 0. */
export type MetricsRole = 'gateway' | 'service';

export interface OutboxReading {
  depth: number;
  oldestAgeSeconds: number;
}

export interface DbPoolReading {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The process's one registry and every metric of metric-names.ts. The metrics exist from the start
 * (the hooks in the RPC, event and outbox code call them unconditionally); `initShopMetrics`
 * registers those of the process's role, so only they are exported, labelled with the service.
 */
export class ShopMetrics {
  readonly registry = new Registry();

  readonly httpRequestDuration = new Histogram({
    name: SHOP_METRICS.httpRequestDuration,
    help: 'HTTP requests the gateway answered, by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [],
  });

  readonly rpcClientDuration = new Histogram({
    name: SHOP_METRICS.rpcClientDuration,
    help: 'RPCs sent and how long their replies took, by pattern and outcome (ok, rejected, error, timeout)',
    labelNames: ['pattern', 'outcome'] as const,
    buckets: DURATION_BUCKETS,
    registers: [],
  });

  readonly rateLimitRejections = new Counter({
    name: SHOP_METRICS.rateLimitRejections,
    help: 'Requests the gateway refused with 429, by rate-limit budget',
    labelNames: ['budget'] as const,
    registers: [],
  });

  readonly rpcServerDuration = new Histogram({
    name: SHOP_METRICS.rpcServerDuration,
    help: 'RPCs handled, by pattern and outcome (ok, rejected: a 4xx answer, error: a 5xx answer)',
    labelNames: ['pattern', 'outcome'] as const,
    buckets: DURATION_BUCKETS,
    registers: [],
  });

  readonly eventsHandled = new Counter({
    name: SHOP_METRICS.eventsHandled,
    help: 'Events handled and acked, by event type',
    labelNames: ['event'] as const,
    registers: [],
  });

  readonly eventsRetried = new Counter({
    name: SHOP_METRICS.eventsRetried,
    help: 'Event deliveries that failed and were sent to the retry queue, by event type',
    labelNames: ['event'] as const,
    registers: [],
  });

  readonly eventsDeadLettered = new Counter({
    name: SHOP_METRICS.eventsDeadLettered,
    help: 'Events given up on and dead-lettered, by event type ("unreadable" for a message that is not an event)',
    labelNames: ['event'] as const,
    registers: [],
  });

  readonly eventConsumerLag = new Histogram({
    name: SHOP_METRICS.eventConsumerLag,
    help: 'Age of an event (since it occurred) when its handling began, by event type',
    labelNames: ['event'] as const,
    buckets: LAG_BUCKETS,
    registers: [],
  });

  private outbox?: () => Promise<OutboxReading | undefined>;
  private lastOutbox: OutboxReading = { depth: 0, oldestAgeSeconds: 0 };
  /** The outbox and pool gauges are collected at once in a scrape: one reading serves them. */
  private databaseReading?: Promise<void>;

  readonly outboxDepth: Gauge = new Gauge({
    name: SHOP_METRICS.outboxDepth,
    help: 'Outbox rows not yet published',
    registers: [],
    collect: () => this.readDatabase(),
  });

  readonly outboxOldestAge: Gauge = new Gauge({
    name: SHOP_METRICS.outboxOldestAge,
    help: 'Age in seconds of the oldest unpublished outbox row, 0 when the outbox is empty',
    registers: [],
    collect: () => this.readDatabase(),
  });

  private pool?: () => DbPoolReading | undefined;

  readonly dbPoolConnections: Gauge<'state'> = new Gauge({
    name: SHOP_METRICS.dbPoolConnections,
    help: 'Database pool connections: total open, idle, and callers waiting for one',
    labelNames: ['state'] as const,
    registers: [],
    collect: () => this.readDatabase(),
  });

  private readiness?: () => boolean;

  readonly ready: Gauge = new Gauge({
    name: SHOP_METRICS.ready,
    help: '1 while the process is ready: connected to its broker (and for a service its database, and not draining)',
    registers: [],
    collect: () => this.ready.set(this.readiness?.() ? 1 : 0),
  });

  private initialised = false;

  /** Labels every sample with the service and exports the metrics of its role. Once per process. */
  init(service: string, role: MetricsRole): this {
    if (this.initialised) return this;
    this.initialised = true;
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
    const roleMetrics: Metric[] =
      role === 'gateway'
        ? [this.httpRequestDuration, this.rateLimitRejections]
        : [
            this.rpcServerDuration,
            this.eventsHandled,
            this.eventsRetried,
            this.eventsDeadLettered,
            this.eventConsumerLag,
            this.outboxDepth,
            this.outboxOldestAge,
            this.dbPoolConnections,
          ];
    for (const metric of [this.rpcClientDuration, this.ready, ...roleMetrics])
      this.registry.registerMetric(metric);
    return this;
  }

  /** What `shop_ready` reports; the last caller wins (one service per process outside tests). */
  readinessFrom(read: () => boolean): void {
    this.readiness = read;
  }


  /** Read at each scrape; a reading that fails or is late keeps the previous values. */
  outboxFrom(read: () => Promise<OutboxReading | undefined>): void {
    this.outbox = read;
  }

  dbPoolFrom(read: () => DbPoolReading | undefined): void {
    this.pool = read;
  }

  /** The text exposition format, for a scrape. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /** The pool first, so that the scrape's own outbox query does not show as a caller waiting for a connection. */
  private readDatabase(): Promise<void> {
    this.databaseReading ??= (async () => {
      const pool = this.pool?.();
      if (pool) {
        this.dbPoolConnections.set({ state: 'total' }, pool.total);
        this.dbPoolConnections.set({ state: 'idle' }, pool.idle);
        this.dbPoolConnections.set({ state: 'waiting' }, pool.waiting);
      }
      let timer: NodeJS.Timeout | undefined;
      const reading = await Promise.race([
        this.outbox?.().catch(() => undefined),
        new Promise<undefined>(
          (resolve) => (timer = setTimeout(() => resolve(undefined), OUTBOX_READ_TIMEOUT_MS)),
        ),
      ]);
      clearTimeout(timer);
      if (reading) this.lastOutbox = reading;
      this.outboxDepth.set(this.lastOutbox.depth);
      this.outboxOldestAge.set(this.lastOutbox.oldestAgeSeconds);
    })().finally(() => (this.databaseReading = undefined));
    return this.databaseReading;
  }
}

let processMetrics: ShopMetrics | undefined;

/** The process's metrics; hooks may record before `initShopMetrics`, which only decides what is exported. */
export function shopMetrics(): ShopMetrics {
  processMetrics ??= new ShopMetrics();
  return processMetrics;
}

export function initShopMetrics(service: string, role: MetricsRole): ShopMetrics {
  return shopMetrics().init(service, role);
}

/** Seconds since `started` (a `performance.now()` reading). */
export function secondsSince(started: number): number {
  return (performance.now() - started) / 1000;
}

/** ok; rejected: answered with a 4xx (not found, conflict, invalid input); error: a 5xx; timeout: no answer in time. */
export type RpcOutcome = 'ok' | 'rejected' | 'error' | 'timeout';

export function rpcOutcomeOf(error: unknown): RpcOutcome {
  const payload = toRpcErrorPayload(error);
  if (payload.code === ERROR_CODES.TIMEOUT) return 'timeout';
  return payload.status < 500 ? 'rejected' : 'error';
}

/** Consumer lag: how old the event is (since it occurred, by the envelope) as its handling begins. */
export function observeEventLag(event: { type: string; occurredAt?: string | Date }): void {
  const occurred = event.occurredAt ? new Date(event.occurredAt).getTime() : NaN;
  // Clocks of two pods may disagree by a little: an event is never younger than 0.
  if (Number.isFinite(occurred))
    shopMetrics().eventConsumerLag.observe({ event: event.type }, Math.max(0, Date.now() - occurred) / 1000);
}

/**
 * A scrape handler for a Fastify route (`GET /metrics`): the gateway serves it on its own port, a
 * service on its health port, both outside `/api`, so no ingress or proxy route reaches it.
 */
export function metricsRouteHandler() {
  return async (_req: unknown, reply: { header(name: string, value: string): unknown }) => {
    const { contentType, body } = await shopMetrics().exposition();
    reply.header('content-type', contentType);
    return body;
  };
}
