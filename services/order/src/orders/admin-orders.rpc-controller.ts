import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput } from '@shop/kit';
import {
  AdminCodOutcomeRequest,
  adminOrderListQuerySchema,
  AdminOrderStatusRequest,
  AdminOrderTrackingRequest,
  adminOrderUpdateSchema,
  AdminProcessReply,
  codOutcomeSchema,
  RPC,
  RpcEnvelope,
} from '@shop/proto';
import { requireAdmin } from '../common/actors';
import { AdminOrdersService } from './admin-orders.service';
import { orderIdOf } from './order-id';

@Controller()
export class AdminOrdersRpcController {
  constructor(private readonly orders: AdminOrdersService) {}

  @MessagePattern(RPC.order.adminList)
  list(@Payload() env: RpcEnvelope) {
    requireAdmin(env.actor);
    return this.orders.list(parseInput(adminOrderListQuerySchema, env.data));
  }

  @MessagePattern(RPC.order.adminGet)
  get(@Payload() env: RpcEnvelope<{ id: string }>) {
    requireAdmin(env.actor);
    return this.orders.get(orderIdOf(env.data?.id));
  }

  @MessagePattern(RPC.order.adminUpdateStatus)
  updateStatus(@Payload() env: RpcEnvelope<AdminOrderStatusRequest>) {
    requireAdmin(env.actor);
    const id = orderIdOf(env.data?.id);
    const { orderStatus } = parseInput(adminOrderUpdateSchema, {
      orderStatus: env.data?.orderStatus ?? null,
    });
    return this.orders.updateStatus(id, orderStatus!);
  }

  @MessagePattern(RPC.order.adminUpdateTracking)
  updateTracking(@Payload() env: RpcEnvelope<AdminOrderTrackingRequest>) {
    requireAdmin(env.actor);
    const id = orderIdOf(env.data?.id);
    const { trackingNumber } = parseInput(adminOrderUpdateSchema, {
      trackingNumber: env.data?.trackingNumber ?? null,
    });
    return this.orders.updateTracking(id, trackingNumber!);
  }

  @MessagePattern(RPC.order.adminCodOutcome)
  codOutcome(@Payload() env: RpcEnvelope<AdminCodOutcomeRequest>) {
    requireAdmin(env.actor);
    const id = orderIdOf(env.data?.id);
    const { outcome } = parseInput(codOutcomeSchema, { outcome: env.data?.outcome });
    return this.orders.codOutcome(id, outcome);
  }

  @MessagePattern(RPC.order.adminProcess)
  async process(@Payload() env: RpcEnvelope): Promise<AdminProcessReply> {
    requireAdmin(env.actor);
    return { success: true, processed: await this.orders.processPending() };
  }

  @MessagePattern(RPC.order.adminExport)
  export(@Payload() env: RpcEnvelope) {
    requireAdmin(env.actor);
    return this.orders.export(parseInput(adminOrderListQuerySchema, env.data));
  }
}
