import { createServer, Server, Socket, connect as tcpConnect } from 'node:net';
import { amqpUrl } from './broker';

/**
 * A TCP relay to the broker, so that a test can cut one process off it (every open connection
 * reset, new ones refused) and let it back, without touching the broker other tests use.
 */
export class CuttableRelay {
  private readonly server: Server;
  private readonly open = new Set<Socket>();
  private cut = false;

  /** A relay to the tests' broker; `listen` answers the AMQP URL through it. */
  static toBroker(): CuttableRelay {
    const broker = new URL(amqpUrl());
    return new CuttableRelay(broker, { host: broker.hostname, port: Number(broker.port || 5672) });
  }

  constructor(
    private readonly url: URL,
    target: { host: string; port: number },
  ) {
    this.server = createServer((client) => {
      if (this.cut) return client.destroy();
      const upstream = tcpConnect(target);
      for (const [a, b] of [
        [client, upstream],
        [upstream, client],
      ]) {
        this.open.add(a);
        a.pipe(b);
        a.on('error', () => b.destroy());
        a.on('close', () => {
          this.open.delete(a);
          b.destroy();
        });
      }
    });
  }

  /** Starts relaying; answers the target's URL with the relay in its place. */
  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const relayed = new URL(this.url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String((this.server.address() as { port: number }).port);
    return relayed.toString();
  }

  down(): void {
    this.cut = true;
    for (const socket of this.open) socket.destroy();
  }

  up(): void {
    this.cut = false;
  }

  close(): Promise<void> {
    this.down();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
