import { Injectable } from '@nestjs/common';
import { OnEvent, SelfIdempotentEvent } from '@shop/kit';
import {
  CASH_ON_DELIVERY,
  EventEnvelope,
  EVENTS,
  OrderCancelledEvent,
  OrderExpiredEvent,
  OrderPlacedEvent,
} from '@shop/proto';
import type { EntityManager } from 'typeorm';
import type { OrderClosedReason } from './order-amount.entity';

/** Learns each order's amount when it is placed, and stops taking money for it once it is closed. */
@Injectable()
export class OrderAmountsEvents {
  // One insert keyed by the order, whose row is never deleted: a redelivery changes nothing, so it
  // needs neither the inbox nor a transaction. A cash-on-delivery order is closed to online payment
  // from the start.
  @SelfIdempotentEvent(EVENTS.orderPlaced)
  async onOrderPlaced(event: EventEnvelope<OrderPlacedEvent>, manager: EntityManager): Promise<void> {
    const order = event.data;
    await manager.query(
      `INSERT INTO order_amounts (order_id, user_id, amount_paise, currency, closed_reason) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (order_id) DO NOTHING`,
      [
        order.orderId,
        order.userId,
        order.totalPaise,
        order.currency,
        order.paymentMethod === CASH_ON_DELIVERY ? 'cod' : null,
      ],
    );
  }

  @OnEvent(EVENTS.orderCancelled)
  async onOrderCancelled(event: EventEnvelope<OrderCancelledEvent>, manager: EntityManager): Promise<void> {
    await close(manager, event.data.orderId, 'cancelled');
  }

  @OnEvent(EVENTS.orderExpired)
  async onOrderExpired(event: EventEnvelope<OrderExpiredEvent>, manager: EntityManager): Promise<void> {
    await close(manager, event.data.orderId, 'expired');
  }
}

async function close(manager: EntityManager, orderId: string, reason: OrderClosedReason): Promise<void> {
  await manager.query(
    `UPDATE order_amounts SET closed_reason = $2 WHERE order_id = $1 AND closed_reason IS NULL`,
    [orderId, reason],
  );
}
