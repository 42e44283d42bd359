import type { OrderEventLine } from '@shop/proto';
import type { OrderLineEntity } from './order-line.entity';

export function eventLines(lines: readonly OrderLineEntity[]): OrderEventLine[] {
  return [...lines]
    .sort((a, b) => a.position - b.position)
    .map((l) => ({
      productId: l.productId,
      quantity: l.quantity,
      unitPricePaise: l.unitPricePaise,
      name: l.name,
    }));
}
