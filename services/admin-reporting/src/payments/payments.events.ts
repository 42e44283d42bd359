import { Injectable } from '@nestjs/common';
import { OnEvent } from '@shop/kit';
import {
  CASH_ON_DELIVERY,
  EVENTS,
  EventEnvelope,
  OrderPaidEvent,
  PaymentCapturedEvent,
  PaymentFailedEvent,
  PaymentRefundedEvent,
} from '@shop/proto';
import type { EntityManager } from 'typeorm';

/**
 * Payments as the payment service reports them: captures (one per order), failed attempts and
 * refunds; and the cash couriers collect for cash-on-delivery orders, as staff record it.
 */
@Injectable()
export class PaymentsEvents {
  @OnEvent(EVENTS.paymentCaptured)
  async onCaptured(event: EventEnvelope<PaymentCapturedEvent>, m: EntityManager): Promise<void> {
    const e = event.data;
    await m.query(
      `INSERT INTO payments (order_id, outcome, provider_order_id, payment_id, method, amount_paise, at)
       VALUES ($1, 'captured', $2, $3, $4, $5, $6) ON CONFLICT (order_id) WHERE outcome = 'captured' DO NOTHING`,
      [e.orderId, e.providerOrderId, e.paymentId, e.method || null, e.amountPaise, e.capturedAt ?? event.occurredAt],
    );
  }

  /**
   * A cash-on-delivery order recorded paid at the door is a payment of method `cod`, of the order's
   * total (as a rebuild counts it from the order): no provider order or payment id.
   */
  @OnEvent(EVENTS.orderPaid)
  async onCashCollected(event: EventEnvelope<OrderPaidEvent>, m: EntityManager): Promise<void> {
    const e = event.data;
    if (e.paymentMethod !== CASH_ON_DELIVERY) return;
    await m.query(
      `INSERT INTO payments (order_id, outcome, method, amount_paise, at)
       VALUES ($1, 'captured', $2, $3, $4) ON CONFLICT (order_id) WHERE outcome = 'captured' DO NOTHING`,
      [e.orderId, CASH_ON_DELIVERY, e.totalPaise, e.paidAt],
    );
  }

  @OnEvent(EVENTS.paymentFailed)
  async onFailed(event: EventEnvelope<PaymentFailedEvent>, m: EntityManager): Promise<void> {
    const e = event.data;
    await m.query(`INSERT INTO payments (order_id, outcome, provider_order_id, reason, at) VALUES ($1, 'failed', $2, $3, $4)`, [
      e.orderId,
      e.providerOrderId ?? null,
      e.reason ?? null,
      event.occurredAt,
    ]);
  }

  /** Money given back, once per refunded payment however often the event comes. */
  @OnEvent(EVENTS.paymentRefunded)
  async onRefunded(event: EventEnvelope<PaymentRefundedEvent>, m: EntityManager): Promise<void> {
    const e = event.data;
    await m.query(
      `INSERT INTO refunds (payment_id, order_id, refund_id, amount_paise, reason, refunded_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (payment_id) DO NOTHING`,
      [e.paymentId, e.orderId, e.refundId, e.amountPaise, e.reason, e.refundedAt],
    );
  }
}
