import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { connect } from 'amqplib';
import { brokerNames, SERVICES } from '@shop/proto';

const run = promisify(execFile);

/**
 * Restarts RabbitMQ: the testcontainers broker when the tests started one, otherwise the local
 * broker through rabbitmqctl. Durable queues and persistent messages survive; connections do not.
 */
export async function restartBroker(whileDown?: () => Promise<void>): Promise<void> {
  const containerId = process.env.TESTCONTAINERS_RABBITMQ_ID;
  if (containerId) {
    await run('docker', ['stop', containerId]);
    await whileDown?.();
    await run('docker', ['start', containerId]);
  } else {
    await run('rabbitmqctl', ['stop_app']);
    await whileDown?.();
    await run('rabbitmqctl', ['start_app']);
  }
  await waitForBroker();
}

export async function waitForBroker(timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const conn = await connect(amqpUrl());
      await conn.close();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

export const amqpUrl = () => process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

/** Deletes every queue and the exchange of a test namespace, so test runs leave the broker clean. */
export async function deleteNamespace(namespace: string, services: readonly string[] = SERVICES): Promise<void> {
  const names = brokerNames(namespace);
  const conn = await connect(amqpUrl());
  try {
    const ch = await conn.createChannel();
    for (const service of services) {
      for (const queue of [names.eventsQueue(service), names.retryQueue(service), names.deadLetterQueue(service)]) {
        await ch.deleteQueue(queue);
      }
      if ((SERVICES as readonly string[]).includes(service)) await ch.deleteQueue(names.rpcQueue(service as (typeof SERVICES)[number]));
    }
    await ch.deleteExchange(names.eventsExchange);
    await ch.close();
  } finally {
    await conn.close();
  }
}
