import { Controller, Get, Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { PingReply } from '@shop/proto';
import { BusConnection } from '../events/bus-connection';
import { GracefulDrain } from '../lifecycle/graceful-drain';
import { HealthDetails } from './health-details';

@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly bus: BusConnection,
    private readonly details: HealthDetails,
    private readonly drain: GracefulDrain,
  ) {}

  /** The process is up and its event loop answers. */
  @Get('live')
  @HealthCheck()
  live() {
    return this.health.check([]);
  }

  /** It can do work: its database and the broker answer, and it is not shutting down. */
  @Get('ready')
  @HealthCheck()
  ready() {
    return this.health.check(this.readiness());
  }

  /** Readiness and every part the service registered in HealthDetails; 503 when any is down. */
  @Get('details')
  @HealthCheck()
  detailed() {
    return this.health.check([
      ...this.readiness(),
      ...this.details.read().map(([name, { up, ...info }]) => () => {
        const part = this.indicators.check(name);
        return up ? part.up(info) : part.down(info);
      }),
    ]);
  }

  private readiness() {
    return [
      () => {
        const shutdown = this.indicators.check('shutdown');
        return this.drain.draining ? shutdown.down('draining') : shutdown.up();
      },
      () => this.db.pingCheck('database', { timeout: 1500 }),
      () => {
        const broker = this.indicators.check('broker');
        return this.bus.connected ? broker.up() : broker.down('not connected');
      },
    ];
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
