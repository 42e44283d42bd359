import type { Brand, PricingOption } from '@shop/proto';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The cart's projection of a catalog product, fed by `product.upserted` and `product.deleted`.
 * Rows are never removed: a deleted product stays so the lines holding it can say so.
 */
@Entity('cart_products')
export class CartProductEntity {
  @PrimaryColumn('uuid')
  id: string;

  /** The catalog's version of the product; an older event never overwrites a newer one. */
  @Column('integer')
  version: number;

  @Column('varchar', { length: 200 })
  name: string;

  @Column('varchar', { length: 16 })
  brand: Brand;

  @Column('varchar', { length: 100 })
  category: string;

  @Column('integer', { name: 'price_paise' })
  pricePaise: number;

  @Column('varchar', { length: 500, nullable: true })
  image: string | null;

  @Column('integer')
  stock: number;

  @Column('boolean', { name: 'allows_image_upload' })
  allowsImageUpload: boolean;

  @Column('jsonb', { name: 'available_sizes' })
  availableSizes: string[];

  @Column('jsonb')
  options: PricingOption[];

  @Column('boolean')
  deleted: boolean;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
