import {
  applyDecorators,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  SetMetadata,
} from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { brokerNames, EventEnvelope } from '@shop/proto';
import type { ChannelWrapper } from 'amqp-connection-manager';
import type { ConfirmChannel, ConsumeMessage } from 'amqplib';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { requestContext } from '../logging/request-context';
import { observeEventLag, shopMetrics } from '../metrics/shop-metrics';
import { SpanKind, traceContextOf, TracedSpan } from '../tracing/trace-context';
import { BusConnection } from './bus-connection';
import { closeQuietly } from './close-quietly';
import { assertEventQueues } from './event-queues';
import { EventHandlerFn, ON_EVENT, OnEvent } from './on-event.decorator';

export interface EventConsumerOptions {
  service: string;
  namespace: string;
  prefetch: number;
  maxAttempts: number;
  retryBaseMs: number;
}

const MAX_BACKOFF_MS = 30_000;

const SELF_IDEMPOTENT_EVENT = Symbol('shop:self-idempotent-event');

/**
 * `@OnEvent` for a handler that is idempotent by its own rows: handled again, it changes nothing
 * more (say, one insert that does nothing on conflict with a row that is never deleted). When every
 * handler of a type is so, the event is handled in no transaction and not recorded in the inbox:
 * in bench:checkout the START, the inbox insert and the COMMIT were three of such an event's four
 * statements. The handler is given the DataSource's manager, so its work must be one statement.
 */
export const SelfIdempotentEvent = (type: string): MethodDecorator =>
  applyDecorators(OnEvent(type), SetMetadata(SELF_IDEMPOTENT_EVENT, true));

const EVENT_FIRST_TRY = Symbol('shop:event-first-try');

/**
 * Marks a provider method as the first try at an event type with one `@OnEvent` handler: one
 * statement (after the reads it needs, if any), in no transaction, that does the usual case's work
 * and records the event in the inbox with it (`inboxRecord`, gated on the work being done), and the
 * events the work publishes (EventPublisher.inStatement), answering whether it did. When it did not,
 * the event is handled the usual way, so a redelivery of one it did finds the inbox row. In
 * bench:checkout the START, the inbox insert and the COMMIT were three of such an event's four
 * statements.
 */
export const EventFirstTry = (type: string) => SetMetadata(EVENT_FIRST_TRY, type);

export type EventFirstTryFn = (event: EventEnvelope, manager: EntityManager) => Promise<boolean>;

/**
 * The insert that records event `$id` of type `$type` in the inbox, for a first try's statement,
 * when `when` (an SQL condition on the statement's own work) holds.
 */
export const inboxRecord = (id: string, type: string, when: string): string =>
  `INSERT INTO inbox (event_id, type) SELECT ${id}::uuid, ${type}::text WHERE ${when} ON CONFLICT DO NOTHING`;

interface Handler {
  fn: EventHandlerFn;
  selfIdempotent: boolean;
}

/**
 * Consumes the service's `<service>.events` queue. Each event is handled in one transaction that
 * also records its id in the inbox, then acked: a redelivery finds the id and is a no-op (unless
 * its handlers are idempotent by themselves, see SelfIdempotentEvent, or a first try did the work
 * and recorded the event in one statement, see EventFirstTry). A failing
 * handler is retried through a TTL queue with exponential back-off; after the last attempt, or
 * when the message cannot be read at all, it is dead-lettered to `<service>.events.dlq`.
 */
