import { Controller, Injectable, INestApplication, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { brokerNames, EventEnvelope } from '@shop/proto';
import { connect } from 'amqplib';
import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import { amqpUrl, deleteNamespace } from '../../../e2e/harness/broker';
import { CuttableRelay } from '../../../e2e/harness/tcp-relay';
import {
  createServiceApp,
  databaseUrl,
  dropDatabase,
  KitModule,
  OnEvent,
  RpcClient,
  SHOP_METRICS,
} from '../src';

jest.setTimeout(120_000);
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';

const namespace = `t${randomBytes(4).toString('hex')}`;
const names = brokerNames(namespace);
const database = `${namespace}_order`;
const PING = 'order.test.ping';
const EVENT = 'thing.noted';

class CreateNotes1700000000001 implements MigrationInterface {
  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE notes (event_id uuid PRIMARY KEY)`);
  }
  async down(q: QueryRunner) {
    await q.query(`DROP TABLE notes`);
  }
}

@Injectable()
class NoteEvents {
  @OnEvent(EVENT)
  async onNoted(event: EventEnvelope, manager: EntityManager) {
    await manager.query(`INSERT INTO notes (event_id) VALUES ($1)`, [event.id]);
  }
}

@Controller()
class PingRpcController {
  @MessagePattern(PING)
  ping() {
    return { pong: true };
  }
}

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a service that is not ready stops consuming, and consumes again once it is', () => {
  const relay = CuttableRelay.toBroker();
  const rpc = new RpcClient({ AMQP_URL: amqpUrl(), BUS_NAMESPACE: namespace, RPC_TIMEOUT_MS: 5_000 });
  let app: INestApplication;
  let healthUrl: string;
  let admin: Client;

  const consumers = async (queue: string): Promise<number> => {
    const conn = await connect(amqpUrl());
    try {
      const ch = await conn.createChannel();
      return (await ch.checkQueue(queue)).consumerCount;
    } finally {
      await conn.close();
    }
  };
  const consuming = async (count: number) =>
    (await consumers(names.rpcQueue('order'))) === count &&
    (await consumers(names.eventsQueue('order'))) === count;
  const readyGauge = async () => {
    const text = await (await fetch(`${healthUrl}/metrics`)).text();
    return Number(new RegExp(`^${SHOP_METRICS.ready}\\{[^}]*\\} (\\S+)$`, 'm').exec(text)?.[1]);
  };
  const readyStatus = async () => (await fetch(`${healthUrl}/health/ready`)).status;
  const publish = async (): Promise<string> => {
    const id = randomUUID();
    const conn = await connect(amqpUrl());
    try {
      const ch = await conn.createConfirmChannel();
      const event: EventEnvelope = {
        id,
        type: EVENT,
        occurredAt: new Date().toISOString(),
        version: 1,
        data: {},
      };
      ch.publish(names.eventsExchange, EVENT, Buffer.from(JSON.stringify(event)), { persistent: true });
      await ch.waitForConfirms();
    } finally {
      await conn.close();
    }
    return id;
  };
  const noted = async (id: string) => {
    const db = new Client({ connectionString: databaseUrl(process.env.DATABASE_URL!, database) });
    await db.connect();
    try {
      return (await db.query('SELECT 1 FROM notes WHERE event_id = $1', [id])).rowCount === 1;
    } finally {
      await db.end();
    }
  };
  const allowConnections = async (allow: boolean) => {
    await admin.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS ${allow}`);
    if (!allow)
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [
        database,
      ]);
  };

  beforeAll(async () => {
    const proxied = await relay.listen();
    @Module({
      imports: [
        KitModule.forService({
          service: 'order',
          entities: [],
          migrations: [CreateNotes1700000000001],
          env: {
            DATABASE_URL: process.env.DATABASE_URL,
            AMQP_URL: proxied,
            DATABASE_NAME: database,
            BUS_NAMESPACE: namespace,
            HEALTH_PORT: '0',
            SHUTDOWN_GRACE_MS: '2000',
          },
        }),
      ],
      controllers: [PingRpcController],
      providers: [NoteEvents],
    })
    class NotesModule {}
    app = await createServiceApp(NotesModule, 'order');
    await app.init();
    await app.startAllMicroservices();
    await app.listen(0, '127.0.0.1');
    healthUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS true`).catch(() => undefined);
    await app?.close();
    await relay.close();
    await rpc.onApplicationShutdown();
    await admin?.end();
    await dropDatabase(process.env.DATABASE_URL!, database);
    await deleteNamespace(namespace, ['order']);
  });

  it('takes RPCs and events while its database and broker answer', async () => {
    await eventually(() => consuming(1), 'one RPC and one event consumer');
    expect(await readyStatus()).toBe(200);
    expect(await readyGauge()).toBe(1);
    await expect(rpc.call(PING, {})).resolves.toEqual({ pong: true });
  });

  it('cancels its consumers while its database is unreachable, keeping the events for later', async () => {
    await allowConnections(false);
    await eventually(() => consuming(0), 'both consumers cancelled');
    expect(await readyStatus()).toBe(503);
    expect(await readyGauge()).toBe(0);
    const waiting = await publish();
    await expect(rpc.call(PING, {}, { timeoutMs: 1500 })).rejects.toMatchObject({ payload: { status: 503 } });

    await allowConnections(true);
    await eventually(() => consuming(1), 'both consumers back');
    await eventually(() => noted(waiting), 'the event published meanwhile to be handled');
    await expect(rpc.call(PING, {})).resolves.toEqual({ pong: true });
    expect(await readyGauge()).toBe(1);
  });

  it('stops while its broker connection is down, and consumes again once it is back', async () => {
    relay.down();
    await eventually(async () => (await readyGauge()) === 0, 'shop_ready to drop to 0');
    expect(await readyStatus()).toBe(503);
    expect(await consuming(0)).toBe(true);

    relay.up();
    await eventually(() => consuming(1), 'both consumers back after the reconnection');
    await eventually(async () => (await readyGauge()) === 1, 'shop_ready back to 1');
    const id = await publish();
    await eventually(() => noted(id), 'an event published after the reconnection to be handled');
    await expect(rpc.call(PING, {})).resolves.toEqual({ pong: true });
  });
});
