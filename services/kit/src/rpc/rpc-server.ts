import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor, Catch, RpcExceptionFilter } from '@nestjs/common';
import { OutgoingResponse, RmqContext, RmqOptions, ServerRMQ } from '@nestjs/microservices';
import { brokerNames, RPC_READS, RpcEnvelope, RpcErrorPayload, ServiceName } from '@shop/proto';
import type { AmqpConnectionManager } from 'amqp-connection-manager';
import type { Channel, ConsumeMessage } from 'amqplib';
import { randomUUID } from 'node:crypto';
import { finalize, from, lastValueFrom, Observable, tap, throwError } from 'rxjs';
import type { BaseConfig } from '../config/service-config';
import { requestContext } from '../logging/request-context';
import { rpcOutcomeOf, secondsSince, shopMetrics } from '../metrics/shop-metrics';
import { SpanKind, traceContextOf, TracedSpan } from '../tracing/trace-context';
import { AMQP_SOCKET_OPTIONS, withCoalescedWrites } from './amqp-socket';
import { replyContent } from './json-reply';
import { isServerFault, toRpcErrorPayload } from './rpc-error';
import { RpcReplies } from './rpc-replies';


export function rpcServerOptions(config: BaseConfig, service: ServiceName): Required<RmqOptions>['options'] {
  return {
    urls: [config.AMQP_URL],
    queue: brokerNames(config.BUS_NAMESPACE).rpcQueue(service),
    queueOptions: { durable: true },
    // Acked by RpcServer once the reply is confirmed, so prefetch bounds work in flight and
    // replicas competing on the queue share it fairly.
    noAck: false,
    prefetchCount: config.RPC_PREFETCH,
    // Named, so that a drain can cancel exactly this consumer.
    consumerTag: `${service}.${randomUUID()}`,
    socketOptions: AMQP_SOCKET_OPTIONS,
  };
}

interface ReplyPacket {
  isDisposed?: boolean;
}

/**
 * Nest's RMQ server, with two changes for rollouts and crashes. A request is acked only after its
 * reply is confirmed by the broker, so a request whose reply was lost goes back to the queue (and
 * RpcReplies answers it from the stored reply). And it can drain: stop consuming, then wait for the
 * requests in flight to be answered, before Nest closes its channel.
 */
export class RpcServer extends ServerRMQ {
  private readonly inFlight = new Set<unknown>();
  private idle?: () => void;
  private consuming?: { channel: Channel; consumerTag: string };
  /** The channel of the last (re)connection, where a resumed consumer starts again. */
  private channelRef?: Channel;
  private paused = false;
  private draining = false;

  constructor(private readonly rmqOptions: Required<RmqOptions>['options']) {
    super(rmqOptions);
  }

  override createClient<T = AmqpConnectionManager>(): T {
    return withCoalescedWrites(super.createClient<AmqpConnectionManager>()) as T;
  }

  get requestsInFlight(): number {
    return this.inFlight.size;
  }

  override async setupChannel(channel: Channel, callback: () => void): Promise<void> {
    this.channelRef = channel;
    this.consuming = undefined;
    if (this.draining) return callback();
    if (this.paused) {
      // Ready to consume on resume, as Nest's own setup would have left it.
      await channel.assertQueue(this.rmqOptions.queue!, this.rmqOptions.queueOptions);
      await channel.prefetch(this.rmqOptions.prefetchCount!);
      return callback();
    }
    this.consuming = { channel, consumerTag: this.rmqOptions.consumerTag! };
    return super.setupChannel(channel, callback);
  }

  /** Called by RpcContextInterceptor when a handler starts; the request is in flight until answered. */
  accept(message: unknown): void {
    this.inFlight.add(message);
  }

  override sendMessage<T>(packet: T, replyTo: string, correlationId: string, context: RmqContext): void {
    const outgoing = this.serializer.serialize(packet as OutgoingResponse) as { options?: Record<string, unknown> };
    const { options, ...body } = outgoing;
    this.onProcessingEndHook?.(this.transportId, context);
    const sent: Promise<void> = this.channel.sendToQueue(replyTo, replyContent(body), { correlationId, ...options });
    // Every handled request ends with exactly one disposed packet (its reply or its error).
    if (!(packet as ReplyPacket).isDisposed) return void sent.catch(() => undefined);
    const message = context.getMessage();
    sent
      .then(
        () => context.getChannelRef().ack(message),
        (err: Error) => this.logger.warn(`reply to ${context.getPattern()} not confirmed (${err.message}); the request will be redelivered`),
      )
      .catch((err: Error) => this.logger.warn(`could not ack ${context.getPattern()}: ${err.message}`))
      .finally(() => this.answered(message));
  }

