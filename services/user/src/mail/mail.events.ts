import { Inject, Injectable } from '@nestjs/common';
import { OnEvent, SERVICE_CONFIG } from '@shop/kit';
import {
  CASH_ON_DELIVERY,
  EVENTS,
  type EventEnvelope,
  type InvoiceIssuedEvent,
  type OrderCancelledEvent,
  type OrderPaidEvent,
  type OrderPlacedEvent,
  type OrderRefundedEvent,
  type OrderStatusChangedEvent,
  type StockLowEvent,
  uuidSchema,
} from '@shop/proto';
import type { EntityManager } from 'typeorm';
import type { UserConfig } from '../config/user-config';
import { UserEntity } from '../users/user.entity';
import type { MailData, MailKind } from './mail-kinds';
import { MailQueue } from './mail-queue.service';
import { shopSettingsFor, staffAddress } from './mail-settings';

/**
 * The mails the other services' events call for, queued in the event's inbox transaction, so a
 * redelivered event queues nothing twice (the inbox, and the dedupe key `<event id>:<kind>:<to>`).
 * Whether a kind goes out is decided now, from the settings as they stand (MailQueue); what it
 * says is read when it is sent. Shoppers are written to at their account's address; staff at the
 * business e-mail, or ADMIN_EMAIL while the settings have none.
 */
@Injectable()
export class MailEvents {
  constructor(
    private readonly queue: MailQueue,
    @Inject(SERVICE_CONFIG) private readonly config: UserConfig,
  ) {}

  /** The tax invoice (or receipt) of an order paid online: the shopper's order confirmation, attached. */
  @OnEvent(EVENTS.invoiceIssued)
  async onInvoiceIssued(event: EventEnvelope<InvoiceIssuedEvent>, m: EntityManager): Promise<void> {
    const e = event.data;
    // A cash-on-delivery order was confirmed when placed; its invoice travels with the shipped mail.
    if (e.trigger !== 'paid' || e.kind === 'credit-note' || e.paymentMethod === CASH_ON_DELIVERY) return;
    await this.toCustomer(m, event, e.userId, 'order-confirmation', {
      orderId: e.orderId,
      cashOnDelivery: false,
      document: { kind: e.kind, number: e.number },
    });
  }

  /** A cash-on-delivery order is placed without payment: it is confirmed, and staff hear of it, now. */
  @OnEvent(EVENTS.orderPlaced)
  async onPlaced(event: EventEnvelope<OrderPlacedEvent>, m: EntityManager): Promise<void> {
    const e = event.data;
    if (e.paymentMethod !== CASH_ON_DELIVERY) return;
    await this.toCustomer(m, event, e.userId, 'order-confirmation', {
      orderId: e.orderId,
      cashOnDelivery: true,
      document: null,
    });
    await this.toStaff(m, event, 'new-order', {
      orderId: e.orderId,
      totalPaise: e.totalPaise,
      paymentMethod: CASH_ON_DELIVERY,
    });
  }

  /** An order paid online: staff hear of it (a cash-on-delivery order's payment at the door is no news). */
  @OnEvent(EVENTS.orderPaid)
  async onPaid(event: EventEnvelope<OrderPaidEvent>, m: EntityManager): Promise<void> {
    const e = event.data;
    if (e.paymentMethod === CASH_ON_DELIVERY) return;
    await this.toStaff(m, event, 'new-order', {
      orderId: e.orderId,
      totalPaise: e.totalPaise,
      paymentMethod: e.paymentMethod ?? null,
    });
  }

  @OnEvent(EVENTS.orderStatusChanged)
  async onStatusChanged(event: EventEnvelope<OrderStatusChangedEvent>, m: EntityManager): Promise<void> {
    const e = event.data;
    if (e.to === 'Shipped')
      await this.toCustomer(m, event, e.userId, 'order-shipped', {
        orderId: e.orderId,
        trackingNumber: e.trackingNumber ?? null,
      });
    else if (e.to === 'Delivered')
      await this.toCustomer(m, event, e.userId, 'order-delivered', { orderId: e.orderId });
  }

  /** Cancelled by staff or refused at the door; an unpaid order that expired (`order.expired`) gets no mail. */
  @OnEvent(EVENTS.orderCancelled)
  async onCancelled(event: EventEnvelope<OrderCancelledEvent>, m: EntityManager): Promise<void> {
    const e = event.data;
    if (e.reason === 'expired') return;
    await this.toCustomer(m, event, e.userId, 'order-cancelled', {
      orderId: e.orderId,
      reason: e.reason,
      paid: e.paid,
    });
  }

  @OnEvent(EVENTS.orderRefunded)
  async onRefunded(event: EventEnvelope<OrderRefundedEvent>, m: EntityManager): Promise<void> {
    const e = event.data;
    await this.toCustomer(m, event, e.userId, 'order-refunded', {
      orderId: e.orderId,
      amountPaise: e.amountPaise,
      reason: e.reason,
      refundedAt: e.refundedAt,
      creditNoteNumber: e.creditNoteNumber ?? null,
    });
  }

  @OnEvent(EVENTS.stockLow)
  async onStockLow(event: EventEnvelope<StockLowEvent>, m: EntityManager): Promise<void> {
    const e = event.data;
    await this.toStaff(m, event, 'low-stock', {
      productId: e.productId,
      name: e.name,
      brand: e.brand,
      stock: e.stock,
      threshold: e.threshold,
      reorder: e.reorder ?? null,
    });
  }

  /** To the account's address; an account the user service does not hold (or no account id) gets nothing. */
  private async toCustomer<K extends MailKind>(
    m: EntityManager,
    event: EventEnvelope,
    userId: string,
    kind: K,
    data: MailData[K],
  ): Promise<void> {
    if (!uuidSchema.safeParse(userId).success) return;
    const user = await m.findOne(UserEntity, { where: { id: userId }, select: { id: true, email: true } });
    if (user)
      await this.queue.enqueue(m, {
        kind,
        to: user.email,
        dedupeKey: `${event.id}:${kind}:${user.email}`,
        data,
      });
  }

  private async toStaff<K extends MailKind>(
    m: EntityManager,
    event: EventEnvelope,
    kind: K,
    data: MailData[K],
  ): Promise<void> {
    const to = staffAddress(await shopSettingsFor(m), this.config.ADMIN_EMAIL);
    await this.queue.enqueue(m, { kind, to, dedupeKey: `${event.id}:${kind}:${to}`, data });
  }
}
