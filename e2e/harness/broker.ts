import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { connect } from 'amqplib';
import { brokerNames, type EventEnvelope, SERVICES } from '@shop/proto';
import { randomUUID } from 'node:crypto';

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
export async function deleteNamespace(
  namespace: string,
  services: readonly string[] = SERVICES,
): Promise<void> {
  const names = brokerNames(namespace);
  const conn = await connect(amqpUrl());
  try {
    const ch = await conn.createChannel();
    for (const service of services) {
      for (const queue of [
        names.eventsQueue(service),
        names.retryQueue(service),
        names.deadLetterQueue(service),
      ]) {
        await ch.deleteQueue(queue);
      }
      if ((SERVICES as readonly string[]).includes(service))
        await ch.deleteQueue(names.rpcQueue(service as (typeof SERVICES)[number]));
    }
    await ch.deleteExchange(names.eventsExchange);
    await ch.close();
  } finally {
    await conn.close();
  }
}

/** An event as a service's outbox relay publishes it; a test that redelivers one passes its `id` again. */
export function eventEnvelope<T>(type: string, data: T, id: string = randomUUID()): EventEnvelope<T> {
  return { id, type, occurredAt: new Date().toISOString(), version: 1, data };
}

/** Publishes events onto a test namespace's exchange with publisher confirms, in order. */
export async function publishEvents(namespace: string, events: readonly EventEnvelope[]): Promise<void> {
  const conn = await connect(amqpUrl());
  try {
    const ch = await conn.createConfirmChannel();
    const exchange = brokerNames(namespace).eventsExchange;
    await ch.assertExchange(exchange, 'topic', { durable: true });
    for (const event of events) {
      ch.publish(exchange, event.type, Buffer.from(JSON.stringify(event)), {
        persistent: true,
        contentType: 'application/json',
        messageId: event.id,
      });
    }
    await ch.waitForConfirms();
  } finally {
    await conn.close();
  }
}
