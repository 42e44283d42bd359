import { Injectable, Logger } from '@nestjs/common';
import { inboxRecord, RpcError, RpcReplies } from '@shop/kit';
import {
  outOfStockMessage,
  productUnavailableMessage,
  SEEDED_SETTINGS,
  StockReserveInput,
  StockReserveReply,
} from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import { PRODUCT_COLUMNS, ProductRow } from '../products/product-view';
import { ProductsRepository } from '../products/products.repository';
import { ReadCache } from '../products/read-cache';
import { LowStockNotifier } from './low-stock.notifier';

type Line = { productId: string; quantity: number };

/**
 * A line of a reservation as RESERVE_SQL answers it: the product as changed (all null when its
 * units were not taken), and as locked before the change (null when there is no such product).
 */
type ReservedLineRow = ProductRow & {
  created: boolean;
  locked_name: string | null;
  locked_stock: number | null;
  locked_reserved: number | null;
  locked_deleted: boolean | null;
  shop_low_stock_threshold: number | null;
};

/**
 * $1 order id, $2 the lines as stored, $3/$4 product ids (in id order, so row locks never cross)
 * and units. Rows are answered in the order of the lines. `also` is one more CTE, run with it.
 */
const reserveSql = (also = '') => `
  WITH created AS (
    INSERT INTO stock_reservations (order_id, status, lines) VALUES ($1, 'reserved', $2)
    ON CONFLICT (order_id) DO NOTHING RETURNING order_id
  ), wanted AS (
    SELECT * FROM unnest($3::uuid[], $4::int[]) WITH ORDINALITY AS w(id, quantity, position)
  ), locked AS MATERIALIZED (
    SELECT p.id, p.name, p.stock, p.reserved, p.deleted_at FROM products p
    WHERE p.id = ANY($3::uuid[]) AND EXISTS (SELECT FROM created) ORDER BY p.id FOR UPDATE
  ), taken AS (
    UPDATE products p SET reserved = p.reserved + w.quantity, version = p.version + 1, updated_at = now()
    FROM wanted w, locked k
    WHERE p.id = w.id AND k.id = w.id AND p.deleted_at IS NULL AND p.stock - p.reserved >= w.quantity
    RETURNING ${PRODUCT_COLUMNS}
  )${also}
  SELECT EXISTS (SELECT FROM created) AS created, k.name AS locked_name, k.stock AS locked_stock,
         k.reserved AS locked_reserved, k.deleted_at IS NOT NULL AS locked_deleted,
         (SELECT s.low_stock_threshold FROM shop_settings s WHERE s.id = 1) AS shop_low_stock_threshold, t.*
  FROM wanted w LEFT JOIN locked k ON k.id = w.id LEFT JOIN taken t ON t.id = w.id
  ORDER BY w.position`;

const RESERVE_SQL = reserveSql();

/**
 * order.paid for a reservation still held, in one statement: the reservation becomes committed and
 * its units leave stock and reserved (products locked in id order, as everywhere). Answers false
 * when the reservation is missing, committed or released, which commit() then handles row by row.
 * `also` is one more statement's CTE, run with it.
 */
const commitReservedSql = (also = '') => `
  WITH held AS (
    UPDATE stock_reservations SET status = 'committed', updated_at = now()
    WHERE order_id = $1 AND status = 'reserved' RETURNING lines
  ), wanted AS (
    SELECT l."productId" AS id, l.quantity FROM held, jsonb_to_recordset(held.lines) AS l("productId" uuid, quantity int)
  ), locked AS MATERIALIZED (
    SELECT p.id FROM products p WHERE p.id IN (SELECT id FROM wanted) ORDER BY p.id FOR UPDATE
  ), moved AS (
    UPDATE products p SET stock = p.stock - w.quantity, reserved = p.reserved - w.quantity, updated_at = now()
    FROM wanted w, locked k WHERE p.id = w.id AND k.id = w.id
  )${also}
  SELECT EXISTS (SELECT FROM held) AS committed`;

