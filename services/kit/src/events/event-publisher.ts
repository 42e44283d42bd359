import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { currentRequestId } from '../logging/request-context';
import { traceHeaders } from '../tracing/trace-context';

export const OUTBOX_CHANNEL = 'shop_outbox';

/** An event's outbox insert as a common table expression of the caller's own statement (see EventPublisher.inStatement). */
export interface OutboxCte {
  /** `outboxed AS (...)`, to follow the statement's own CTEs after a comma. */
  cte: string;
  /** Its parameters, numbered from the `first` it was made with: append them to the statement's. */
  params: unknown[];
  /** The event's id. */
  id: string;
}

/**
 * Records an event in the outbox inside the caller's transaction: it is published if and only if
 * that transaction commits. NOTIFY is delivered on commit too, which wakes the relay at once.
 */
@Injectable()
export class EventPublisher {
  async publish<T>(manager: EntityManager, type: string, data: T): Promise<string> {
    const { id, params } = this.row(type, data);
    // One round trip for the row and its NOTIFY: a checkout writes several events.
    await manager.query(
      `WITH recorded AS (
         INSERT INTO outbox (id, type, payload, request_id, trace_context) VALUES ($1, $2, $3, $4, $5) RETURNING id
       )
       SELECT pg_notify($6, '') FROM recorded`,
      params,
    );
    return id;
  }

  /**
   * The event's outbox insert as a data-modifying CTE (`outboxed`) of the statement that makes the
   * change it announces, so that the change and its event are one statement, atomic without a
   * transaction: in bench:checkout a separate insert was one of every checkout's few dozen round
   * trips, and often the only reason for a transaction. `first` numbers the CTE's first parameter
   * (the statement's own come before it); the event is recorded only when `when`, an SQL condition
   * over the statement's other CTEs (say, that its update changed a row), holds. The row's NOTIFY
   * is sent by the insert itself, so the statement need not read `outboxed`.
   */
  inStatement<T>(type: string, data: T, first: number, when = 'true'): OutboxCte {
    const { id, params } = this.row(type, data);
    const [a, b, c, d, e, f] = params.map((_, i) => `$${first + i}`);
    return {
      id,
      params,
      cte: `outboxed AS (
        INSERT INTO outbox (id, type, payload, request_id, trace_context)
        SELECT ${a}::uuid, ${b}::text, ${c}::jsonb, ${d}::text, ${e}::jsonb WHERE ${when}
        RETURNING pg_notify(${f}, '')
      )`,
    };
  }

  /** The outbox row's id, type, payload, request id and trace, and the channel to notify. */
  private row<T>(type: string, data: T): { id: string; params: unknown[] } {
    const id = randomUUID();
    // The trace of the work writing the event, so that the relay publishes it in that trace.
    const trace = traceHeaders();
    return {
      id,
      params: [
        id,
        type,
        JSON.stringify(data),
        currentRequestId() ?? null,
        Object.keys(trace).length ? JSON.stringify(trace) : null,
        OUTBOX_CHANNEL,
      ],
    };
  }
}
