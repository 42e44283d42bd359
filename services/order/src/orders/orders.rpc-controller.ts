import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput, RpcError, SelfIdempotentPattern } from '@shop/kit';
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

  // With an Idempotency-Key a redelivery finds the key's claim and answers with the order it placed,
  // so the call needs no stored reply: that was a claim and an update of rpc_replies per checkout.
  @SelfIdempotentPattern(RPC.order.create, (env) =>
    Boolean((env?.data as OrderCreateRequest | undefined)?.idempotencyKey),
  )
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

  /** A customer asks for their own order, staff for any; no actor is another service (the mail sender). */
  @MessagePattern(RPC.order.get)
  get(@Payload() env: RpcEnvelope<{ id: string }>) {
    return this.orders.get(env.actor ?? null, orderIdOf(env.data?.id));
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
