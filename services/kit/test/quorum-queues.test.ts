import { Injectable, INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { brokerNames, EventEnvelope, ServiceName } from '@shop/proto';
import { Channel, connect } from 'amqplib';
import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource, EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import { amqpUrl, deleteNamespace } from '../../../e2e/harness/broker';
import {
  dropDatabase,
  eventQueueArguments,
  EventPublisher,
  KitModule,
  OlderEventQueueError,
  OnEvent,
} from '../src';

jest.setTimeout(90_000);

const namespace = `t${randomBytes(4).toString('hex')}`;
const names = brokerNames(namespace);
const databaseUrl = () => process.env.DATABASE_URL!;

class CreateSeenTable1700000000002 implements MigrationInterface {
  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE seen (event_id uuid NOT NULL, thing_id uuid NOT NULL)`);
  }
  async down(q: QueryRunner) {
    await q.query(`DROP TABLE seen`);
  }
}

/** `thing.created` is recorded; `thing.flaky` fails its first two attempts; `thing.poison` always fails. */
@Injectable()
class ThingEvents {
  private readonly attempts = new Map<string, number>();

  @OnEvent('thing.created')
  async onCreated(event: EventEnvelope<{ id: string }>, manager: EntityManager) {
    await manager.query(`INSERT INTO seen (event_id, thing_id) VALUES ($1, $2)`, [event.id, event.data.id]);
  }

  @OnEvent('thing.flaky')
  async onFlaky(event: EventEnvelope<{ id: string }>, manager: EntityManager) {
    const attempt = (this.attempts.get(event.id) ?? 0) + 1;
    this.attempts.set(event.id, attempt);
    if (attempt < 3) throw new Error(`attempt ${attempt} fails`);
    await manager.query(`INSERT INTO seen (event_id, thing_id) VALUES ($1, $2)`, [event.id, event.data.id]);
  }

  @OnEvent('thing.poison')
  async onPoison() {
    throw new Error('this handler always fails');
  }
}

function startService(service: ServiceName): Promise<INestApplicationContext> {
  @Module({
    imports: [
      KitModule.forService({
        service,
        entities: [],
        migrations: [CreateSeenTable1700000000002],
        env: {
          DATABASE_URL: databaseUrl(),
          AMQP_URL: process.env.AMQP_URL,
          DATABASE_NAME: `${namespace}_${service}`,
          BUS_NAMESPACE: namespace,
          HEALTH_PORT: '0',
          EVENT_MAX_ATTEMPTS: '3',
          EVENT_RETRY_BASE_MS: '50',
          LOG_LEVEL: 'silent',
        },
      }),
    ],
    providers: [ThingEvents],
  })
  class TestServiceModule {}
  return NestFactory.createApplicationContext(TestServiceModule, { logger: false, abortOnError: false });
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Runs fn on a channel of its own: a failed declaration closes the channel it was made on. */
async function onChannel<T>(fn: (ch: Channel) => Promise<T>): Promise<T> {
  const conn = await connect(amqpUrl());
  try {
    const ch = await conn.createChannel();
    ch.on('error', () => undefined);
    return await fn(ch);
  } finally {
    await conn.close().catch(() => undefined);
  }
}

const cartQueues = {
  queue: names.eventsQueue('cart'),
  retry: names.retryQueue('cart'),
  dlq: names.deadLetterQueue('cart'),
};

/** The broker's answer to declaring a queue again as the kit does, but as a classic queue. */
const redeclareAsClassic = (key: keyof typeof cartQueues) =>
  onChannel((ch) => {
    const { durable, arguments: args } = eventQueueArguments(cartQueues)[key];
    return ch.assertQueue(cartQueues[key], { durable, arguments: { ...args, 'x-queue-type': 'classic' } });
  }).then(
    () => 'accepted',
    (err: Error) => err.message,
  );

const publish = (app: INestApplicationContext, type: string, data: { id: string }) =>
  app.get(DataSource).transaction((manager) => app.get(EventPublisher).publish(manager, type, data));

describe('event queues are quorum queues', () => {
  let publisher: INestApplicationContext;
  let cart: INestApplicationContext;

  const seen = async (thingId: string): Promise<number> =>
    (
      await cart.get(DataSource).query(`SELECT count(*)::int AS n FROM seen WHERE thing_id = $1`, [thingId])
    )[0].n;

  beforeAll(async () => {
    [publisher, cart] = await Promise.all([startService('order'), startService('cart')]);
  });

  afterAll(async () => {
    await Promise.all([publisher, cart].map((app) => app?.close()));
    await Promise.all(
      ['order', 'cart', 'payment'].map((s) => dropDatabase(databaseUrl(), `${namespace}_${s}`)),
    );
    await deleteNamespace(namespace, ['order', 'cart', 'payment']);
  });

  it('declares the event queue, its retry queue and its dead-letter queue as quorum queues', async () => {
    for (const key of ['queue', 'retry', 'dlq'] as const) {
      expect(await redeclareAsClassic(key)).toMatch(
        /PRECONDITION_FAILED - inequivalent arg 'x-queue-type' .*current is 'quorum'/,
      );
    }
  });

  it('delivers an event through the quorum queue once', async () => {
    const id = randomUUID();
    await publish(publisher, 'thing.created', { id });
    await eventually(async () => (await seen(id)) === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(await seen(id)).toBe(1);
  });

  it('retries a failing handler through the quorum retry queue (per-message TTL) until it succeeds', async () => {
    const id = randomUUID();
    await publish(publisher, 'thing.flaky', { id });
    await eventually(async () => (await seen(id)) === 1);
    const parked = await onChannel((ch) => ch.checkQueue(names.deadLetterQueue('cart')));
    expect(parked.messageCount).toBe(0);
  });

  it('dead-letters an event whose handler keeps failing into the quorum dead-letter queue', async () => {
    await publish(publisher, 'thing.poison', { id: randomUUID() });
    await onChannel(async (ch) => {
      await eventually(async () => (await ch.checkQueue(names.deadLetterQueue('cart'))).messageCount === 1);
      const message = await ch.get(names.deadLetterQueue('cart'), { noAck: true });
      expect(message && JSON.parse(message.content.toString()).type).toBe('thing.poison');
      expect(message && message.properties.headers?.['x-attempt']).toBe(3);
    });
  });

  it('refuses to start, naming the fix, when the broker still holds classic event queues', async () => {
    await onChannel(async (ch) => {
      for (const queue of [
        names.deadLetterQueue('payment'),
        names.eventsQueue('payment'),
        names.retryQueue('payment'),
      ]) {
        await ch.assertQueue(queue, { durable: true });
      }
    });
    const started = startService('payment');
    await expect(started).rejects.toThrow(OlderEventQueueError);
    await expect(started).rejects.toThrow(`rabbitmqctl delete_queue ${names.eventsQueue('payment')}`);
  });
});
