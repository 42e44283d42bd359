import { Controller, Inject, INestApplication, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { brokerNames, RPC, RpcEnvelope } from '@shop/proto';
import { connect } from 'amqplib';
import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { deleteNamespace } from '../../../e2e/harness/broker';
import { Pool } from 'pg';
import { createServiceApp, databaseUrl, dropDatabase, KitModule, RpcClient, RpcError } from '../src';

jest.setTimeout(90_000);
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'warn';

const namespace = `t${randomBytes(4).toString('hex')}`;
const database = `${namespace}_order`;
const queue = brokerNames(namespace).rpcQueue('order');
const REPLICA = Symbol('REPLICA');
/** Not in RPC_READS, so it counts as changing state. */
const WRITE = 'order.test.write';
/** Listed in RPC_READS. */
const READ = RPC.order.get;

class CreateRuns1700000000001 implements MigrationInterface {
  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE runs (key text NOT NULL, replica text NOT NULL, at timestamptz NOT NULL DEFAULT now())`);
  }
  async down(q: QueryRunner) {
    await q.query(`DROP TABLE runs`);
  }
}

interface WriteInput {
  key: string;
  holdMs?: number;
  refuse?: boolean;
}

/** Records each run of a handler, after holding it for a while, so a test can count executions. */
@Controller()
class RunsRpcController {
  constructor(
    @Inject(REPLICA) private readonly replica: string,
    private readonly dataSource: DataSource,
  ) {}

  private async run({ data }: RpcEnvelope<WriteInput>) {
    await this.dataSource.query(`INSERT INTO runs (key, replica) VALUES ($1, $2)`, [data.key, this.replica]);
    await new Promise((resolve) => setTimeout(resolve, data.holdMs ?? 0));
    if (data.refuse) throw RpcError.conflict(`refused ${data.key}`);
    return { key: data.key, replica: this.replica, runId: randomUUID() };
  }

  @MessagePattern(WRITE)
  write(@Payload() envelope: RpcEnvelope<WriteInput>) {
    return this.run(envelope);
  }

  @MessagePattern(READ)
  read(@Payload() envelope: RpcEnvelope<WriteInput>) {
    return this.run(envelope);
  }
}

/** One replica of a service built exactly as `bootstrapService` builds it. */
async function startReplica(replica: string): Promise<INestApplication> {
  @Module({
    imports: [
      KitModule.forService({
        service: 'order',
        entities: [],
        migrations: [CreateRuns1700000000001],
        env: {
          DATABASE_URL: process.env.DATABASE_URL,
          AMQP_URL: process.env.AMQP_URL,
          DATABASE_NAME: database,
          BUS_NAMESPACE: namespace,
          HEALTH_PORT: '0',
          SHUTDOWN_GRACE_MS: '5000',
        },
      }),
    ],
    controllers: [RunsRpcController],
    providers: [{ provide: REPLICA, useValue: replica }],
  })
  class ReplicaModule {}
  const app = await createServiceApp(ReplicaModule, 'order');
  await app.init();
  await app.startAllMicroservices();
  await app.listen(0, '127.0.0.1');
  return app;
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function consumers(): Promise<number> {
  const conn = await connect(process.env.AMQP_URL!);
  try {
    const ch = await conn.createChannel();
    return (await ch.checkQueue(queue)).consumerCount;
  } finally {
    await conn.close();
  }
}

describe('RPC servers drain on shutdown and run a state-changing call once per call id', () => {
  const rpc = new RpcClient({ AMQP_URL: process.env.AMQP_URL!, BUS_NAMESPACE: namespace, RPC_TIMEOUT_MS: 15_000 });
  let db: Pool | undefined;
  const apps: INestApplication[] = [];
  const replica = async (name: string) => {
    const app = await startReplica(name);
    apps.push(app);
    return app;
  };
  const runsOf = async (key: string): Promise<string[]> => {
    db ??= new Pool({ connectionString: databaseUrl(process.env.DATABASE_URL!, database), max: 2 });
    const { rows } = await db.query<{ replica: string }>(`SELECT replica FROM runs WHERE key = $1 ORDER BY at`, [key]);
    return rows.map((r) => r.replica);
  };

  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close().catch(() => undefined)));
  });

  afterAll(async () => {
    await rpc.onApplicationShutdown();
    await db?.end();
    await dropDatabase(process.env.DATABASE_URL!, database);
    await deleteNamespace(namespace, ['order']);
  });

  it('lets an RPC in flight at shutdown finish and answer, and no other replica runs it again', async () => {
    const a = await replica('a');
    const key = randomUUID();
    const answer = rpc.call(WRITE, { key, holdMs: 1500 });
    await eventually(async () => (await runsOf(key)).length === 1);
    await replica('b');

    // What SIGTERM runs: Nest's shutdown hooks, beginning with the drain.
    const closed = a.close();
    await eventually(async () => (await consumers()) === 1);
    const sentDuringTheDrain = rpc.call<{ replica: string }>(WRITE, { key: randomUUID() });

    await expect(answer).resolves.toMatchObject({ key, replica: 'a' });
    await closed;
    await expect(sentDuringTheDrain).resolves.toMatchObject({ replica: 'b' });
    await new Promise((r) => setTimeout(r, 1000));
    expect(await runsOf(key)).toEqual(['a']);
  });

  it('answers a repeated call id from the stored reply without running the handler again', async () => {
    await replica('a');
    const key = randomUUID();
    const callId = randomUUID();
    const first = await rpc.call(WRITE, { key }, { callId });
    const again = await rpc.call(WRITE, { key }, { callId });
    expect(again).toEqual(first);
    expect(await runsOf(key)).toHaveLength(1);
  });

  it('replays a refusal to a repeated call id as the same error', async () => {
    await replica('a');
    const key = randomUUID();
    const callId = randomUUID();
    await expect(rpc.call(WRITE, { key, refuse: true }, { callId })).rejects.toMatchObject({ payload: { status: 409 } });
    await expect(rpc.call(WRITE, { key, refuse: true }, { callId })).rejects.toMatchObject({
      payload: { status: 409, message: `refused ${key}` },
    });
    expect(await runsOf(key)).toHaveLength(1);
  });

  it('runs a read again for a repeated call id (only state-changing calls are stored)', async () => {
    await replica('a');
    const key = randomUUID();
    const callId = randomUUID();
    await rpc.call(READ, { key }, { callId });
    await rpc.call(READ, { key }, { callId });
    expect(await runsOf(key)).toHaveLength(2);
  });

  it('when a request comes back to another replica while the first still runs it, waits for that answer instead of running it again', async () => {
    const a = await replica('a');
    const key = randomUUID();
    const answer = rpc.call(WRITE, { key, holdMs: 2000 });
    await eventually(async () => (await runsOf(key)).length === 1);
    await replica('b');
    // The old way to shut down: close the RPC channel at once. The broker redelivers the request
    // to b while a's handler is still running.
    await Promise.all(a.getMicroservices().map((m) => m.close()));

    await expect(answer).resolves.toMatchObject({ key, replica: 'a' });
    await new Promise((r) => setTimeout(r, 500));
    expect(await runsOf(key)).toEqual(['a']);
  });
});
