import type { AmqpConnectionManager } from 'amqp-connection-manager';
import type { Socket } from 'node:net';

/** amqplib leaves Nagle on; with it every request/reply hop waits ~40 ms for delayed ACKs. */
export const AMQP_SOCKET_OPTIONS = {
  connectionOptions: { noDelay: true },
  heartbeatIntervalInSeconds: 10,
  reconnectTimeInSeconds: 1,
};

/**
 * With Nagle off, amqplib writes every frame it has as its own segment: a request's publish, a
 * reply, its ack, each a syscall in this process and a read in the broker. Issue 13's profiles of an
 * uncached list had those writes at 5–7% of the gateway's and the catalog's CPU. Corking the socket
 * until the end of the event-loop turn sends everything one turn produced (every reply and ack of
 * the messages that turn handled) in one write, and adds no delay past that turn.
 */
export function coalesceWrites(socket: Socket): void {
  const write = socket.write;
  let corked = false;
  const flush = () => {
    corked = false;
    socket.uncork();
  };
  socket.write = function (this: Socket, ...args: Parameters<Socket['write']>) {
    if (!corked) {
      corked = true;
      socket.cork();
      setImmediate(flush);
    }
    return write.apply(this, args);
  } as Socket['write'];
}

interface ConnectedEvent {
  connection: { connection?: { stream?: Socket } };
}

/** Coalesces the writes of every connection `manager` makes, the first and each one after a reconnection. */
export function withCoalescedWrites<T extends AmqpConnectionManager>(manager: T): T {
  manager.on('connect', ({ connection }: ConnectedEvent) => {
    const socket = connection.connection?.stream;
    if (socket) coalesceWrites(socket);
  });
  return manager;
}
