import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { BusConnection } from '@shop/kit';
import { brokerNames, EventEnvelope } from '@shop/proto';
import type { ChannelWrapper } from 'amqp-connection-manager';
import type { ConfirmChannel, ConsumeMessage } from 'amqplib';
import { randomBytes } from 'node:crypto';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';

const EVENT_PREFETCH = 32;

/** State the gateway keeps of another service's data: fed by its events, caught up by asking the owner. */
export interface GatewayEventSubscriber {
  readonly eventTypes: readonly string[];
  apply(event: EventEnvelope): void;
  /** Asks the owner for the current state: at start and after every reconnect, since events may have been missed. */
  resync(): void;
}

/**
 * The gateway has no database, so it takes no part in the services' durable queues: each gateway
 * process listens on its own exclusive, auto-delete queue bound to the events its subscribers need,
 * and after every (re)connect asks the owning services for the current state.
 */
@Injectable()
export class GatewayEvents implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(GatewayEvents.name);
  private readonly subscribers: GatewayEventSubscriber[] = [];
  private bus?: BusConnection;
  private channel?: ChannelWrapper;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  /** Whether the gateway's connection to the broker, which its RPCs travel through too, is up. */
  get connected(): boolean {
    return this.bus?.connected ?? false;
  }

  subscribe(subscriber: GatewayEventSubscriber): void {
    this.subscribers.push(subscriber);
  }

  async onApplicationBootstrap(): Promise<void> {
    const names = brokerNames(this.config.BUS_NAMESPACE);
    const queue = `${names.eventsQueue('gateway')}.${randomBytes(4).toString('hex')}`;
    const types = [...new Set(this.subscribers.flatMap((s) => s.eventTypes))];
    this.bus = new BusConnection(this.config.AMQP_URL);
    this.channel = this.bus.manager.createChannel({
      setup: async (ch: ConfirmChannel) => {
        await ch.assertExchange(names.eventsExchange, 'topic', { durable: true });
        await ch.assertQueue(queue, { exclusive: true, autoDelete: true, durable: false });
        for (const type of types) await ch.bindQueue(queue, names.eventsExchange, type);
        await ch.prefetch(EVENT_PREFETCH);
        await ch.consume(queue, (msg) => msg && this.dispatch(ch, msg), { noAck: false });
        // Bound before asking: whatever changes after the owner answers arrives as an event.
        for (const subscriber of this.subscribers) subscriber.resync();
      },
    });
    // A setup cut short by the broker going away is done again on reconnection; unheard, it would end the process.
    this.channel.on('error', (err: Error) => this.logger.warn(`event channel setup failed: ${err.message}`));
    await this.channel.waitForConnect();
  }

  private dispatch(ch: ConfirmChannel, msg: ConsumeMessage): void {
    try {
      const event = JSON.parse(msg.content.toString()) as EventEnvelope;
      for (const subscriber of this.subscribers) if (subscriber.eventTypes.includes(event.type)) subscriber.apply(event);
    } catch (err) {
      this.logger.warn(`unreadable event ignored: ${err.message}`);
    }
    ch.ack(msg);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.channel?.close().catch(() => undefined);
    await this.bus?.onApplicationShutdown();
  }
}

/**
 * Calls `ask` until it succeeds, waiting longer after each failure (1 s doubling to 30 s): the owner
 * may start after the gateway. A newer call replaces a pending one.
 */
export class Resync {
  private generation = 0;
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly what: string,
    private readonly ask: () => Promise<void>,
    private readonly logger: Logger,
  ) {}

  start(): void {
    const generation = ++this.generation;
    clearTimeout(this.timer);
    const attempt = (delayMs: number) => {
      if (this.stopped || generation !== this.generation) return;
      this.ask().catch((err) => {
        if (this.stopped || generation !== this.generation) return;
        this.logger.warn(`could not load ${this.what} (${err.message}); retrying in ${delayMs / 1000} s`);
        this.timer = setTimeout(() => attempt(Math.min(delayMs * 2, 30_000)), delayMs);
      });
    };
    attempt(1000);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}
