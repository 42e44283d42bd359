import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { RpcEnvelope, RpcErrorPayload } from '@shop/proto';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { PoolClient, QueryResult } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { RpcError, toRpcErrorPayload } from './rpc-error';

/** How long a replica holds a call without renewing; a killed replica's calls are free after it. */
export const RPC_LEASE_MS = 15_000;
/** Redeliveries come within the caller's timeout; an hour covers any caller with room to spare. */
const KEEP_REPLIES_MS = 60 * 60_000;
const PRUNE_EVERY_MS = 10 * 60_000;
const POLL_MS = 100;

/** Which requests of a pattern its handler makes harmless to redeliver by itself. */
type SettledBy = (envelope: RpcEnvelope | undefined) => boolean;

/** Patterns whose handlers make a redelivery harmless by themselves (see SelfIdempotentPattern). */
const selfIdempotent = new Map<string, SettledBy>();

/**
 * `@MessagePattern` for a state-changing handler that is idempotent by its own data: run again for
 * the same request, it changes nothing more and answers as the first run did, and simultaneous runs
 * are settled by its own rows. RpcReplies stores no reply for it: in bench:checkout the claim and
 * the stored reply were two of every such call's statements, each a transaction of its own. With
 * `when`, only the requests it accepts are (say, those carrying their own idempotency key); the
 * others are claimed and answered from the stored reply as usual.
 */
export function SelfIdempotentPattern(pattern: string, when: SettledBy = () => true): MethodDecorator {
  selfIdempotent.set(pattern, when);
  return MessagePattern(pattern);
}

/** A call this process claimed and is running; `recorded` once its handler stored the reply itself. */
interface Running {
  callId: string;
  recorded: boolean;
}

type Claim = { kind: 'claimed' } | { kind: 'answered'; reply: unknown } | { kind: 'refused'; error: RpcErrorPayload } | { kind: 'running' };

/**
 * Runs each state-changing RPC once per call id, however often the broker delivers it. The first
 * delivery claims the id with a lease it renews while the handler runs, then stores the reply (or
 * the 4xx refusal). A redelivery, on this replica or another, gets the stored answer; if the call
 * is still running elsewhere it waits for that answer, and it only runs the handler itself once
 * the holder's lease has lapsed (the holder died before finishing, so its transaction rolled back).
 * A 5xx is not stored: the call failed before it changed anything, so a redelivery may try again.
 */
