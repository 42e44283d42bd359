import { Injectable } from '@nestjs/common';
import type { OrderView } from '@shop/proto';
import { DataSource, EntityManager, In } from 'typeorm';
import { CustomerEntity } from '../customers/customer.entity';
import { OrderDocumentEntity } from '../invoices/order-document.entity';
import { OrderLineEntity } from './order-line.entity';
import { OrderRefundEntity } from './order-refund.entity';
import { OrderStatusHistoryEntity } from './order-status-history.entity';
import { OrderEntity } from './order.entity';
import { toOrderView } from './order-view';

/**
 * Loads orders with their lines, timelines, customers, refunds and documents in five queries, whatever
 * the page size. Documents come without their JSON and PDF, which the columns leave out unless asked.
 */
@Injectable()
export class OrderViews {
  constructor(private readonly dataSource: DataSource) {}

  /** A placed order; an order whose stock is not reserved yet is not an order anyone sees. */
  async one(
    id: string,
    m: EntityManager = this.dataSource.manager,
  ): Promise<{ entity: OrderEntity; view: OrderView } | null> {
    const order = await m.findOneBy(OrderEntity, { id, reservation: 'reserved' });
    if (!order) return null;
    const [view] = await this.of([order], m);
    return { entity: order, view };
  }

  async of(orders: readonly OrderEntity[], m: EntityManager = this.dataSource.manager): Promise<OrderView[]> {
    if (orders.length === 0) return [];
    const ids = orders.map((o) => o.id);
    const userIds = [...new Set(orders.map((o) => o.userId))];
    const [lines, history, customers, refunds, documents] = await Promise.all([
      m.find(OrderLineEntity, { where: { orderId: In(ids) } }),
      m.find(OrderStatusHistoryEntity, { where: { orderId: In(ids) } }),
      m.find(CustomerEntity, { where: { userId: In(userIds) } }),
      m.find(OrderRefundEntity, { where: { orderId: In(ids) } }),
      m.find(OrderDocumentEntity, { where: { orderId: In(ids) } }),
    ]);
    const linesOf = groupBy(lines, (l) => l.orderId);
    const historyOf = groupBy(history, (h) => h.orderId);
    const refundsOf = groupBy(refunds, (r) => r.orderId);
    const documentsOf = groupBy(documents, (d) => d.orderId);
    const customerOf = new Map(customers.map((c) => [c.userId, c]));
    const now = new Date();
    return orders.map((o) =>
      toOrderView(
        o,
        linesOf.get(o.id) ?? [],
        historyOf.get(o.id) ?? [],
        customerOf.get(o.userId) ?? null,
        refundsOf.get(o.id) ?? [],
        now,
        documentsOf.get(o.id) ?? [],
      ),
    );
  }
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
