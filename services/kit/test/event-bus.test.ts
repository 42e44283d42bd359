import { Injectable, INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { brokerNames, EventEnvelope, ServiceName } from '@shop/proto';
import { connect } from 'amqplib';
import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource, EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import { deleteNamespace, restartBroker } from '../../../e2e/harness/broker';
import {
  currentRequestId,
  dropDatabase,
  EventFirstTry,
  EventPublisher,
  inboxRecord,
  KitModule,
  OnEvent,
  requestContext,
  SelfIdempotentEvent,
  shopMetrics,
} from '../src';

jest.setTimeout(90_000);

const namespace = `t${randomBytes(4).toString('hex')}`;
const names = brokerNames(namespace);
const databaseUrl = () => process.env.DATABASE_URL!;

class CreateTestTables1700000000001 implements MigrationInterface {
  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE things (id uuid PRIMARY KEY, name text NOT NULL)`);
    await q.query(`CREATE TABLE seen (event_id uuid NOT NULL, thing_id uuid NOT NULL, request_id text)`);
    await q.query(`CREATE TABLE named (thing_id uuid PRIMARY KEY)`);
    await q.query(`CREATE TABLE counted (thing_id uuid NOT NULL, by text NOT NULL)`);
    // What makes a first try safe when copies of its event run at once, as a row lock does for the
    // services' first tries (an update that re-checks the row's state).
    await q.query(`CREATE UNIQUE INDEX counted_once_by_first_try ON counted (thing_id) WHERE by = 'first try'`);
  }
  async down(q: QueryRunner) {
    await q.query(`DROP TABLE counted; DROP TABLE named; DROP TABLE seen; DROP TABLE things`);
  }
}

/** A subscriber that records each event it handles in its own table; `poison` always fails. */
@Injectable()
class ThingEvents {
  @OnEvent('thing.created')
  async onCreated(event: EventEnvelope<{ id: string }>, manager: EntityManager) {
    await manager.query(`INSERT INTO seen (event_id, thing_id, request_id) VALUES ($1, $2, $3)`, [
      event.id,
      event.data.id,
      currentRequestId() ?? null,
    ]);
  }

  @SelfIdempotentEvent('thing.named')
  async onNamed(event: EventEnvelope<{ id: string }>, manager: EntityManager) {
    await manager.query(`INSERT INTO named (thing_id) VALUES ($1) ON CONFLICT DO NOTHING`, [event.data.id]);
  }

  /** Counts a thing not counted yet, and records the event with it. */
  @EventFirstTry('thing.counted')
  async countFirst(event: EventEnvelope<{ id: string }>, manager: EntityManager): Promise<boolean> {
    const [{ done }] = await manager.query(
      `WITH counted AS (
         INSERT INTO counted (thing_id, by) VALUES ($1, 'first try')
         ON CONFLICT (thing_id) WHERE by = 'first try' DO NOTHING
         RETURNING thing_id
       ), inboxed AS (${inboxRecord('$2', '$3', 'EXISTS (SELECT FROM counted)')})
       SELECT EXISTS (SELECT FROM counted) AS done`,
      [event.data.id, event.id, event.type],
    );
    return done;
  }

  /** Not idempotent by itself: counts again whenever it runs. */
  @OnEvent('thing.counted')
  async count(event: EventEnvelope<{ id: string }>, manager: EntityManager) {
    await manager.query(`INSERT INTO counted (thing_id, by) VALUES ($1, 'handler')`, [event.data.id]);
  }

  @OnEvent('thing.poison')
  async onPoison() {
    throw new Error('this handler always fails');
  }
}

async function startService(service: ServiceName, withHandlers: boolean): Promise<INestApplicationContext> {
  @Module({
    imports: [
      KitModule.forService({
        service,
        entities: [],
        migrations: [CreateTestTables1700000000001],
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
    providers: withHandlers ? [ThingEvents] : [],
  })
  class TestServiceModule {}
  const app = await NestFactory.createApplicationContext(TestServiceModule, { logger: false });
  await app.init();
  return app;
}

const seenCount = async (app: INestApplicationContext, thingId: string): Promise<number> => {
  const rows = await app.get(DataSource).query(`SELECT count(*)::int AS n FROM seen WHERE thing_id = $1`, [thingId]);
  return rows[0].n;
};

async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The business change and its event, in one transaction. */
async function createThing(app: INestApplicationContext, fail = false): Promise<string> {
  const id = randomUUID();
  await app
    .get(DataSource)
    .transaction(async (manager) => {
      await manager.query(`INSERT INTO things (id, name) VALUES ($1, 'a thing')`, [id]);
      await app.get(EventPublisher).publish(manager, 'thing.created', { id });
      if (fail) throw new Error('rolled back on purpose');
    })
    .catch((err) => {
      if (!fail) throw err;
    });
  return id;
}

describe('event bus: outbox, relay, inbox, retries and dead letters', () => {
  let publisher: INestApplicationContext;
  let cart: INestApplicationContext;
  let catalog: INestApplicationContext;

  beforeAll(async () => {
    [publisher, cart, catalog] = await Promise.all([
      startService('order', false),
      startService('cart', true),
      startService('catalog', true),
    ]);
  });

  afterAll(async () => {
    await Promise.all([publisher, cart, catalog].map((app) => app?.close()));
    await Promise.all(['order', 'cart', 'catalog'].map((s) => dropDatabase(databaseUrl(), `${namespace}_${s}`)));
    await deleteNamespace(namespace, ['order', 'cart', 'catalog']);
  });

  it('delivers an event committed with its business change to every subscribing service exactly once', async () => {
    const id = await createThing(publisher);
    await eventually(async () => (await seenCount(cart, id)) === 1 && (await seenCount(catalog, id)) === 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(await seenCount(cart, id)).toBe(1);
    expect(await seenCount(catalog, id)).toBe(1);
    const pending = await publisher.get(DataSource).query(`SELECT count(*)::int AS n FROM outbox`);
    expect(pending[0].n).toBe(0);
  });

  it('delivers an event recorded by the statement that makes its change, and none when that statement changes nothing', async () => {
    const id = randomUUID();
    const makeThing = async () => {
      const event = publisher.get(EventPublisher).inStatement('thing.created', { id }, 2, 'EXISTS (SELECT FROM made)');
      await publisher.get(DataSource).query(
        `WITH made AS (
           INSERT INTO things (id, name) VALUES ($1, 'a thing') ON CONFLICT (id) DO NOTHING RETURNING id
         ), ${event.cte}
         SELECT`,
        [id, ...event.params],
      );
    };
    await makeThing();
    await makeThing();
    await eventually(async () => (await seenCount(cart, id)) === 1 && (await seenCount(catalog, id)) === 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(await seenCount(cart, id)).toBe(1);
    expect(await seenCount(catalog, id)).toBe(1);
    const pending = await publisher.get(DataSource).query(`SELECT count(*)::int AS n FROM outbox`);
    expect(pending[0].n).toBe(0);
  });

  it("carries the publisher's request id to the handlers", async () => {
    const id = await requestContext.run({ requestId: 'req-events-1' }, () => createThing(publisher));
    await eventually(async () => (await seenCount(catalog, id)) === 1);
    const rows = await catalog.get(DataSource).query(`SELECT request_id FROM seen WHERE thing_id = $1`, [id]);
    expect(rows[0].request_id).toBe('req-events-1');
  });

  it('publishes nothing for a rolled-back transaction', async () => {
    const rolledBack = await createThing(publisher, true);
    const committed = await createThing(publisher);
    await eventually(async () => (await seenCount(cart, committed)) === 1 && (await seenCount(catalog, committed)) === 1);
    expect(await seenCount(cart, rolledBack)).toBe(0);
    expect(await seenCount(catalog, rolledBack)).toBe(0);
    const things = await publisher.get(DataSource).query(`SELECT count(*)::int AS n FROM things WHERE id = $1`, [rolledBack]);
    expect(things[0].n).toBe(0);
  });

  it('handles a redelivered event once', async () => {
    const thingId = randomUUID();
    const envelope = { id: randomUUID(), type: 'thing.created', occurredAt: new Date().toISOString(), version: 1, data: { id: thingId } };
    const conn = await connect(process.env.AMQP_URL!);
    const ch = await conn.createConfirmChannel();
    for (let i = 0; i < 3; i++) ch.publish(names.eventsExchange, 'thing.created', Buffer.from(JSON.stringify(envelope)), { persistent: true });
    await ch.waitForConfirms();
    await conn.close();
    await eventually(async () => (await seenCount(cart, thingId)) === 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(await seenCount(cart, thingId)).toBe(1);
    expect(await seenCount(catalog, thingId)).toBe(1);
  });

  it('handles a redelivered event of a self-idempotent handler by its own rows, without the inbox', async () => {
    const thingId = randomUUID();
    const envelope = { id: randomUUID(), type: 'thing.named', occurredAt: new Date().toISOString(), version: 1, data: { id: thingId } };
    const conn = await connect(process.env.AMQP_URL!);
    const ch = await conn.createConfirmChannel();
    for (let i = 0; i < 3; i++) ch.publish(names.eventsExchange, 'thing.named', Buffer.from(JSON.stringify(envelope)), { persistent: true });
    await ch.waitForConfirms();
    await conn.close();
    const named = async () =>
      (await catalog.get(DataSource).query(`SELECT count(*)::int AS n FROM named WHERE thing_id = $1`, [thingId]))[0].n;
    await eventually(async () => (await named()) === 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(await named()).toBe(1);
    const inbox = await catalog.get(DataSource).query(`SELECT count(*)::int AS n FROM inbox WHERE event_id = $1`, [envelope.id]);
    expect(inbox[0].n).toBe(0);
  });

  it('handles an event its first try did once, however often it comes', async () => {
    const thingId = randomUUID();
    const envelope = { id: randomUUID(), type: 'thing.counted', occurredAt: new Date().toISOString(), version: 1, data: { id: thingId } };
    const conn = await connect(process.env.AMQP_URL!);
    const ch = await conn.createConfirmChannel();
    for (let i = 0; i < 3; i++) ch.publish(names.eventsExchange, 'thing.counted', Buffer.from(JSON.stringify(envelope)), { persistent: true });
    await ch.waitForConfirms();
    await conn.close();
    const counted = async () =>
      (await catalog.get(DataSource).query(`SELECT by FROM counted WHERE thing_id = $1`, [thingId])) as { by: string }[];
    await eventually(async () => (await counted()).length > 0);
    await new Promise((r) => setTimeout(r, 500));
    expect(await counted()).toEqual([{ by: 'first try' }]);
    const inbox = await catalog.get(DataSource).query(`SELECT count(*)::int AS n FROM inbox WHERE event_id = $1`, [envelope.id]);
    expect(inbox[0].n).toBe(1);
  });

  it('parks an event whose handler keeps failing in the dead-letter queue after its retries, and counts both', async () => {
    // Both subscribers run in this process, so they count into its one registry.
    const counted = async (counter: 'eventsRetried' | 'eventsDeadLettered') =>
      (await shopMetrics()[counter].get()).values.find((v) => v.labels.event === 'thing.poison')?.value ?? 0;
    const [retried, deadLettered] = [await counted('eventsRetried'), await counted('eventsDeadLettered')];
    await publisher.get(DataSource).transaction((m) => publisher.get(EventPublisher).publish(m, 'thing.poison', { id: randomUUID() }));
    const conn = await connect(process.env.AMQP_URL!);
    const ch = await conn.createChannel();
    try {
      await eventually(async () => (await ch.checkQueue(names.deadLetterQueue('cart'))).messageCount === 1);
      const parked = await ch.get(names.deadLetterQueue('cart'), { noAck: true });
      expect(parked && JSON.parse(parked.content.toString()).type).toBe('thing.poison');
      expect(parked && parked.properties.headers?.['x-attempt']).toBe(3);
      // Each of the two subscribers: attempts 1 and 2 retried, attempt 3 dead-lettered.
      await eventually(async () => (await counted('eventsDeadLettered')) - deadLettered === 2);
      expect((await counted('eventsRetried')) - retried).toBe(4);
    } finally {
      await conn.close();
    }
  });

  it('delivers exactly once when RabbitMQ restarts between the commit and the delivery', async () => {
    let id = '';
    await restartBroker(async () => {
      id = await createThing(publisher);
      const pending = await publisher.get(DataSource).query(`SELECT count(*)::int AS n FROM outbox`);
      expect(pending[0].n).toBe(1);
    });
    await eventually(async () => (await seenCount(cart, id)) === 1 && (await seenCount(catalog, id)) === 1, 45_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await seenCount(cart, id)).toBe(1);
    expect(await seenCount(catalog, id)).toBe(1);
  });
});
