import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { RpcClient, shopMetrics } from '@shop/kit';
import { PingReply, RPC_PREFIX, SERVICES } from '@shop/proto';
import type { FastifyReply } from 'fastify';
import { GatewayEvents } from '../back-office/gateway-events';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';

interface ServiceHealth {
  status: 'up' | 'down';
  latencyMs: number;
  uptimeSeconds?: number;
  error?: string;
}

@ApiTags('health')
@SkipThrottle()
@Controller()
export class HealthController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly events: GatewayEvents,
  ) {
    shopMetrics().readinessFrom(() => this.events.connected);
  }

  /** Asks every service over RPC; 503 while any of them does not answer. */
  @Get('api/health')
  async all(@Res({ passthrough: true }) reply: FastifyReply) {
    const entries = await Promise.all(SERVICES.map(async (service) => [service, await this.ping(service)] as const));
    const services = Object.fromEntries(entries);
    const allUp = entries.every(([, h]) => h.status === 'up');
    void reply.status(allUp ? 200 : 503);
    return { success: allUp, status: allUp ? 'ok' : 'degraded', services };
  }

  private async ping(service: (typeof SERVICES)[number]): Promise<ServiceHealth> {
    const started = performance.now();
    try {
      const reply = await this.rpc.call<PingReply>(`${RPC_PREFIX[service]}.health.ping`, {}, { timeoutMs: this.config.HEALTH_TIMEOUT_MS });
      return { status: 'up', latencyMs: Math.round(performance.now() - started), uptimeSeconds: reply.uptimeSeconds };
    } catch (err) {
      return { status: 'down', latencyMs: Math.round(performance.now() - started), error: err.message };
    }
  }

  /** The gateway process itself (for probes). */
  @Get('health/live')
  live() {
    return { status: 'ok' };
  }

  /**
   * Ready while connected to the broker: every route but the health ones is an RPC, so a gateway
   * without it would only answer 503s. A liveness failure would restart it; this only takes it out
   * of the Service until the connection is back.
   */
  @Get('health/ready')
  ready(@Res({ passthrough: true }) reply: FastifyReply) {
    if (this.events.connected) return { status: 'ok' };
    void reply.status(503);
    return { status: 'unavailable', broker: 'not connected' };
  }
}
