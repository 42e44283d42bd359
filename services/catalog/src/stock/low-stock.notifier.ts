import { Injectable } from '@nestjs/common';
import { EventPublisher } from '@shop/kit';
import { EVENTS, StockLowEvent } from '@shop/proto';
import type { EntityManager } from 'typeorm';
import type { ProductRow } from '../products/product-view';
import { SettingsService } from '../settings/settings.service';

type StockState = Pick<ProductRow, 'id' | 'name' | 'brand' | 'stock' | 'reserved' | 'low_stock_threshold'>;

/**
 * Publishes stock.low once, when a product's available stock falls to its threshold: its own, or the
 * shop's low-stock setting when it sets none.
 */
@Injectable()
export class LowStockNotifier {
  constructor(
    private readonly events: EventPublisher,
    private readonly settings: SettingsService,
  ) {}

  /** `shopThreshold`: the shop's setting when the caller has already read it with its change. */
  async check(
    manager: EntityManager,
    before: StockState,
    after: StockState | undefined,
    shopThreshold?: number,
  ): Promise<void> {
    if (!after) return;
    const threshold =
      after.low_stock_threshold ?? shopThreshold ?? (await this.settings.lowStockThreshold(manager));
    const was = before.stock - before.reserved;
    const now = after.stock - after.reserved;
    if (was <= threshold || now > threshold) return;
    const event: StockLowEvent = {
      productId: after.id,
      name: after.name,
      brand: after.brand,
      stock: now,
      threshold,
    };
    await this.events.publish(manager, EVENTS.stockLow, event);
  }
}
