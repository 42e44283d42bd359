import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor, Catch, RpcExceptionFilter } from '@nestjs/common';
import { RmqContext, RmqOptions, Transport } from '@nestjs/microservices';
import { brokerNames, RpcEnvelope, RpcErrorPayload, ServiceName } from '@shop/proto';
import { finalize, Observable, throwError } from 'rxjs';
import type { BaseConfig } from '../config/service-config';
import { requestContext } from '../logging/request-context';
import { toRpcErrorPayload } from './rpc-error';

/** amqplib leaves Nagle on; with it every request/reply hop waits ~40 ms for delayed ACKs. */
export const AMQP_SOCKET_OPTIONS = {
  connectionOptions: { noDelay: true },
  heartbeatIntervalInSeconds: 10,
  reconnectTimeInSeconds: 1,
};

export function rpcServerOptions(config: BaseConfig, service: ServiceName): RmqOptions {
  return {
    transport: Transport.RMQ,
    options: {
      urls: [config.AMQP_URL],
      queue: brokerNames(config.BUS_NAMESPACE).rpcQueue(service),
      queueOptions: { durable: true },
      // Acked by RpcContextInterceptor when the handler finishes, so prefetch bounds work in flight
      // and replicas competing on the queue share it fairly.
      noAck: false,
      prefetchCount: config.RPC_PREFETCH,
      socketOptions: AMQP_SOCKET_OPTIONS,
    },
  };
}

/** Runs each RPC handler inside the caller's request context and acks the message when it is done. */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Rpc');

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rpc = context.switchToRpc();
    const envelope = rpc.getData<RpcEnvelope>();
    const rmq = rpc.getContext<RmqContext>();
    const store = { requestId: envelope?.requestId };
    const started = performance.now();
    // finalize runs outside the handler's async context: enter it again for the log line
    const done = () =>
      requestContext.run(store, () => {
        rmq.getChannelRef().ack(rmq.getMessage());
        this.logger.debug(`${rmq.getPattern()} ${Math.round(performance.now() - started)} ms`);
      });
    return requestContext.run(store, () => next.handle().pipe(finalize(done)));
  }
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
