import { ensureServers } from '../../scripts/servers.mjs';

/**
 * Tests use the PostgreSQL and RabbitMQ that DATABASE_URL / AMQP_URL name (the local ones by
 * default), brought up the way `npm start` brings them up: started when stopped, in containers
 * when only Docker is there, installed on Debian as root (scripts/servers.mjs).
 */
export default async function globalSetup(): Promise<void> {
  const servers = await ensureServers({ databaseUrl: process.env.DATABASE_URL, amqpUrl: process.env.AMQP_URL });
  process.env.DATABASE_URL = servers.databaseUrl;
  process.env.AMQP_URL = servers.amqpUrl;
  // e2e/harness/broker.ts restarts a broker in a container through Docker.
  if (servers.containers.rabbitmq) process.env.TESTCONTAINERS_RABBITMQ_ID = servers.containers.rabbitmq.getId();
}
