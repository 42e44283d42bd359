import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { currentRequestId } from '../logging/request-context';
import { traceHeaders } from '../tracing/trace-context';

export const OUTBOX_CHANNEL = 'shop_outbox';

/**
 * Records an event in the outbox inside the caller's transaction: it is published if and only if
 * that transaction commits. NOTIFY is delivered on commit too, which wakes the relay at once.
 */
@Injectable()
export class EventPublisher {
  async publish<T>(manager: EntityManager, type: string, data: T): Promise<string> {
    const id = randomUUID();
    // The trace of the work writing the event, so that the relay publishes it in that trace.
    const trace = traceHeaders();
    // One round trip for the row and its NOTIFY: a checkout writes several events.
    await manager.query(
      `WITH recorded AS (
         INSERT INTO outbox (id, type, payload, request_id, trace_context) VALUES ($1, $2, $3, $4, $5) RETURNING id
       )
       SELECT pg_notify($6, '') FROM recorded`,
      [
        id,
        type,
        JSON.stringify(data),
        currentRequestId() ?? null,
        Object.keys(trace).length ? JSON.stringify(trace) : null,
        OUTBOX_CHANNEL,
      ],
    );
    return id;
  }
}
