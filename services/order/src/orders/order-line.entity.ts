import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Brand, CartCustomization } from '@shop/proto';
import { paiseColumn } from '../common/paise-column';

/** A line as ordered: the product's name and image are kept so the order reads the same later. */
@Entity('order_lines')
export class OrderLineEntity {
  @PrimaryColumn('uuid', { name: 'order_id' }) orderId: string;
  @PrimaryColumn('smallint') position: number;
  @Column('uuid', { name: 'product_id' }) productId: string;
  @Column('text') name: string;
  @Column('text', { nullable: true }) brand: Brand | null;
  @Column('text', { nullable: true }) image: string | null;
  @Column('bigint', { name: 'base_price_paise', transformer: paiseColumn }) basePricePaise: number;
  @Column('bigint', { name: 'unit_price_paise', transformer: paiseColumn }) unitPricePaise: number;
  @Column('integer') quantity: number;
  @Column('jsonb') customization: CartCustomization;
  /** The product's HSN code when ordered; null on lines ordered before invoices. */
  @Column('text', { name: 'hsn_code', nullable: true }) hsnCode: string | null;
}
