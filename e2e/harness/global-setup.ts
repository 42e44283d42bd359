import { Client } from 'pg';
import { connect } from 'amqplib';

/**
 * Tests use the local PostgreSQL and RabbitMQ (or DATABASE_URL / AMQP_URL). When none answers and
 * Docker is there, testcontainers starts both; otherwise the run stops with how to start them.
 */
export default async function globalSetup(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const amqpUrl = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
  const missing = await serversNotAnswering(databaseUrl, amqpUrl);
  if (missing.length === 0) {
    process.env.DATABASE_URL = databaseUrl;
    process.env.AMQP_URL = amqpUrl;
    return;
  }
  if (process.env.DATABASE_URL || process.env.AMQP_URL) {
    throw new Error(`${missing.join(' and ')} does not answer (${databaseUrl}, ${amqpUrl}).`);
  }
  const { GenericContainer, Wait } = await import('testcontainers');
  const pg = await new GenericContainer('postgres:16-alpine')
    .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2))
    .start()
    .catch(() => {
      throw new Error(
        `${missing.join(' and ')} does not answer on its standard port and there is no Docker for testcontainers: ` +
          'start it (see README, or run scripts/ensure-servers.sh).',
      );
    });
  const mq = await new GenericContainer('rabbitmq:3.13-alpine').withExposedPorts(5672).withWaitStrategy(Wait.forLogMessage(/Server startup complete/)).start();
  process.env.DATABASE_URL = `postgres://postgres@${pg.getHost()}:${pg.getMappedPort(5432)}/postgres`;
  process.env.AMQP_URL = `amqp://guest:guest@${mq.getHost()}:${mq.getMappedPort(5672)}`;
  process.env.TESTCONTAINERS_RABBITMQ_ID = mq.getId();
}

/**
 * Which of the two servers does not answer, asking again for a while: a machine that has just
 * booted may still be starting its broker.
 */
async function serversNotAnswering(databaseUrl: string, amqpUrl: string): Promise<string[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const missing = [
      ...((await postgresAnswers(databaseUrl)) ? [] : ['PostgreSQL']),
      ...((await rabbitAnswers(amqpUrl)) ? [] : ['RabbitMQ']),
    ];
    if (missing.length === 0 || Date.now() > deadline) return missing;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function rabbitAnswers(url: string): Promise<boolean> {
  try {
    const conn = await connect(url, { timeout: 2000 });
    await conn.close();
    return true;
  } catch {
    return false;
  }
}
