import { Injectable } from '@nestjs/common';
import { RpcClient, RpcError } from '@shop/kit';
import { CASH_ON_DELIVERY, OrderPayableRequest, OrderPayableView, PAYMENT_MESSAGES, RPC } from '@shop/proto';
import { DataSource } from 'typeorm';
import { OrderAmountEntity, OrderClosedReason } from './order-amount.entity';

/**
 * The amount of each order, as the order service priced it. Normally known from `order.placed`;
 * when a shopper is faster than the event, the order service is asked directly.
 */
@Injectable()
export class OrderAmountsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
  ) {}

  /** The order if this service knows it, without asking anyone. */
  async find(orderId: string): Promise<OrderAmountEntity | null> {
    // Read at every payment order, hence plain SQL.
    const [order]: OrderAmountEntity[] = await this.dataSource.query(
      `SELECT order_id AS "orderId", user_id AS "userId", amount_paise AS "amountPaise", currency,
              closed_reason AS "closedReason", recorded_at AS "recordedAt"
       FROM order_amounts WHERE order_id = $1`,
      [orderId],
    );
    return order ?? null;
  }

  /** Asks the order service: for an order this service was just found not to know. */
  async fetch(orderId: string): Promise<OrderAmountEntity> {
    let order: OrderPayableView;
    try {
      // Asked without the shopper's actor: this service checks ownership itself, in its own words.
      order = await this.rpc.call<OrderPayableView>(RPC.order.payable, {
        orderId,
      } satisfies OrderPayableRequest);
    } catch (err) {
      if (err instanceof RpcError && err.payload.status === 404)
        throw RpcError.notFound(PAYMENT_MESSAGES.orderNotFound);
      throw err;
    }
    // Often taken (a shopper is faster than order.placed), so the row comes back from the insert.
    const [inserted]: OrderAmountEntity[] = await this.dataSource.query(
      `INSERT INTO order_amounts (order_id, user_id, amount_paise, currency, closed_reason)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (order_id) DO NOTHING
       RETURNING order_id AS "orderId", user_id AS "userId", amount_paise AS "amountPaise", currency,
         closed_reason AS "closedReason", recorded_at AS "recordedAt"`,
      [order.orderId, order.userId, order.amountPaise, order.currency, closedReason(order)],
    );
    return inserted ?? (await this.find(orderId))!;
  }
}

function closedReason(order: OrderPayableView): OrderClosedReason | null {
  if (order.paymentMethod === CASH_ON_DELIVERY) return 'cod';
  if (order.payable) return null;
  if (order.paymentStatus === 'paid') return 'paid';
  return order.paymentStatus === 'expired' ? 'expired' : 'cancelled';
}
