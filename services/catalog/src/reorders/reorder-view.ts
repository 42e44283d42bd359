import { REORDER_LIST_CLOSED_LIMIT, ReorderStatus, ReorderView } from '@shop/proto';

/** The request columns every read selects, with its product's name and deletion (`r` requests, `p` products). */
export const REORDER_COLUMNS = `
  r.id, r.product_id, r.quantity, r.status, r.created_at, r.received_at,
  p.name AS product_name, p.deleted_at AS product_deleted_at`;

export interface ReorderRow {
  id: string;
  product_id: string;
  quantity: number;
  status: ReorderStatus;
  created_at: Date;
  received_at: Date | null;
  product_name: string;
  product_deleted_at: Date | null;
}

export function toReorderView(row: ReorderRow): ReorderView {
  return {
    _id: row.id,
    productId: row.product_id,
    productName: row.product_name,
    quantity: row.quantity,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    receivedAt: row.received_at?.toISOString() ?? null,
    productDeleted: row.product_deleted_at !== null,
  };
}

/** When a request stopped waiting: received, or its product deleted while it was open. */
const closedAt = (row: ReorderRow) => (row.received_at ?? row.product_deleted_at)!.getTime();

/**
 * The back office's list: open requests of live products first, newest first; then, most recently
 * closed first, the received ones and the open ones whose product was deleted (they can no longer
 * be received), at most REORDER_LIST_CLOSED_LIMIT of them. `open` holds every open request,
 * `received` the latest received.
 */
export function reorderList(open: ReorderRow[], received: ReorderRow[]): ReorderView[] {
  const waiting = open.filter((r) => r.product_deleted_at === null);
  const closed = [...received, ...open.filter((r) => r.product_deleted_at !== null)]
    .sort((a, b) => closedAt(b) - closedAt(a))
    .slice(0, REORDER_LIST_CLOSED_LIMIT);
  return [...waiting, ...closed].map(toReorderView);
}
