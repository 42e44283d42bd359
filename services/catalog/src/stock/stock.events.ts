import { Injectable } from '@nestjs/common';
import { EventFirstTry, OnEvent } from '@shop/kit';
import { EventEnvelope, EVENTS, OrderCancelledEvent, OrderExpiredEvent, OrderPaidEvent } from '@shop/proto';
import type { EntityManager } from 'typeorm';
import { StockService } from './stock.service';

/** The order's reservation is settled by what became of the order; the lines come from the reservation. */
@Injectable()
export class StockEvents {
  constructor(private readonly stock: StockService) {}

  // Every checkout: the held reservation is committed in one statement, with no transaction around it.
  @EventFirstTry(EVENTS.orderPaid)
  onPaidFirst(event: EventEnvelope<OrderPaidEvent>, manager: EntityManager): Promise<boolean> {
    return this.stock.commitHeld(manager, event.data.orderId, event);
  }

  @OnEvent(EVENTS.orderPaid)
  onPaid(event: EventEnvelope<OrderPaidEvent>, manager: EntityManager): Promise<void> {
    return this.stock.commit(manager, event.data.orderId);
  }

  @OnEvent(EVENTS.orderCancelled)
  onCancelled(event: EventEnvelope<OrderCancelledEvent>, manager: EntityManager): Promise<void> {
    return this.stock.release(manager, event.data.orderId);
  }

  @OnEvent(EVENTS.orderExpired)
  onExpired(event: EventEnvelope<OrderExpiredEvent>, manager: EntityManager): Promise<void> {
    return this.stock.release(manager, event.data.orderId);
  }
}
