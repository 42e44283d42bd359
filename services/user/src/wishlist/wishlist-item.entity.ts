import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('wishlist_items')
export class WishlistItemEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @PrimaryColumn({ name: 'product_id', type: 'uuid' })
  productId: string;

  @Column({ name: 'added_at', type: 'timestamptz', default: () => 'now()' })
  addedAt: Date;
}
