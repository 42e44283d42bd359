import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput, RpcError } from '@shop/kit';
import {
  customerStatsSchema,
  idempotencyKeySchema,
  orderCreateSchema,
  OrderCreateRequest,
  OrderPayableRequest,
  orderQuoteSchema,
  RPC,
  RpcEnvelope,
} from '@shop/proto';
import { requireCustomer } from '../common/actors';
import { orderIdOf } from './order-id';
import { OrdersService } from './orders.service';

@Controller()
export class OrdersRpcController {
  constructor(private readonly orders: OrdersService) {}

  @MessagePattern(RPC.order.create)
  create(@Payload() env: RpcEnvelope<OrderCreateRequest>) {
    const userId = requireCustomer(env.actor);
    const key = env.data?.idempotencyKey ? parseInput(idempotencyKeySchema, env.data.idempotencyKey) : null;
    return this.orders.create(userId, parseInput(orderCreateSchema, env.data?.order), key);
  }

  @MessagePattern(RPC.order.quote)
  quote(@Payload() env: RpcEnvelope) {
    return this.orders.quote(requireCustomer(env.actor), parseInput(orderQuoteSchema, env.data));
  }

  @MessagePattern(RPC.order.listMine)
  listMine(@Payload() env: RpcEnvelope) {
    return this.orders.listMine(requireCustomer(env.actor));
  }

  @MessagePattern(RPC.order.get)
  get(@Payload() env: RpcEnvelope<{ id: string }>) {
    if (!env.actor) throw RpcError.unauthorized();
    return this.orders.get(env.actor, orderIdOf(env.data?.id));
  }

  /** Asked by the payment service; with a customer actor, only about that customer's order. */
  @MessagePattern(RPC.order.payable)
  payable(@Payload() env: RpcEnvelope<OrderPayableRequest>) {
    return this.orders.payable(env.actor ?? null, orderIdOf(env.data?.orderId));
  }

  /** A customer asks for their own figures; staff for anyone's. */
  @MessagePattern(RPC.order.customerStats)
  customerStats(@Payload() env: RpcEnvelope<{ userId: string }>) {
    const { userId } = parseInput(customerStatsSchema, env.data);
    if (!env.actor) throw RpcError.unauthorized();
    if (env.actor.role === 'customer' && env.actor.userId !== userId) throw RpcError.forbidden();
    return this.orders.customerStats(userId);
  }
}
