import { Injectable } from '@nestjs/common';
import { EventPublisher } from '@shop/kit';
import { EVENTS, StockLowEvent } from '@shop/proto';
import type { EntityManager } from 'typeorm';
import type { ProductRow } from '../products/product-view';
import { ReorderRequestsRepository } from '../reorders/reorder-requests.repository';
import { SettingsService } from '../settings/settings.service';

type StockState = Pick<
  ProductRow,
  'id' | 'name' | 'brand' | 'stock' | 'reserved' | 'low_stock_threshold' | 'deleted_at'
>;

/**
 * Whether available stock crossed down to the threshold with this change: a product that stays
 * at or below it does not cross again until it was restocked above it.
 */
export function fellToThreshold(availableBefore: number, availableAfter: number, threshold: number): boolean {
  return availableBefore > threshold && availableAfter <= threshold;
}

/**
 * Publishes stock.low once, when a product's available stock falls to its threshold: its own, or the
 * shop's low-stock setting when it sets none. With auto reorder on, the same crossing opens a
 * reorder request for the configured quantity (unless one is open), in the same transaction; the
 * request changes no stock.
 */
@Injectable()
export class LowStockNotifier {
  constructor(
    private readonly events: EventPublisher,
    private readonly settings: SettingsService,
    private readonly reorders: ReorderRequestsRepository,
  ) {}

  /**
   * `manager` holds the product locked. `shopThreshold`: the shop's setting when the caller has
   * already read it with its change.
   */
  async check(
    manager: EntityManager,
    before: StockState,
    after: StockState | undefined,
    shopThreshold?: number,
  ): Promise<void> {
    // A deleted product is sold no more: its stock falling (an order paid late) is nobody's alarm.
    if (!after || after.deleted_at) return;
    const threshold =
      after.low_stock_threshold ?? shopThreshold ?? (await this.settings.lowStockThreshold(manager));
    const now = after.stock - after.reserved;
    if (!fellToThreshold(before.stock - before.reserved, now, threshold)) return;
    const event: StockLowEvent = {
      productId: after.id,
      name: after.name,
      brand: after.brand,
      stock: now,
      threshold,
      reorder: await this.autoReorder(manager, after.id),
    };
    await this.events.publish(manager, EVENTS.stockLow, event);
  }

  /** The request this crossing opened: none while auto reorder is off or one is still open. */
  private async autoReorder(manager: EntityManager, productId: string): Promise<StockLowEvent['reorder']> {
    const { enabled, quantity } = await this.settings.autoReorder(manager);
    return enabled ? this.reorders.open(manager, productId, quantity) : null;
  }
}
