import type { OrderStatus } from '@shop/proto';
import { STATUS_BADGE } from './orderRules';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge ${STATUS_BADGE[status] ?? ''}`}>{status}</span>;
}
