import { Injectable } from '@nestjs/common';
import type { OrderPaymentStatus, OrderStatus } from '@shop/proto';
import type { EntityManager } from 'typeorm';
import { applyContributionChange } from './order-aggregates';
import { contribution, emptyOrder, isSale, OrderLine, OrderState } from './order-state';

interface OrderRow {
  order_id: string;
  user_id: string;
  created_at: Date | null;
  status: OrderStatus;
  status_at: Date | null;
  payment_status: OrderPaymentStatus;
  paid_at: Date | null;
  total_paise: string;
  has_lines: boolean;
  updated_at: Date;
}

const toState = (r: OrderRow): OrderState => ({
  orderId: r.order_id,
  userId: r.user_id,
  createdAt: r.created_at,
  status: r.status,
  statusAt: r.status_at,
  paymentStatus: r.payment_status,
  paidAt: r.paid_at,
  totalPaise: Number(r.total_paise),
  hasLines: r.has_lines,
  updatedAt: r.updated_at,
});

/** Reads and writes the orders read model, keeping the aggregates in step with each change. */
@Injectable()
export class OrdersStore {
  /**
   * Applies a change to one order under its row lock (so that order's events are applied one at a
   * time), stores the lines the event carries if none are held yet, and moves the aggregates.
   */
  async change(
    m: EntityManager,
    ids: { orderId: string; userId: string },
    at: Date,
    lines: readonly OrderLine[] | null,
    next: (state: OrderState) => OrderState,
  ): Promise<void> {
    await m.query(`INSERT INTO orders (order_id, user_id, updated_at) VALUES ($1, $2, $3) ON CONFLICT (order_id) DO NOTHING`, [
      ids.orderId,
      ids.userId,
      at,
    ]);
    const [row]: OrderRow[] = await m.query(`SELECT * FROM orders WHERE order_id = $1 FOR UPDATE`, [ids.orderId]);
    const before = row ? toState(row) : emptyOrder(ids.orderId, ids.userId, at);
    const after = next(before);
    if (lines && !before.hasLines) {
      for (const [position, line] of lines.entries()) {
        await m.query(
          `INSERT INTO order_lines (order_id, position, product_id, name, quantity, unit_price_paise) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT DO NOTHING`,
          [ids.orderId, position, line.productId, line.name, line.quantity, line.unitPricePaise],
        );
      }
    }
    await m.query(
      `UPDATE orders SET created_at = $2, status = $3, status_at = $4, payment_status = $5, paid_at = $6, total_paise = $7,
              has_lines = $8, updated_at = $9
        WHERE order_id = $1`,
      [after.orderId, after.createdAt, after.status, after.statusAt, after.paymentStatus, after.paidAt, after.totalPaise, after.hasLines, after.updatedAt],
    );
    const held = isSale(before) || isSale(after) ? await this.lines(m, ids.orderId) : [];
    await applyContributionChange(m, contribution(before, held), contribution(after, held));
  }

  private async lines(m: EntityManager, orderId: string): Promise<OrderLine[]> {
    const rows: { product_id: string; name: string; quantity: number; unit_price_paise: string }[] = await m.query(
      `SELECT product_id, name, quantity, unit_price_paise FROM order_lines WHERE order_id = $1 ORDER BY position`,
      [orderId],
    );
    return rows.map((r) => ({ productId: r.product_id, name: r.name, quantity: r.quantity, unitPricePaise: Number(r.unit_price_paise) }));
  }
}
