import { Injectable } from '@nestjs/common';
import { UserStatsReply, UserView, WishlistItemView, WishlistToggleReply } from '@shop/proto';
import { DataSource } from 'typeorm';
import { UsersService } from '../users/users.service';
import { toWishlistItemView } from '../users/user-view';
import { WishlistItemEntity } from './wishlist-item.entity';

@Injectable()
export class WishlistService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
  ) {}

  /** Adds the product, or removes it when it is already there. */
  async toggle(userId: string, productId: string): Promise<WishlistToggleReply> {
    return this.dataSource.transaction(async (m) => {
      await this.users.activeUser(m, userId, { lock: true });
      const removed = await m.delete(WishlistItemEntity, { userId, productId });
      const added = !removed.affected;
      if (added) await m.insert(WishlistItemEntity, { userId, productId });
      return { user: await this.users.view(m, userId), added };
    });
  }

  /** Removing a product that is not on the wishlist leaves it as it is. */
  async remove(userId: string, productId: string): Promise<UserView> {
    return this.dataSource.transaction(async (m) => {
      await this.users.activeUser(m, userId, { lock: true });
      await m.delete(WishlistItemEntity, { userId, productId });
      return this.users.view(m, userId);
    });
  }

  /** Newest first. */
  async list(userId: string): Promise<WishlistItemView[]> {
    const m = this.dataSource.manager;
    await this.users.activeUser(m, userId);
    const items = await m.find(WishlistItemEntity, {
      where: { userId },
      order: { addedAt: 'DESC', productId: 'ASC' },
    });
    return items.map(toWishlistItemView);
  }

  async stats(userId: string): Promise<UserStatsReply> {
    const m = this.dataSource.manager;
    await this.users.activeUser(m, userId);
    return { wishlistCount: await m.countBy(WishlistItemEntity, { userId }) };
  }
}
