import { Injectable } from '@nestjs/common';
import { RpcError } from '@shop/kit';
import {
  AdminOrderExport,
  AdminOrderListQuery,
  AdminOrderListReply,
  CodOutcome,
  ORDER_MESSAGES,
  OrderStatus,
  OrderView,
  toRupees,
} from '@shop/proto';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { likeText } from '../common/sql';
import { CustomerEntity } from '../customers/customer.entity';
import { codSettlement } from './cash-on-delivery';
import { OrderLifecycle } from './order-lifecycle';
import { OrderViews } from './order-views';
import { OrderEntity } from './order.entity';
import { ordersCsv } from './orders-csv';

/** The most rows one CSV export holds; narrow the filters for more. */
const EXPORT_MAX_ROWS = 10_000;

/** The back office's orders screen. */
@Injectable()
export class AdminOrdersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lifecycle: OrderLifecycle,
    private readonly views: OrderViews,
  ) {}

  async list(query: AdminOrderListQuery): Promise<AdminOrderListReply> {
    const [orders, total] = await this.filtered(query)
      .offset((query.page - 1) * query.limit)
      .limit(query.limit)
      .getManyAndCount();
    return {
      success: true,
      orders: await this.views.of(orders),
      total,
      page: query.page,
      pages: Math.max(1, Math.ceil(total / query.limit)),
      limit: query.limit,
      summary: await this.summary(),
    };
  }

  async get(id: string): Promise<OrderView> {
    const found = await this.views.one(id);
    if (!found) throw RpcError.notFound(ORDER_MESSAGES.orderNotFound);
    return found.view;
  }

  async updateStatus(id: string, to: OrderStatus): Promise<OrderView> {
    await this.dataSource.transaction(async (m) => {
      const order = await this.lifecycle.lock(m, id);
      if (!order) throw RpcError.notFound(ORDER_MESSAGES.orderNotFound);
      await this.lifecycle.move(m, order, to);
    });
    return this.get(id);
  }

  async updateTracking(id: string, trackingNumber: string): Promise<OrderView> {
    await this.dataSource.transaction(async (m) => {
      const order = await this.lifecycle.lock(m, id);
      if (!order) throw RpcError.notFound(ORDER_MESSAGES.orderNotFound);
      await m.update(OrderEntity, { id }, { trackingNumber, updatedAt: new Date() });
    });
    return this.get(id);
  }

  /**
   * What happened at the door of a cash-on-delivery order (codSettlement): paid (order.paid, and
   * Delivered if it was Shipped), or refused (cancelled with reason `refused`, its stock back).
   */
  async codOutcome(id: string, outcome: CodOutcome): Promise<OrderView> {
    await this.dataSource.transaction(async (m) => {
      const order = await this.lifecycle.lock(m, id);
      if (!order) throw RpcError.notFound(ORDER_MESSAGES.orderNotFound);
      const settlement = codSettlement(order, outcome);
      if (!settlement.ok) throw RpcError.conflict(settlement.message);
      if (settlement.pays) await this.lifecycle.codPaid(m, order);
      // Only a refusal cancels here, so that is the reason a cancellation records.
      if (settlement.moveTo) await this.lifecycle.move(m, order, settlement.moveTo, 'refused');
    });
    return this.get(id);
  }

  /** "Process Orders": every Pending order moves to Processing, in one transaction. */
  async processPending(): Promise<number> {
    return this.dataSource.transaction(async (m) => {
      const pending = await m.find(OrderEntity, {
        where: { status: 'Pending', reservation: 'reserved' },
        order: { createdAt: 'ASC' },
        lock: { mode: 'pessimistic_write' },
      });
      for (const order of pending) await this.lifecycle.move(m, order, 'Processing');
      return pending.length;
    });
  }

  async export(query: AdminOrderListQuery): Promise<AdminOrderExport> {
    const orders = await this.filtered(query).limit(EXPORT_MAX_ROWS).getMany();
    return {
      filename: `orders-${new Date().toISOString().slice(0, 10)}.csv`,
      csv: ordersCsv(await this.views.of(orders)),
    };
  }

  /**
   * Search matches the order id (also as the screen shows it, ORD- and the last 8 characters), the
   * customer's username, name and e-mail, the name and e-mail on the delivery address, and the
   * business buyer's company name and GSTIN.
   */
  private filtered(query: AdminOrderListQuery): SelectQueryBuilder<OrderEntity> {
    const q = this.dataSource.manager
      .createQueryBuilder(OrderEntity, 'o')
      .leftJoin(CustomerEntity, 'c', 'c.userId = o.userId')
      .where(`o.reservation = 'reserved'`)
      .orderBy('o.createdAt', 'DESC')
      .addOrderBy('o.id', 'DESC');
    if (query.status) q.andWhere('o.status = :status', { status: query.status });
    if (query.from) q.andWhere('o.createdAt >= :from', { from: query.from });
    if (query.to) q.andWhere('o.createdAt <= :to', { to: query.to });
    if (query.search) {
      const text = `%${likeText(query.search)}%`;
      const id = `%${likeText(query.search.replace(/^(ord-|#)/i, '').toLowerCase())}%`;
      q.andWhere(
        `(CAST(o.id AS text) LIKE :idPattern OR c.username ILIKE :pattern OR c.email ILIKE :pattern OR c.name ILIKE :pattern
          OR o.shipping_address ->> 'fullName' ILIKE :pattern OR o.shipping_address ->> 'email' ILIKE :pattern
          OR o.buyer_company ILIKE :pattern OR o.buyer_gstin ILIKE :pattern)`,
        { idPattern: id, pattern: text },
      );
    }
    return q;
  }

  /** The summary cards count every order of the shop; revenue is what paid orders not cancelled brought in. */
  private async summary(): Promise<AdminOrderListReply['summary']> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS total,
              coalesce(sum(total_paise) FILTER (WHERE payment_status = 'paid' AND status <> 'Cancelled'), 0)::bigint AS revenue,
              count(*) FILTER (WHERE status IN ('Pending', 'Processing'))::int AS pending,
              count(*) FILTER (WHERE status = 'Processing')::int AS processing
       FROM orders WHERE reservation = 'reserved'`,
    );
    return {
      totalOrders: row.total,
      totalRevenue: toRupees(Number(row.revenue)),
      pending: row.pending,
      processing: row.processing,
    };
  }
}
