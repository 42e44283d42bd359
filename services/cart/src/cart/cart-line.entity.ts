import type { CartCustomization } from '@shop/proto';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One line of a customer's cart: a product and an exact customization, with a quantity. */
@Entity('cart_lines')
export class CartLineEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('uuid', { name: 'product_id' })
  productId: string;

  @Column('jsonb')
  customization: CartCustomization;

  /** SHA-256 of the canonical customization: the line's identity together with the product. */
  @Column('varchar', { name: 'customization_key', length: 64 })
  customizationKey: string;

  @Column('integer')
  quantity: number;

  @Column('timestamptz', { name: 'added_at' })
  addedAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
