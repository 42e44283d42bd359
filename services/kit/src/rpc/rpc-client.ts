import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { ClientRMQ, RmqRecord } from '@nestjs/microservices';
import {
  Actor,
  brokerNames,
  ERROR_CODES,
  isRpcErrorPayload,
  RpcEnvelope,
  RpcErrorPayload,
  ServiceName,
  serviceOfPattern,
} from '@shop/proto';
import type { Channel } from 'amqplib';
import { randomUUID } from 'node:crypto';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { currentRequestId } from '../logging/request-context';
import { rpcOutcomeOf, secondsSince, shopMetrics } from '../metrics/shop-metrics';
import { inSpan, SpanKind, TraceCarrier } from '../tracing/trace-context';
import { JsonReply, readReplyContent } from './json-reply';
import { isServerFault, RpcError } from './rpc-error';
import { AMQP_SOCKET_OPTIONS, withCoalescedWrites } from './amqp-socket';

export interface RpcCallOptions {
  actor?: Actor | null;
  requestId?: string;
  ip?: string;
  /** The browser's User-Agent, sent with sign-ins (the session names its device by it). */
  userAgent?: string;
  timeoutMs?: number;
  /**
   * The call's id, which a service uses to run a state-changing call once however often it is
   * delivered. A new one per call by default; pass the same id when retrying the same logical call.
   */
  callId?: string;
}

export interface RpcClientConfig {
  AMQP_URL: string;
  BUS_NAMESPACE: string;
  RPC_TIMEOUT_MS: number;
}

/**
 * Request/reply to any service by pattern name. One connection per target service, replies over
 * RabbitMQ's direct reply-to. Requests expire in the queue when their caller has stopped waiting,
 * so a service that comes back never acts on a request nobody will read the answer to. Each call
 * carries its own id (the AMQP message id), which a redelivery keeps, so the service answers a
 * redelivered state-changing call from its stored reply (RpcReplies), and when the caller stops
 * waiting (`x-deadline`).
 */
@Injectable()
export class RpcClient implements OnApplicationShutdown {
  private readonly clients = new Map<ServiceName, ClientRMQ>();

  constructor(private readonly config: RpcClientConfig) {}

  async call<T>(pattern: string, data: unknown, options: RpcCallOptions = {}): Promise<T> {
    const reply = await this.traced(pattern, data, options);
    return reply instanceof JsonReply ? reply.parse<T>() : (reply as T);
  }

  /**
   * The reply as JSON bytes, for a caller that only forwards it: when the service answers a
   * JsonReply they are its bytes, not parsed here; any other answer is serialized.
   */
  async callJson(pattern: string, data: unknown, options: RpcCallOptions = {}): Promise<Buffer> {
    const reply = await this.traced(pattern, data, options);
    return reply instanceof JsonReply ? reply.bytes : Buffer.from(JSON.stringify(reply));
  }

  private traced(pattern: string, data: unknown, options: RpcCallOptions): Promise<unknown> {
    const traced = { kind: SpanKind.CLIENT, attributes: { 'rpc.method': pattern }, isFailure: isServerFault };
    return inSpan(pattern, traced, (trace) => this.send(pattern, data, options, trace));
  }

  /** `trace` (the call's span as `traceparent`) goes in the AMQP headers, for the service to continue the trace. */
  private async send(pattern: string, data: unknown, options: RpcCallOptions, trace: TraceCarrier): Promise<unknown> {
    const service = serviceOfPattern(pattern);
    const timeoutMs = options.timeoutMs ?? this.config.RPC_TIMEOUT_MS;
    const envelope: RpcEnvelope = {
      actor: options.actor ?? null,
      data,
      requestId: options.requestId ?? currentRequestId() ?? randomUUID(),
      ip: options.ip,
      ...(options.userAgent && { userAgent: options.userAgent }),
    };
    const record = new RmqRecord(envelope, {
      expiration: String(timeoutMs),
      messageId: options.callId ?? randomUUID(),
      headers: { 'x-deadline': String(Date.now() + timeoutMs), ...trace },
    });
    const started = performance.now();
    try {
      const reply = await firstValueFrom(this.client(service).send<unknown>(pattern, record).pipe(timeout({ first: timeoutMs })));
      shopMetrics().rpcClientDuration.observe({ pattern, outcome: 'ok' }, secondsSince(started));
      return reply;
    } catch (error) {
      const failure = this.asRpcError(service, error);
      shopMetrics().rpcClientDuration.observe({ pattern, outcome: rpcOutcomeOf(failure) }, secondsSince(started));
      throw failure;
    }
  }

  private asRpcError(service: ServiceName, error: unknown): RpcError {
    if (error instanceof TimeoutError) {
      return new RpcError({ status: 503, code: ERROR_CODES.TIMEOUT, message: `The ${service} service did not answer in time` });
    }
    if (isRpcErrorPayload(error)) return new RpcError(error as RpcErrorPayload);
    return new RpcError({ status: 503, code: ERROR_CODES.UNAVAILABLE, message: `The ${service} service is unavailable` });
  }

  private client(service: ServiceName): ClientRMQ {
    let client = this.clients.get(service);
    if (!client) {
      client = new SurvivingClientRMQ({
        urls: [this.config.AMQP_URL],
        queue: brokerNames(this.config.BUS_NAMESPACE).rpcQueue(service),
        queueOptions: { durable: true },
        socketOptions: AMQP_SOCKET_OPTIONS,
        persistent: false,
      });
      this.clients.set(service, client);
    }
    return client;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.clients.values()].map((c) => c.close()));
    this.clients.clear();
  }
}

/**
 * Nest's RMQ client, except that a channel setup the broker cuts short (the connection drops while
 * the reply queue is being consumed) is logged: with no listener for it, the channel's error event
 * would end the process. The channel is set up again when the connection comes back. And a reply
 * holding a JsonReply is read without parsing its response (json-reply.ts).
 *
 * Requests are published without publisher confirms (Nest's channel asks for them): a request lost
 * on the way is a request whose reply never comes, which the caller's timeout answers either way,
 * and confirming each one cost the broker and this process a frame per call (issue 13). Its writes
 * are coalesced per event-loop turn (amqp-socket.ts).
 */
class SurvivingClientRMQ extends ClientRMQ {
  override createClient(): ReturnType<ClientRMQ['createClient']> {
    return withCoalescedWrites(super.createClient());
  }

  override createChannel(): Promise<void> {
    const created = new Promise<void>((resolve) => {
      this.channel = this.client!.createChannel({
        json: false,
        confirm: false,
        setup: (channel: Channel) => this.setupChannel(channel, resolve),
      });
    });
    this.channel?.on('error', (err: Error) => this.logger.warn(`RPC channel setup failed: ${err.message}`));
    return created;
  }

  protected override parseMessageContent(content: Buffer): unknown {
    return readReplyContent(content) ?? super.parseMessageContent(content);
  }
}
