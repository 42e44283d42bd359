import { Injectable } from '@nestjs/common';
import { OnEvent } from '@shop/kit';
import {
  EVENTS,
  EventEnvelope,
  OrderCancelledEvent,
  OrderEventLine,
  OrderPaidEvent,
  OrderPlacedEvent,
  OrderStatusChangedEvent,
  PaymentFailedEvent,
  PaymentRefundedEvent,
  PaymentRefundFailedEvent,
  PaymentRefundPendingEvent,
  PaymentRefundReason,
  RefundState,
} from '@shop/proto';
import type { EntityManager } from 'typeorm';
import { onCancelled, onPaid, onPaymentFailed, onPlaced, onRefund, onStatusChanged, OrderLine } from './order-state';
import { OrdersStore } from './orders.store';

const linesOf = (lines: readonly OrderEventLine[]): OrderLine[] =>
  lines.map((l) => ({ productId: l.productId, name: l.name, quantity: l.quantity, unitPricePaise: l.unitPricePaise }));

/** The orders read model, from the order service's events. */
@Injectable()
export class OrdersEvents {
  constructor(private readonly store: OrdersStore) {}

  @OnEvent(EVENTS.orderPlaced)
  async onPlaced(event: EventEnvelope<OrderPlacedEvent>, m: EntityManager): Promise<void> {
    const e = event.data;
    const at = new Date(event.occurredAt);
    await this.store.change(m, e, at, linesOf(e.lines), (s) => onPlaced(s, e, at));
  }

  @OnEvent(EVENTS.orderPaid)
  async onPaid(event: EventEnvelope<OrderPaidEvent>, m: EntityManager): Promise<void> {
    const e = event.data;
    const at = new Date(event.occurredAt);
    await this.store.change(m, e, at, linesOf(e.lines), (s) => onPaid(s, e, at));
  }

  @OnEvent(EVENTS.orderStatusChanged)
  async onStatusChanged(event: EventEnvelope<OrderStatusChangedEvent>, m: EntityManager): Promise<void> {
    const e = event.data;
    const at = new Date(event.occurredAt);
    await this.store.change(m, e, at, null, (s) => onStatusChanged(s, e, at));
  }

  @OnEvent(EVENTS.orderCancelled)
  async onCancelled(event: EventEnvelope<OrderCancelledEvent>, m: EntityManager): Promise<void> {
    const e = event.data;
    const at = new Date(event.occurredAt);
    await this.store.change(m, e, at, linesOf(e.lines), (s) => onCancelled(s, e, false, at));
  }

  @OnEvent(EVENTS.orderExpired)
  async onExpired(event: EventEnvelope<OrderCancelledEvent>, m: EntityManager): Promise<void> {
    const e = event.data;
    const at = new Date(event.occurredAt);
    await this.store.change(m, e, at, linesOf(e.lines), (s) => onCancelled(s, e, true, at));
  }

  /** Only an order the read model already holds is marked; the failure alone names no customer. */
  @OnEvent(EVENTS.paymentFailed)
  async onPaymentFailed(event: EventEnvelope<PaymentFailedEvent>, m: EntityManager): Promise<void> {
    const e = event.data;
    const at = new Date(event.occurredAt);
    const [held]: { user_id: string }[] = await m.query(`SELECT user_id FROM orders WHERE order_id = $1`, [e.orderId]);
    if (held) await this.store.change(m, { orderId: e.orderId, userId: held.user_id }, at, null, (s) => onPaymentFailed(s, e, at));
  }

  @OnEvent(EVENTS.paymentRefundPending)
  onRefundPending(event: EventEnvelope<PaymentRefundPendingEvent>, m: EntityManager): Promise<void> {
    return this.refundMoved(event, 'pending', m);
  }

  @OnEvent(EVENTS.paymentRefunded)
  onRefunded(event: EventEnvelope<PaymentRefundedEvent>, m: EntityManager): Promise<void> {
    return this.refundMoved(event, 'processed', m);
  }

  @OnEvent(EVENTS.paymentRefundFailed)
  onRefundFailed(event: EventEnvelope<PaymentRefundFailedEvent>, m: EntityManager): Promise<void> {
    return this.refundMoved(event, 'failed', m);
  }

  /** Like a failed attempt, a refund alone names no customer: only an order the read model holds is marked. */
  private async refundMoved(
    event: EventEnvelope<{ orderId: string; reason: PaymentRefundReason }>,
    state: RefundState,
    m: EntityManager,
  ): Promise<void> {
    const e = event.data;
    const at = new Date(event.occurredAt);
    const [held]: { user_id: string }[] = await m.query(`SELECT user_id FROM orders WHERE order_id = $1`, [e.orderId]);
    if (held) await this.store.change(m, { orderId: e.orderId, userId: held.user_id }, at, null, (s) => onRefund(s, e.reason, state, at));
  }
}
