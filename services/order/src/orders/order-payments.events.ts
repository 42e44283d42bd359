import { Injectable } from '@nestjs/common';
import { EventFirstTry, OnEvent } from '@shop/kit';
import {
  EVENTS,
  EventEnvelope,
  PaymentCapturedEvent,
  PaymentFailedEvent,
  PaymentRefundedEvent,
  PaymentRefundFailedEvent,
  PaymentRefundPendingEvent,
} from '@shop/proto';
import type { EntityManager } from 'typeorm';
import { OrderLifecycle } from './order-lifecycle';

/** The payment service's outcomes, applied to the order they are for. */
@Injectable()
export class OrderPaymentsEvents {
  constructor(private readonly lifecycle: OrderLifecycle) {}

  // Every checkout: marked paid by a read and one statement, with no transaction around them.
  @EventFirstTry(EVENTS.paymentCaptured)
  onCapturedFirst(event: EventEnvelope<PaymentCapturedEvent>, manager: EntityManager): Promise<boolean> {
    return this.lifecycle.paidFirst(manager, event);
  }

  @OnEvent(EVENTS.paymentCaptured)
  onCaptured(event: EventEnvelope<PaymentCapturedEvent>, manager: EntityManager): Promise<void> {
    return this.lifecycle.paid(manager, event.data);
  }

  @OnEvent(EVENTS.paymentFailed)
  onFailed(event: EventEnvelope<PaymentFailedEvent>, manager: EntityManager): Promise<void> {
    return this.lifecycle.paymentFailed(manager, event.data);
  }

  @OnEvent(EVENTS.paymentRefundPending)
  onRefundPending(event: EventEnvelope<PaymentRefundPendingEvent>, manager: EntityManager): Promise<void> {
    const e = event.data;
    return this.lifecycle.refundMoved(manager, {
      ...pick(e),
      refundId: e.refundId,
      status: 'pending',
      refundedAt: null,
      error: null,
    });
  }

  @OnEvent(EVENTS.paymentRefunded)
  onRefunded(event: EventEnvelope<PaymentRefundedEvent>, manager: EntityManager): Promise<void> {
    const e = event.data;
    return this.lifecycle.refundMoved(manager, {
      ...pick(e),
      refundId: e.refundId,
      status: 'processed',
      refundedAt: e.refundedAt,
      error: null,
    });
  }

  @OnEvent(EVENTS.paymentRefundFailed)
  onRefundFailed(event: EventEnvelope<PaymentRefundFailedEvent>, manager: EntityManager): Promise<void> {
    const e = event.data;
    return this.lifecycle.refundMoved(manager, {
      ...pick(e),
      refundId: null,
      status: 'failed',
      refundedAt: null,
      error: e.error,
    });
  }
}

const pick = (e: PaymentRefundPendingEvent | PaymentRefundedEvent | PaymentRefundFailedEvent) => ({
  orderId: e.orderId,
  paymentId: e.paymentId,
  amountPaise: e.amountPaise,
  reason: e.reason,
});