@Injectable()
export class RpcReplies implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('RpcReplies');
  /** This process: a lease it holds is never taken over by its own second delivery. */
  private readonly owner = randomUUID();
  private pruner?: NodeJS.Timeout;
  private readonly running = new AsyncLocalStorage<Running>();

  constructor(private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    const prune = () =>
      this.dataSource
        .query(`DELETE FROM rpc_replies WHERE created_at < now() - make_interval(secs => $1)`, [KEEP_REPLIES_MS / 1000])
        .catch((err: Error) => this.logger.warn(`could not prune stored RPC replies: ${err.message}`));
    void prune();
    this.pruner = setInterval(prune, PRUNE_EVERY_MS);
    this.pruner.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.pruner);
  }

  /**
   * Runs `handler` unless this call id already ran; `deadline` is when the caller stops waiting,
   * `envelope` the request (for a pattern that is self-idempotent only for some requests).
   */
  async once(
    callId: string,
    pattern: string,
    deadline: number,
    handler: () => Promise<unknown>,
    envelope?: RpcEnvelope,
  ): Promise<unknown> {
    if (selfIdempotent.get(pattern)?.(envelope)) return handler();
    for (;;) {
      const claim = await this.claim(callId, pattern);
      if (claim.kind === 'claimed') return this.run(callId, handler);
      if (claim.kind === 'answered') return claim.reply;
      if (claim.kind === 'refused') throw new RpcError(claim.error);
      if (Date.now() >= deadline) {
        throw RpcError.unavailable('This request is still being handled; try again in a moment');
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  private async run(callId: string, handler: () => Promise<unknown>): Promise<unknown> {
    const renew = setInterval(
      () =>
        void this.dataSource
          .query(`UPDATE rpc_replies SET lease_until = now() + make_interval(secs => $3) WHERE call_id = $1 AND owner = $2`, [
            callId,
            this.owner,
            RPC_LEASE_MS / 1000,
          ])
          .catch((err: Error) => this.logger.warn(`could not renew the lease of call ${callId}: ${err.message}`)),
      RPC_LEASE_MS / 3,
    );
    const call: Running = { callId, recorded: false };
    try {
      const reply = await this.running.run(call, handler);
      if (call.recorded) return reply;
      await this.record(
        `UPDATE rpc_replies SET completed_at = now(), reply = $3 WHERE call_id = $1 AND owner = $2`,
        [callId, this.owner, reply === undefined ? null : JSON.stringify(reply)],
      );
      return reply;
    } catch (err) {
      const payload = toRpcErrorPayload(err);
      await this.record(
        payload.status < 500
          ? `UPDATE rpc_replies SET completed_at = now(), error = $3 WHERE call_id = $1 AND owner = $2`
          : `DELETE FROM rpc_replies WHERE call_id = $1 AND owner = $2`,
        payload.status < 500 ? [callId, this.owner, payload] : [callId, this.owner],
      );
      throw err;
    } finally {
      clearInterval(renew);
    }
  }

  /**
   * Whether the call being handled stores its reply (recordIn writes it): not for a read, a
   * self-idempotent handler, or work outside an RPC. A handler whose writes are one statement
   * otherwise needs a transaction only when this holds.
   */
  get storesReply(): boolean {
    return this.running.getStore() !== undefined;
  }

  /**
   * Stores the reply of the call being handled in the handler's own transaction, as its last
   * statement, instead of in a statement (and a commit) of its own after the handler: the reply
   * then commits with the writes it answers for. `reply` must be what the handler returns. Outside
   * a claimed call (a read, a self-idempotent handler, or no RPC at all), or once the call's reply
   * is stored (inStatement), it does nothing.
   */
  async recordIn(m: EntityManager, reply: unknown): Promise<void> {
    const call = this.running.getStore();
    if (!call || call.recorded) return;
    await m.query(`UPDATE rpc_replies SET completed_at = now(), reply = $3 WHERE call_id = $1 AND owner = $2`, [
      call.callId,
      this.owner,
      reply === undefined ? null : JSON.stringify(reply),
    ]);
    // Until the transaction commits, a failure still goes through run()'s catch, which stores or
    // drops the claim as for any other handler.
    call.recorded = true;
  }

  /**
   * recordIn as a data-modifying CTE (`replied`) of the handler's own statement, so that the reply
   * takes no round trip of its own: `first` numbers its first parameter (the statement's own come
   * before it), and the reply is stored only when `when`, an SQL condition over the statement's
   * other CTEs, holds. Once the statement has run with `when` true, the caller calls `stored()`;
   * until then the call's reply is stored as usual. Null when there is nothing to store (as for
   * recordIn).
   */
  inStatement(reply: unknown, first: number, when = 'true'): { cte: string; params: unknown[]; stored: () => void } | null {
    const call = this.running.getStore();
    if (!call || call.recorded) return null;
    return {
      cte: `replied AS (
        UPDATE rpc_replies SET completed_at = now(), reply = $${first + 2}::text
        WHERE call_id = $${first}::text AND owner = $${first + 1}::text AND ${when}
      )`,
      params: [call.callId, this.owner, reply === undefined ? null : JSON.stringify(reply)],
      stored: () => {
        call.recorded = true;
      },
    };
  }

  /**
   * Claims the call. The claim commits without waiting for a WAL flush (synchronous_commit off for
   * its transaction alone): it is visible to every replica at once, and nothing that relies on it
   * being durable comes before a later commit that flushes it, as WAL is flushed in order: the
   * handler's writes, its stored reply or refusal, or the claim's removal after a 5xx all commit
   * synchronously before the caller is answered. A claim lost with PostgreSQL's last fraction of a
   * second guarded nothing durable yet, and the redelivered call claims again (bench:checkout
   * claims three calls a checkout). The three statements go as one simple query, with the values as
   * literals escaped by pg, in one round trip.
   */
  private async insertClaim(callId: string, pattern: string): Promise<boolean> {
    const runner = this.dataSource.createQueryRunner();
    const client = (await runner.connect()) as PoolClient;
    const literal = (value: string) => client.escapeLiteral(value);
    try {
      const results = (await client.query(
        `START TRANSACTION;
         SET LOCAL synchronous_commit = off;
         INSERT INTO rpc_replies AS r (call_id, pattern, owner, lease_until)
         VALUES (${literal(callId)}, ${literal(pattern)}, ${literal(this.owner)}, now() + make_interval(secs => ${RPC_LEASE_MS / 1000}))
         ON CONFLICT (call_id) DO UPDATE SET owner = EXCLUDED.owner, lease_until = EXCLUDED.lease_until
           WHERE r.completed_at IS NULL AND r.lease_until < now()
         RETURNING call_id;
         COMMIT`,
      )) as unknown as QueryResult[];
      return results[2].rowCount === 1;
    } catch (err) {
      // Also ends a transaction the statements left aborted.
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      await runner.release();
    }
  }

  /** The answer matters more than its record: a failure here is logged and the caller still answered. */
  private async record(sql: string, params: unknown[]): Promise<void> {
    await this.dataSource.query(sql, params).catch((err: Error) => this.logger.warn(`could not store an RPC reply: ${err.message}`));
  }

  private async claim(callId: string, pattern: string): Promise<Claim> {
    if (await this.insertClaim(callId, pattern)) return { kind: 'claimed' };
    const [row]: { completed_at: Date | null; reply: string | null; error: RpcErrorPayload | null }[] = await this.dataSource.query(
      `SELECT completed_at, reply, error FROM rpc_replies WHERE call_id = $1`,
      [callId],
    );
    if (!row?.completed_at) return { kind: 'running' };
    if (row.error) return { kind: 'refused', error: row.error };
    return { kind: 'answered', reply: row.reply === null ? undefined : JSON.parse(row.reply) };
  }
}
