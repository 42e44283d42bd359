import type { Channel, Options } from 'amqplib';

export interface EventQueueNames {
  queue: string;
  retry: string;
  dlq: string;
}

/**
 * Quorum queues are replicated across the broker's nodes, so losing one node neither loses the
 * service's events nor stalls it. Dead-lettering (to the retry queue's target and to the DLQ) is
 * at-least-once: the broker keeps a message until the queue it moves to has confirmed it, which
 * RabbitMQ allows only with the reject-publish overflow. Per-message TTL, which the retry queue
 * uses for its back-off, works on quorum queues from RabbitMQ 3.10.
 */
const QUORUM = { 'x-queue-type': 'quorum' } as const;
const AT_LEAST_ONCE_DEAD_LETTERING = {
  'x-overflow': 'reject-publish',
  'x-dead-letter-strategy': 'at-least-once',
} as const;

export function eventQueueArguments(
  names: EventQueueNames,
): Record<keyof EventQueueNames, Options.AssertQueue> {
  return {
    dlq: { durable: true, arguments: { ...QUORUM } },
    queue: {
      durable: true,
      arguments: {
        ...QUORUM,
        ...AT_LEAST_ONCE_DEAD_LETTERING,
        'x-dead-letter-exchange': '',
        'x-dead-letter-routing-key': names.dlq,
      },
    },
    retry: {
      durable: true,
      arguments: {
        ...QUORUM,
        ...AT_LEAST_ONCE_DEAD_LETTERING,
        'x-dead-letter-exchange': '',
        'x-dead-letter-routing-key': names.queue,
      },
    },
  };
}

/** Declares the service's event queue, its retry queue and its dead-letter queue. */
export async function assertEventQueues(ch: Channel, names: EventQueueNames): Promise<void> {
  const args = eventQueueArguments(names);
  for (const key of ['dlq', 'queue', 'retry'] as const) {
    try {
      await ch.assertQueue(names[key], args[key]);
    } catch (err) {
      throw isInequivalentDeclaration(err)
        ? new OlderEventQueueError(names, names[key], (err as Error).message)
        : err;
    }
  }
}

/**
 * RabbitMQ never changes an existing queue's type or arguments: declaring an older release's
 * classic queue again as a quorum queue closes the channel with PRECONDITION_FAILED (naming
 * whichever argument it compares first). Said plainly, with the way out, so such a broker stops
 * the start-up instead of hanging it.
 */
export class OlderEventQueueError extends Error {
  constructor(names: EventQueueNames, offending: string, brokerMessage: string) {
    super(
      `RabbitMQ already has the queue "${offending}" declared otherwise (a classic queue of an older release?), ` +
        `and event queues are quorum queues now: RabbitMQ cannot change a queue in place. Move the queues as ` +
        `docs/operations.md ("Event queues: from classic to quorum") describes. On a development broker with ` +
        `nothing to keep, delete them and start again: ` +
        [names.queue, names.retry, names.dlq].map((q) => `rabbitmqctl delete_queue ${q}`).join(' && ') +
        `. (The broker said: ${brokerMessage})`,
    );
    this.name = 'OlderEventQueueError';
  }
}

function isInequivalentDeclaration(err: unknown): boolean {
  const { code, message } = err as { code?: number; message?: string };
  return code === 406 && /inequivalent arg/.test(message ?? '');
}
