import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The part of the last `settings.updated` the catalog uses: one row. */
@Entity('shop_settings')
export class ShopSettingsEntity {
  @PrimaryColumn('smallint') id: number;
  @Column('integer', { name: 'low_stock_threshold' }) lowStockThreshold: number;
  @Column('boolean', { name: 'auto_reorder_enabled' }) autoReorderEnabled: boolean;
  @Column('integer', { name: 'auto_reorder_quantity' }) autoReorderQuantity: number;
  @Column('timestamptz', { name: 'occurred_at' }) occurredAt: Date;
}