  private answered(message: unknown): void {
    this.inFlight.delete(message);
    if (this.inFlight.size === 0) this.idle?.();
  }

  /** Stops taking requests for good: the broker sends this server nothing more. */
  async stopConsuming(): Promise<void> {
    this.draining = true;
    await this.pause();
  }

  /** Stops taking requests until `resume`, while the service is not ready (ServiceReadiness). */
  async pause(): Promise<void> {
    this.paused = true;
    const consuming = this.consuming;
    this.consuming = undefined;
    if (consuming) await consuming.channel.cancel(consuming.consumerTag).catch(() => undefined);
  }

  /** Takes requests again, as Nest's setup does; on a channel lost meanwhile, the next reconnection's setup does. */
  async resume(): Promise<void> {
    this.paused = false;
    const channel = this.channelRef;
    if (this.draining || !channel || this.consuming) return;
    const consuming = { channel, consumerTag: this.rmqOptions.consumerTag! };
    this.consuming = consuming;
    try {
      await channel.consume(
        this.rmqOptions.queue!,
        (msg) => void (msg && this.handleMessage(msg, channel).catch((err) => this.handleError(err))),
        { noAck: false, consumerTag: consuming.consumerTag },
      );
    } catch (err) {
      if (this.consuming === consuming) this.consuming = undefined;
      this.logger.warn(`RPCs not resumed yet: ${err.message}`);
    }
  }

  /** Resolves once every request taken has been answered, or at `deadline`; returns how many are left. */
  async drained(deadline: number): Promise<number> {
    if (this.inFlight.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => (this.idle = resolve)),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now())))),
      ]);
      clearTimeout(timer);
      this.idle = undefined;
    }
    return this.inFlight.size;
  }
}

/**
 * Runs each RPC handler inside the caller's request context, marks it in flight on the server, and
 * runs a state-changing one at most once per call id (the AMQP message id RpcClient sets).
 */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Rpc');

  constructor(
    private readonly server: RpcServer,
    private readonly replies: RpcReplies,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rpc = context.switchToRpc();
    const envelope = rpc.getData<RpcEnvelope>();
    const rmq = rpc.getContext<RmqContext>();
    const message = rmq.getMessage() as ConsumeMessage;
    const pattern = rmq.getPattern();
    this.server.accept(message);
    const store = { requestId: envelope?.requestId };
    const started = performance.now();
    const callId = message.properties.messageId as string | undefined;
    const handled$ = () =>
      callId && !RPC_READS.has(pattern)
        ? from(
            this.replies.once(
              callId,
              pattern,
              callerDeadline(message),
              () => lastValueFrom(next.handle(), { defaultValue: undefined }),
              envelope,
            ),
          )
        : next.handle();
    // finalize runs outside the handler's async context: enter it again for the log line
    const done = () => {
      const outcome = failure === undefined ? 'ok' : rpcOutcomeOf(failure);
      shopMetrics().rpcServerDuration.observe({ pattern, outcome }, secondsSince(started));
      requestContext.run(store, () => this.logger.debug(`${pattern} ${Math.round(performance.now() - started)} ms`));
    };
    // The handler continues the caller's trace (the traceparent RpcClient put in the headers).
    const span = new TracedSpan(pattern, {
      kind: SpanKind.SERVER,
      parent: traceContextOf(message.properties.headers),
      attributes: { 'rpc.method': pattern },
      isFailure: isServerFault,
    });
    let failure: unknown;
    const traced$ = () =>
      span.run(handled$).pipe(
        tap({ error: (err) => (failure = err) }),
        finalize(() => span.end(failure)),
      );
    return requestContext.run(store, () => traced$().pipe(finalize(done)));
  }
}

/** RpcClient stamps when it stops waiting; an older caller's request gets the default timeout. */
function callerDeadline(message: ConsumeMessage): number {
  const stamped = Number(message.properties.headers?.['x-deadline']);
  return Number.isFinite(stamped) && stamped > 0 ? stamped : Date.now() + 10_000;
}

@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('Rpc');

  catch(exception: unknown): Observable<RpcErrorPayload> {
    const payload = toRpcErrorPayload(exception);
    if (payload.status >= 500) this.logger.error(exception instanceof Error ? exception : String(exception));
    return throwError(() => payload);
  }
}
