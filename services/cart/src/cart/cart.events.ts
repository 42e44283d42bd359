import { Injectable } from '@nestjs/common';
import { inboxRecord, OnEvent, SelfIdempotentEvent } from '@shop/kit';
import { CASH_ON_DELIVERY, EVENTS, EventEnvelope, OrderPaidEvent, OrderPlacedEvent } from '@shop/proto';
import type { EntityManager } from 'typeorm';
import { CartService } from './cart.service';

@Injectable()
export class CartEvents {
  constructor(private readonly cart: CartService) {}

  /**
   * After a successful payment the cart is cleared (storefront spec, section 4). A cash-on-delivery
   * order's cart was cleared when it was placed; what the cart holds when the courier collects the
   * money days later was added since, and stays.
   */
  @OnEvent(EVENTS.orderPaid)
  async onOrderPaid({ data }: EventEnvelope<OrderPaidEvent>, m: EntityManager): Promise<void> {
    if (data.paymentMethod === CASH_ON_DELIVERY) return;
    await this.cart.clearIn(m, data.userId, 'order-paid', data.orderId);
  }

  /**
   * A cash-on-delivery order is placed without a payment step, so its cart is cleared as it is
   * placed. Every checkout publishes order.placed and only these need anything: the others are
   * passed over with no transaction (self-idempotent), and a cash-on-delivery one is recorded in the
   * inbox in the transaction that clears the cart, so a redelivery never empties what the shopper
   * added since.
   */
  @SelfIdempotentEvent(EVENTS.orderPlaced)
  async onOrderPlaced(event: EventEnvelope<OrderPlacedEvent>, m: EntityManager): Promise<void> {
    const { data } = event;
    if (data.paymentMethod !== CASH_ON_DELIVERY) return;
    await m.transaction(async (tm) => {
      const first: unknown[] = await tm.query(`${inboxRecord('$1', '$2', 'true')} RETURNING event_id`, [
        event.id,
        event.type,
      ]);
      if (first.length > 0) await this.cart.clearIn(tm, data.userId, 'order-placed', data.orderId);
    });
  }
}
