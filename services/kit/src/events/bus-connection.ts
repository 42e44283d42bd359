import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { AmqpConnectionManager, connect } from 'amqp-connection-manager';
import { AMQP_SOCKET_OPTIONS, withCoalescedWrites } from '../rpc/amqp-socket';
import { closeQuietly } from './close-quietly';

/** The service's one connection for events (RPC has its own, owned by Nest's transport). */
@Injectable()
export class BusConnection implements OnApplicationShutdown {
  readonly manager: AmqpConnectionManager;
  private readonly logger = new Logger('BusConnection');

  constructor(url: string) {
    this.manager = withCoalescedWrites(connect([url], AMQP_SOCKET_OPTIONS));
    this.manager.on('disconnect', ({ err }) => this.logger.warn(`broker disconnected: ${err?.message ?? 'closed'}`));
    this.manager.on('connect', () => this.logger.log('broker connected'));
  }

  get connected(): boolean {
    return this.manager.isConnected();
  }

  async onApplicationShutdown(): Promise<void> {
    await closeQuietly(() => this.manager.close());
  }
}
