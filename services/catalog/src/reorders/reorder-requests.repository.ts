import { Injectable } from '@nestjs/common';
import { REORDER_LIST_CLOSED_LIMIT, REORDER_LIST_OPEN_LIMIT } from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import { REORDER_COLUMNS, ReorderRow } from './reorder-view';

/** What opened a request: the only opener today is auto reorder, at a fall to the threshold. */
export const OPENED_BY_AUTO_REORDER = 'auto-reorder';

/** The reorder_requests table. Callers lock the product before its requests, as every stock path does. */
@Injectable()
export class ReorderRequestsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Opens a request for `quantity` units of the product, unless it has one open already (the
   * partial unique index decides, so two replicas cannot open two): then answers null.
   */
  async open(
    manager: EntityManager,
    productId: string,
    quantity: number,
  ): Promise<{ requestId: string; quantity: number } | null> {
    const [row]: { id: string; quantity: number }[] = await manager.query(
      `INSERT INTO reorder_requests (product_id, quantity, opened_by) VALUES ($1, $2, $3)
       ON CONFLICT (product_id) WHERE status = 'open' DO NOTHING
       RETURNING id, quantity`,
      [productId, quantity, OPENED_BY_AUTO_REORDER],
    );
    return row ? { requestId: row.id, quantity: row.quantity } : null;
  }

  /** Every open request (newest first) and the latest received, with their products. */
  async recent(): Promise<{ open: ReorderRow[]; received: ReorderRow[] }> {
    const open: ReorderRow[] = await this.dataSource.query(
      `SELECT ${REORDER_COLUMNS} FROM reorder_requests r JOIN products p ON p.id = r.product_id
        WHERE r.status = 'open' ORDER BY r.created_at DESC, r.id LIMIT $1`,
      [REORDER_LIST_OPEN_LIMIT],
    );
    const received: ReorderRow[] = await this.dataSource.query(
      `SELECT ${REORDER_COLUMNS} FROM reorder_requests r JOIN products p ON p.id = r.product_id
        WHERE r.status = 'received' ORDER BY r.received_at DESC, r.id LIMIT $1`,
      [REORDER_LIST_CLOSED_LIMIT],
    );
    return { open, received };
  }

  async productOf(manager: EntityManager, id: string): Promise<string | undefined> {
    const [row]: { product_id: string }[] = await manager.query(
      `SELECT product_id FROM reorder_requests WHERE id = $1`,
      [id],
    );
    return row?.product_id;
  }

  async lock(manager: EntityManager, id: string): Promise<ReorderRow> {
    const [row]: ReorderRow[] = await manager.query(
      `SELECT ${REORDER_COLUMNS} FROM reorder_requests r JOIN products p ON p.id = r.product_id
        WHERE r.id = $1 FOR UPDATE OF r`,
      [id],
    );
    return row;
  }

  async markReceived(manager: EntityManager, id: string, receivedBy: string): Promise<ReorderRow> {
    const [row]: ReorderRow[] = await manager.query(
      `WITH received AS (
         UPDATE reorder_requests SET status = 'received', received_at = now(), received_by = $2
          WHERE id = $1 RETURNING *
       )
       SELECT ${REORDER_COLUMNS} FROM received r JOIN products p ON p.id = r.product_id`,
      [id, receivedBy],
    );
    return row;
  }
}
