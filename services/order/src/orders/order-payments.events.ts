import { Injectable } from '@nestjs/common';
import { OnEvent } from '@shop/kit';
import {
  EVENTS,
  EventEnvelope,
  PaymentCapturedEvent,
  PaymentFailedEvent,
  PaymentRefundedEvent,
} from '@shop/proto';
import type { EntityManager } from 'typeorm';
import { OrderLifecycle } from './order-lifecycle';

/** The payment service's outcomes, applied to the order they are for. */
@Injectable()
export class OrderPaymentsEvents {
  constructor(private readonly lifecycle: OrderLifecycle) {}

  @OnEvent(EVENTS.paymentCaptured)
  onCaptured(event: EventEnvelope<PaymentCapturedEvent>, manager: EntityManager): Promise<void> {
    return this.lifecycle.paid(manager, event.data);
  }

  @OnEvent(EVENTS.paymentFailed)
  onFailed(event: EventEnvelope<PaymentFailedEvent>, manager: EntityManager): Promise<void> {
    return this.lifecycle.paymentFailed(manager, event.data);
  }

  @OnEvent(EVENTS.paymentRefunded)
  onRefunded(event: EventEnvelope<PaymentRefundedEvent>, manager: EntityManager): Promise<void> {
    return this.lifecycle.refunded(manager, event.data);
  }
}
