import { Injectable } from '@nestjs/common';
import { OnEvent } from '@shop/kit';
import { EVENTS, EventEnvelope, OrderPaidEvent } from '@shop/proto';
import type { EntityManager } from 'typeorm';
import { CartService } from './cart.service';

@Injectable()
export class CartEvents {
  constructor(private readonly cart: CartService) {}

  /** After a successful payment the cart is cleared (storefront spec, section 4). */
  @OnEvent(EVENTS.orderPaid)
  async onOrderPaid({ data }: EventEnvelope<OrderPaidEvent>, m: EntityManager): Promise<void> {
    await this.cart.clearIn(m, data.userId, 'order-paid', data.orderId);
  }
}
