import { Controller, Get, Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { PingReply } from '@shop/proto';
import { BusConnection } from '../events/bus-connection';

@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly bus: BusConnection,
  ) {}

  /** The process is up and its event loop answers. */
  @Get('live')
  @HealthCheck()
  live() {
    return this.health.check([]);
  }

  /** It can do work: its database and the broker answer. */
  @Get('ready')
  @HealthCheck()
  ready() {
    return this.health.check([
      () => this.db.pingCheck('database', { timeout: 1500 }),
      () => {
        const broker = this.indicators.check('broker');
        return this.bus.connected ? broker.up() : broker.down('not connected');
      },
    ]);
  }
}

/** The RPC the gateway's `/api/health` sends to every service. */
export function createPingController(service: string, pattern: string): Type<unknown> {
  @Controller()
  class PingRpcController {
    @MessagePattern(pattern)
    ping(): PingReply {
      return { service, status: 'up', uptimeSeconds: Math.round(process.uptime()) };
    }
  }
  return PingRpcController;
}
