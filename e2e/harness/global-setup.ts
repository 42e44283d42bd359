import { Client } from 'pg';
import { connect } from 'amqplib';

/**
 * Tests use the local PostgreSQL and RabbitMQ (or DATABASE_URL / AMQP_URL). When none answers and
 * Docker is there, testcontainers starts both; otherwise the run stops with how to start them.
 */
export default async function globalSetup(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const amqpUrl = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
  if ((await postgresAnswers(databaseUrl)) && (await rabbitAnswers(amqpUrl))) {
    process.env.DATABASE_URL = databaseUrl;
    process.env.AMQP_URL = amqpUrl;
    return;
  }
  if (process.env.DATABASE_URL || process.env.AMQP_URL) {
    throw new Error(`The configured DATABASE_URL or AMQP_URL does not answer (${databaseUrl}, ${amqpUrl}).`);
  }
  const { GenericContainer, Wait } = await import('testcontainers');
  const pg = await new GenericContainer('postgres:16-alpine')
    .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2))
    .start()
    .catch(() => {
      throw new Error('No PostgreSQL on 127.0.0.1:5432 and no Docker for testcontainers: start PostgreSQL (see README).');
    });
  const mq = await new GenericContainer('rabbitmq:3.13-alpine').withExposedPorts(5672).withWaitStrategy(Wait.forLogMessage(/Server startup complete/)).start();
  process.env.DATABASE_URL = `postgres://postgres@${pg.getHost()}:${pg.getMappedPort(5432)}/postgres`;
  process.env.AMQP_URL = `amqp://guest:guest@${mq.getHost()}:${mq.getMappedPort(5672)}`;
  process.env.TESTCONTAINERS_RABBITMQ_ID = mq.getId();
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
