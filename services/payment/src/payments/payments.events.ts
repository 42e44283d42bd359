import { Injectable } from '@nestjs/common';
import { OnEvent } from '@shop/kit';
import { EventEnvelope, EVENTS, OrderCancelledEvent, OrderExpiredEvent } from '@shop/proto';
import type { EntityManager } from 'typeorm';
import { PaymentsService } from './payments.service';

/**
 * A closed order's payment is owed back: the payment of a paid order staff cancelled, or one that
 * came while the order was closing. The refund sweep gives it back.
 */
@Injectable()
export class PaymentsEvents {
  constructor(private readonly payments: PaymentsService) {}

  @OnEvent(EVENTS.orderCancelled)
  onOrderCancelled(event: EventEnvelope<OrderCancelledEvent>, manager: EntityManager): Promise<void> {
    return this.payments.orderClosed(manager, event.data);
  }

  @OnEvent(EVENTS.orderExpired)
  onOrderExpired(event: EventEnvelope<OrderExpiredEvent>, manager: EntityManager): Promise<void> {
    return this.payments.orderClosed(manager, event.data);
  }
}
