import { Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@shop/kit';
import { EventEnvelope, EVENTS, OrderPaidEvent } from '@shop/proto';
import type { EntityManager } from 'typeorm';
import { OrderEntity } from '../orders/order.entity';
import { InvoicesService } from './invoices.service';

/** The order service's own `order.paid`: the paid order's tax invoice, issued once. */
@Injectable()
export class InvoicesEvents {
  private readonly logger = new Logger(InvoicesEvents.name);

  constructor(private readonly invoices: InvoicesService) {}

  /**
   * An order paid online, or a cash-on-delivery order staff recorded paid before it shipped, gets
   * its invoice now; one invoiced at shipment already has it. An order cancelled before this ran was
   * never supplied, and its payment goes back: it gets none.
   */
  @OnEvent(EVENTS.orderPaid)
  async onPaid(event: EventEnvelope<OrderPaidEvent>, manager: EntityManager): Promise<void> {
    const order = await manager.findOne(OrderEntity, {
      where: { id: event.data.orderId, reservation: 'reserved' },
      lock: { mode: 'pessimistic_write' },
    });
    if (!order) {
      this.logger.warn(`order.paid for unknown order ${event.data.orderId}`);
      return;
    }
    if (order.status === 'Cancelled') {
      this.logger.warn(`order ${order.id} was cancelled before its invoice was issued; it gets none`);
      return;
    }
    await this.invoices.issueSale(manager, order, 'paid');
  }
}
