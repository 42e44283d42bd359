import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { ChannelWrapper } from 'amqp-connection-manager';
import type { ConfirmChannel } from 'amqplib';
import { Client, PoolClient, QueryResult } from 'pg';
import { DataSource } from 'typeorm';
import { BusConnection } from './bus-connection';
import { closeQuietly } from './close-quietly';
import { OUTBOX_CHANNEL } from './event-publisher';
import { inSpan, SpanKind, TraceCarrier, traceContextOf } from '../tracing/trace-context';

const BATCH = 200;
const POLL_MS = 1000;
const PUBLISH_TIMEOUT_MS = 5000;

interface OutboxRow {
  seq: string;
  id: string;
  type: string;
  payload: unknown;
  occurred_at: Date;
  request_id: string | null;
  trace_context: TraceCarrier | null;
}

/**
 * Publishes committed outbox rows with publisher confirms; their deletion commits once the broker
 * has them. Rows are locked with SKIP LOCKED, so replicas share the work; a row whose publish is not
 * confirmed stays and is published again later (consumers de-duplicate on the event id).
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  private channel: ChannelWrapper;
  private listener?: Client;
  private timer?: NodeJS.Timeout;
  private pass?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: BusConnection,
    private readonly exchange: string,
    private readonly listenUrl: string,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.channel = this.bus.manager.createChannel({
      setup: (ch: ConfirmChannel) => ch.assertExchange(this.exchange, 'topic', { durable: true }),
    });
    // A setup cut short by the broker going away is done again on reconnection; unheard, it would end the process.
    this.channel.on('error', (err: Error) => this.logger.warn(`outbox channel setup failed: ${err.message}`));
    this.bus.manager.on('connect', () => this.wake());
    await this.listen();
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.wake();
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.listenUrl });
    client.on('notification', () => this.wake());
    client.on('error', (err) => {
      this.logger.warn(`outbox listener lost: ${err.message}`);
      this.listener = undefined;
      setTimeout(() => this.listen().catch(() => undefined), POLL_MS);
    });
    await client.connect();
    await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
    this.listener = client;
  }

  /** Publishes everything pending; calls made while draining cause one more pass. */
  wake(): void {
    if (this.stopped) return;
    if (this.pass) {
      this.again = true;
      return;
    }
    this.pass = this.drain()
      .catch((err) => this.logger.warn(`outbox publish deferred: ${err.message}`))
      .finally(() => {
        this.pass = undefined;
      });
  }

  /**
   * At shutdown, once the handlers have finished: publishes what they wrote, then stops. Rows left
   * at `deadline` stay for another replica, or this one when it comes back.
   */
  async finish(deadline: number): Promise<void> {
    if (Date.now() < deadline) this.wake();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.pass,
      new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now())))),
    ]);
    clearTimeout(timer);
    this.stopped = true;
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      while (this.bus.connected && !this.stopped && (await this.publishBatch()) === BATCH);
    } while (this.again && this.bus.connected && !this.stopped);
  }

  private async publishBatch(): Promise<number> {
    const runner = this.dataSource.createQueryRunner();
    // The pool's own client: a transaction's start and the batch's delete go in one round trip (one
    // simple query of three statements), which TypeORM's transactions cannot send. In bench:checkout
    // the START was one of every batch's three round trips.
    const client = (await runner.connect()) as PoolClient;
    try {
      // Taken and deleted in one statement: the delete stays uncommitted until the broker confirms,
      // and a failed publish rolls it back. Its commit waits for no WAL flush (synchronous_commit
      // off): a delete lost by a crash of PostgreSQL within a fraction of a second of it only
      // publishes those events again, which consumers de-duplicate on the event id (inbox, or
      // handlers idempotent by their rows) as for any publish not confirmed; nothing outside the
      // database learns of the delete. In bench:checkout the flush was one of a checkout's few dozen.
      const results = (await client.query(
        `START TRANSACTION;
         SET LOCAL synchronous_commit = off;
         DELETE FROM outbox WHERE seq IN (SELECT seq FROM outbox ORDER BY seq LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
         RETURNING seq, id, type, payload, occurred_at, request_id, trace_context`,
      )) as unknown as QueryResult<OutboxRow>[];
      const rows = results[2].rows;
      // RETURNING follows no order; events go out in the order they were written.
      rows.sort((a, b) => (BigInt(a.seq) < BigInt(b.seq) ? -1 : 1));
      await Promise.all(
        rows.map((row) =>
          publishInTrace(row, (trace) =>
            this.channel.publish(
              this.exchange,
              row.type,
              Buffer.from(
                JSON.stringify({ id: row.id, type: row.type, occurredAt: row.occurred_at, version: 1, data: row.payload }),
              ),
              {
                persistent: true,
                messageId: row.id,
                contentType: 'application/json',
                headers: { ...(row.request_id ? { 'x-request-id': row.request_id } : {}), ...trace },
                timeout: PUBLISH_TIMEOUT_MS,
              },
            ),
          ),
        ),
      );
      await client.query('COMMIT');
      return rows.length;
    } catch (err) {
      // Also ends a transaction the two statements left aborted.
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      await runner.release();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.pass;
    clearInterval(this.timer);
    await closeQuietly(this.listener && (() => this.listener!.end()));
    await closeQuietly(this.channel && (() => this.channel.close()));
  }
}

/**
 * Publishes a row in the trace of the work that wrote it, under a producer span whose context the
 * message carries on (`traceparent`); a row written outside any trace is published as it is.
 */
function publishInTrace(row: OutboxRow, publish: (trace: TraceCarrier) => Promise<unknown>): Promise<unknown> {
  if (!row.trace_context) return publish({});
  const options = {
    kind: SpanKind.PRODUCER,
    parent: traceContextOf(row.trace_context),
    attributes: { 'messaging.destination.name': row.type, 'messaging.message.id': row.id },
  };
  return inSpan(`${row.type} publish`, options, publish);
}