@Injectable()
export class EventConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('EventConsumer');
  private readonly handlers = new Map<string, Handler[]>();
  private readonly firstTries = new Map<string, EventFirstTryFn>();
  private channel?: ChannelWrapper;
  private consuming?: { ch: ConfirmChannel; consumerTag: string };
  /** The channel of the last (re)connection, where a resumed consumer starts again. */
  private ch?: ConfirmChannel;
  private paused = false;
  private draining = false;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly names: ReturnType<typeof brokerNames>;

  constructor(
    private readonly options: EventConsumerOptions,
    private readonly dataSource: DataSource,
    private readonly bus: BusConnection,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {
    this.names = brokerNames(options.namespace);
  }

  get subscribedTypes(): string[] {
    return [...this.handlers.keys()];
  }

  async onApplicationBootstrap(): Promise<void> {
    this.discoverHandlers();
    if (this.handlers.size === 0) return;
    const queue = this.names.eventsQueue(this.options.service);
    const retry = this.names.retryQueue(this.options.service);
    const dlq = this.names.deadLetterQueue(this.options.service);
    this.channel = this.bus.manager.createChannel({
      setup: async (ch: ConfirmChannel) => {
        await ch.assertExchange(this.names.eventsExchange, 'topic', { durable: true });
        await assertEventQueues(ch, { queue, retry, dlq });
        for (const type of this.handlers.keys()) await ch.bindQueue(queue, this.names.eventsExchange, type);
        await ch.prefetch(this.options.prefetch);
        this.ch = ch;
        this.consuming = undefined;
        if (!this.draining && !this.paused) await this.consume(ch);
      },
    });
    // Setup runs again on every reconnection; a failure there is logged, not thrown at nobody.
    this.channel.on('error', (err: Error) => this.logger.error(`event channel setup failed: ${err.message}`));
    // A failed first setup (queues an older release declared otherwise) fails the start-up, where
    // waiting for the channel alone would hang it.
    const channel = this.channel;
    await new Promise<void>((resolve, reject) => {
      channel.once('error', reject);
      void channel.waitForConnect().then(() => {
        channel.off('error', reject);
        resolve();
      });
    });
  }

  private track(handling: Promise<void>): void {
    this.inFlight.add(handling);
    void handling.finally(() => this.inFlight.delete(handling));
  }

  get eventsInFlight(): number {
    return this.inFlight.size;
  }

  private async consume(ch: ConfirmChannel): Promise<void> {
    if (this.consuming) return;
    const queue = this.names.eventsQueue(this.options.service);
    const retry = this.names.retryQueue(this.options.service);
    // Named before the broker answers, so that a pause arriving meanwhile can cancel it.
    const consuming = { ch, consumerTag: `${this.options.service}.events.${randomUUID()}` };
    this.consuming = consuming;
    try {
      await ch.consume(queue, (msg) => msg && this.track(this.onMessage(ch, msg, retry)), {
        noAck: false,
        consumerTag: consuming.consumerTag,
      });
    } catch (err) {
      if (this.consuming === consuming) this.consuming = undefined;
      throw err;
    }
  }

  /** Stops taking events for good; the broker keeps the rest for the other replicas. */
  async stopConsuming(): Promise<void> {
    this.draining = true;
    await this.pause();
  }

  /** Stops taking events until `resume`, while the service is not ready (ServiceReadiness). */
  async pause(): Promise<void> {
    this.paused = true;
    const consuming = this.consuming;
    this.consuming = undefined;
    if (consuming) await consuming.ch.cancel(consuming.consumerTag).catch(() => undefined);
  }

  /** Takes events again; on a channel lost meanwhile, the next reconnection's setup starts consuming. */
  async resume(): Promise<void> {
    this.paused = false;
    if (this.draining || !this.ch) return;
    await this.consume(this.ch).catch((err: Error) => this.logger.warn(`events not resumed yet: ${err.message}`));
  }

  /** Resolves once the events taken are handled and settled, or at `deadline`; returns how many are left. */
  async drained(deadline: number): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(this.inFlight),
      new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now())))),
    ]);
    clearTimeout(timer);
    return this.inFlight.size;
  }

  private discoverHandlers(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object') continue;
      const prototype = Object.getPrototypeOf(instance);
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const firstTry = this.reflector.get<string>(EVENT_FIRST_TRY, prototype[method]);
        if (firstTry) this.firstTries.set(firstTry, (instance[method] as EventFirstTryFn).bind(instance));
        const type = this.reflector.get<string>(ON_EVENT, prototype[method]);
        if (!type) continue;
        const handler: Handler = {
          fn: (instance[method] as EventHandlerFn).bind(instance),
          selfIdempotent: this.reflector.get<boolean>(SELF_IDEMPOTENT_EVENT, prototype[method]) === true,
        };
        this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
      }
    }
  }

  private async onMessage(ch: ConfirmChannel, msg: ConsumeMessage, retryQueue: string): Promise<void> {
    let event: EventEnvelope;
    try {
      event = JSON.parse(msg.content.toString());
      if (!event?.id || !event.type) throw new Error('not an event envelope');
    } catch (err) {
      this.logger.error(`unreadable message parked in the dead-letter queue: ${err.message}`);
      shopMetrics().eventsDeadLettered.inc({ event: 'unreadable' });
      return this.settle(() => ch.nack(msg, false, false));
    }
    const requestId = msg.properties.headers?.['x-request-id'] as string | undefined;
    // In the trace of the work that wrote the event (the traceparent the outbox relay sent with it).
    const span = new TracedSpan(`${event.type} process`, {
      kind: SpanKind.CONSUMER,
      parent: traceContextOf(msg.properties.headers),
      attributes: { 'messaging.destination.name': event.type, 'messaging.message.id': event.id },
    });
    observeEventLag(event);
    await requestContext.run({ requestId }, () =>
      span.run(async () => {
        try {
          await this.handle(event);
          span.end();
          shopMetrics().eventsHandled.inc({ event: event.type });
          this.settle(() => ch.ack(msg));
        } catch (err) {
          span.end(err);
          await this.retryOrDeadLetter(ch, msg, retryQueue, event, err);
        }
      }),
    );
  }

  private async handle(event: EventEnvelope): Promise<void> {
    const handlers = this.handlers.get(event.type) ?? [];
    if (handlers.length > 0 && handlers.every((h) => h.selfIdempotent)) {
      for (const handler of handlers) await handler.fn(event, this.dataSource.manager);
      return;
    }
    const firstTry = this.firstTries.get(event.type);
    if (firstTry && handlers.length === 1 && (await firstTry(event, this.dataSource.manager))) return;
    await this.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO inbox (event_id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
        [event.id, event.type],
      );
      if (inserted.length === 0) return;
      for (const handler of handlers) await handler.fn(event, manager);
    });
  }

  private async retryOrDeadLetter(
    ch: ConfirmChannel,
    msg: ConsumeMessage,
    retryQueue: string,
    event: EventEnvelope,
    err: Error,
  ): Promise<void> {
    const attempt = Number(msg.properties.headers?.['x-attempt'] ?? 1);
    if (attempt >= this.options.maxAttempts) {
      this.logger.error(`${event.type} ${event.id} failed ${attempt} times, dead-lettered: ${err.message}`);
      shopMetrics().eventsDeadLettered.inc({ event: event.type });
      return this.settle(() => ch.nack(msg, false, false));
    }
    const delay = Math.min(this.options.retryBaseMs * 2 ** (attempt - 1), MAX_BACKOFF_MS);
    this.logger.warn(`${event.type} ${event.id} failed (attempt ${attempt}), retrying in ${delay} ms: ${err.message}`);
    try {
      await new Promise<void>((resolve, reject) =>
        ch.sendToQueue(
          retryQueue,
          msg.content,
          {
            ...msg.properties,
            persistent: true,
            expiration: String(delay),
            headers: { ...msg.properties.headers, 'x-attempt': attempt + 1 },
          },
          (confirmErr) => (confirmErr ? reject(confirmErr) : resolve()),
        ),
      );
      shopMetrics().eventsRetried.inc({ event: event.type });
      this.settle(() => ch.ack(msg));
    } catch {
      // The retry copy was not confirmed: leave the original unacked; the broker redelivers it.
    }
  }

  /** Acks go to the channel that delivered the message; if it has closed, the broker redelivers. */
  private settle(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.logger.warn(`could not settle message: ${err.message}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await closeQuietly(this.channel && (() => this.channel!.close()));
  }
}
