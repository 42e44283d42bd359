import type { OrderEventLine } from '@shop/proto';
import type { OrderLineEntity } from './order-line.entity';

/** What an event tells of an order line. */
export type EventLineSource = Pick<
  OrderLineEntity,
  'position' | 'productId' | 'quantity' | 'unitPricePaise' | 'name'
>;

export function eventLines(lines: readonly EventLineSource[]): OrderEventLine[] {
  return [...lines]
    .sort((a, b) => a.position - b.position)
    .map((l) => ({
      productId: l.productId,
      quantity: l.quantity,
      unitPricePaise: l.unitPricePaise,
      name: l.name,
    }));
}
