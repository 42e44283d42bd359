import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ModifierPaise } from '@shop/proto';

/** A library option linked to a product, with the product's own modifiers when it overrides them. */
@Entity('product_customizations')
export class ProductCustomizationEntity {
  @PrimaryColumn('uuid', { name: 'product_id' }) productId: string;
  @PrimaryColumn('uuid', { name: 'option_id' }) optionId: string;
  @Column('smallint') position: number;
  @Column('boolean') enabled: boolean;
  @Column('jsonb', { name: 'price_modifier', nullable: true }) priceModifier: ModifierPaise | null;
  @Column('jsonb', { nullable: true }) options: { value: string; priceModifier: ModifierPaise }[] | null;
}