const COMMIT_RESERVED_SQL = commitReservedSql();

/**
 * The same as order.paid's first try, on its own: the event ($2, type $3) is recorded in the inbox
 * with the commit. A reservation still held was never committed by this event before (committing
 * it is what handling the event does), so the inbox cannot hold the event yet.
 */
const COMMIT_RESERVED_FIRST_SQL = commitReservedSql(
  `, inboxed AS (${inboxRecord('$2', '$3', 'EXISTS (SELECT FROM held)')})`,
);

/** Why a line's units were not taken, in the words the shopper gets. */
function refusal(row: ReservedLineRow): RpcError {
  if (row.locked_name === null || row.locked_deleted)
    return RpcError.conflict(productUnavailableMessage(row.locked_name));
  return RpcError.conflict(outOfStockMessage(row.locked_name, row.locked_stock! - row.locked_reserved!));
}

/** Two lines of one product count together; products in id order so locks never cross. */
export function mergeLines(lines: Line[]): Line[] {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
  return [...totals.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * Stock held for orders. A reservation takes units from what is available, all lines or none,
 * once per order id; payment commits it (the units leave stock), cancellation or expiry releases it.
 */
@Injectable()
export class StockService {
  private readonly logger = new Logger('Stock');

  constructor(
    private readonly dataSource: DataSource,
    private readonly products: ProductsRepository,
    private readonly lowStock: LowStockNotifier,
    private readonly cache: ReadCache,
    private readonly replies: RpcReplies,
  ) {}

  /**
   * One statement claims the order id, locks the products in id order, and takes the units of
   * every line that has them; unless every line was taken the transaction is rolled back, so a
   * reservation is all lines or none. It answers, per line, the row as locked (for the refusal's
   * words) and as changed (for stock.low and product.upserted, its version already raised).
   */
  async reserve(input: StockReserveInput): Promise<StockReserveReply> {
    const lines = mergeLines(input.lines);
    const reserved: StockReserveReply = { orderId: input.orderId, status: 'reserved', lines, created: true };
    const reply = await this.dataSource.transaction(async (m): Promise<StockReserveReply> => {
      // Stored by the reserving statement when it claims the order id, rather than by a statement of
      // its own after it: a refusal rolls it back with the reservation.
      const replied = this.replies.inStatement(reserved, 5, 'EXISTS (SELECT FROM created)');
      const rows: ReservedLineRow[] = await m.query(replied ? reserveSql(`, ${replied.cte}`) : RESERVE_SQL, [
        input.orderId,
        JSON.stringify(lines),
        lines.map((l) => l.productId),
        lines.map((l) => l.quantity),
        ...(replied?.params ?? []),
      ]);
      if (!rows[0]?.created) {
        // The order id is the key: a second call for the same order waited for the first and finds its row.
        const [existing] = await m.query(`SELECT status, lines FROM stock_reservations WHERE order_id = $1`, [
          input.orderId,
        ]);
        return { orderId: input.orderId, status: existing.status, lines: existing.lines, created: false };
      }
      replied?.stored();
      const refused = rows.findIndex((r) => r.id === null);
      if (refused >= 0) throw refusal(rows[refused]);
      const shopThreshold = rows[0].shop_low_stock_threshold ?? SEEDED_SETTINGS.lowStockThreshold;
      for (const row of rows) {
        await this.lowStock.check(
          m,
          { ...row, stock: row.locked_stock!, reserved: row.locked_reserved! },
          row,
          shopThreshold,
        );
      }
      await this.products.publishUpsertedRows(m, rows);
      return reserved;
    });
    // Dropped again once committed: a read between the first drop and the commit may have kept the old stock.
    if (reply.created) this.cache.clear();
    return reply;
  }

  /** order.paid's usual case, a reservation still held, with the event recorded; false otherwise. */
  async commitHeld(m: EntityManager, orderId: string, event: { id: string; type: string }): Promise<boolean> {
    const [{ committed }]: { committed: boolean }[] = await m.query(COMMIT_RESERVED_FIRST_SQL, [
      orderId,
      event.id,
      event.type,
    ]);
    return committed;
  }

  /** order.paid: the reserved units leave stock. A reservation released meanwhile takes the units again if they are there. */
  async commit(m: EntityManager, orderId: string): Promise<void> {
    const [{ committed }]: { committed: boolean }[] = await m.query(COMMIT_RESERVED_SQL, [orderId]);
    if (committed) return;
    const reservation = await this.lockReservation(m, orderId);
    if (!reservation || reservation.status === 'committed') return;
    const rows = await this.lockProducts(
      m,
      reservation.lines.map((l) => l.productId),
    );
    if (reservation.status === 'reserved') {
      await this.apply(
        m,
        reservation.lines,
        'stock = p.stock - l.quantity, reserved = p.reserved - l.quantity',
      );
    } else {
      for (const line of reservation.lines) {
        const row = rows.get(line.productId);
        const available = row ? row.stock - row.reserved : 0;
        const taken = Math.min(available, line.quantity);
        if (taken < line.quantity)
          this.logger.error(
            `order ${orderId} was paid after its reservation lapsed: ${line.quantity - taken} unit(s) of ${line.productId} are missing`,
          );
        if (taken > 0)
          await this.apply(
            m,
            [{ productId: line.productId, quantity: taken }],
            'stock = p.stock - l.quantity',
          );
      }
      await this.afterStockChange(m, rows);
    }
    await m.query(
      `UPDATE stock_reservations SET status = 'committed', updated_at = now() WHERE order_id = $1`,
      [orderId],
    );
  }

  /**
   * order.cancelled / order.expired: held units become available again. A cancelled paid order
   * puts its units back in stock.
   */
  async release(m: EntityManager, orderId: string): Promise<void> {
    const reservation = await this.lockReservation(m, orderId);
    if (!reservation || reservation.status === 'released') return;
    const rows = await this.lockProducts(
      m,
      reservation.lines.map((l) => l.productId),
    );
    await this.apply(
      m,
      reservation.lines,
      reservation.status === 'reserved'
        ? 'reserved = p.reserved - l.quantity'
        : 'stock = p.stock + l.quantity',
    );
    await m.query(
      `UPDATE stock_reservations SET status = 'released', updated_at = now() WHERE order_id = $1`,
      [orderId],
    );
    await this.afterStockChange(m, rows);
  }

  private async lockReservation(
    m: EntityManager,
    orderId: string,
  ): Promise<{ status: string; lines: Line[] } | undefined> {
    const [row] = await m.query(
      `SELECT status, lines FROM stock_reservations WHERE order_id = $1 FOR UPDATE`,
      [orderId],
    );
    if (!row) this.logger.warn(`no stock reservation for order ${orderId}`);
    return row;
  }

  private async lockProducts(m: EntityManager, ids: string[]): Promise<Map<string, ProductRow>> {
    const rows: ProductRow[] = await m.query(
      `SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.id = ANY($1::uuid[]) ORDER BY p.id FOR UPDATE`,
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r]));
  }

  private async apply(m: EntityManager, lines: Line[], set: string): Promise<void> {
    await m.query(
      `UPDATE products p SET ${set}, updated_at = now() FROM unnest($1::uuid[], $2::int[]) AS l(id, quantity) WHERE p.id = l.id`,
      [lines.map((l) => l.productId), lines.map((l) => l.quantity)],
    );
  }

  /** Carts learn the new availability; a product that fell to its threshold raises stock.low. */
  private async afterStockChange(m: EntityManager, before: Map<string, ProductRow>): Promise<void> {
    const ids = [...before.keys()];
    const after = new Map((await this.products.rows(ids, m, { includeDeleted: true })).map((r) => [r.id, r]));
    for (const [id, row] of before) await this.lowStock.check(m, row, after.get(id));
    await this.products.publishUpserted(m, ids);
  }
}
