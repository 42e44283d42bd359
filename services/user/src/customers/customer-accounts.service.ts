import { Injectable } from '@nestjs/common';
import { EventPublisher, RpcError } from '@shop/kit';
import {
  AdminCustomerAccountView,
  CustomerDeactivateReply,
  CustomerSnapshotEntry,
  CustomerSnapshotReply,
  EVENTS,
  REPORTING_MESSAGES,
  UserDeactivatedEvent,
  uuidSchema,
} from '@shop/proto';
import { DataSource } from 'typeorm';
import { SessionsService } from '../sessions/sessions.service';
import { UserEntity } from '../users/user.entity';
import { toWishlistItemView } from '../users/user-view';
import { UsersService } from '../users/users.service';
import { WishlistItemEntity } from '../wishlist/wishlist-item.entity';

export const SNAPSHOT_MAX_PAGE = 1000;

interface SnapshotRow {
  id: string;
  username: string;
  email: string;
  phone: string | null;
  name: string | null;
  company_name: string | null;
  city: string | null;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

/** Customer accounts as staff see them: the back office's customer page, deactivation, and snapshots for projections. */
@Injectable()
export class CustomerAccountsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly events: EventPublisher,
  ) {}

  async snapshot(after: string | null, limit: number): Promise<CustomerSnapshotReply> {
    const rows: SnapshotRow[] = await this.dataSource.query(
      `SELECT u.id, u.username, u.email, u.phone, u.name, u.company_name, u.is_active, u.created_at, u.updated_at,
              (SELECT a.city FROM addresses a WHERE a.user_id = u.id
                ORDER BY a.is_default DESC, a.created_at DESC, a.id DESC LIMIT 1) AS city
         FROM users u
        WHERE $1::uuid IS NULL OR u.id > $1::uuid
        ORDER BY u.id
        LIMIT $2`,
      [after, limit],
    );
    const customers = rows.map(
      (r): CustomerSnapshotEntry => ({
        userId: r.id,
        username: r.username,
        email: r.email,
        phone: r.phone,
        name: r.name,
        companyName: r.company_name,
        city: r.city,
        isActive: r.is_active,
        createdAt: r.created_at.toISOString(),
        updatedAt: r.updated_at.toISOString(),
      }),
    );
    return { customers, next: rows.length === limit ? rows[rows.length - 1].id : null };
  }

  async account(userId: string): Promise<AdminCustomerAccountView> {
    const m = this.dataSource.manager;
    const user = await this.existing(userId);
    const wishlist = await m.find(WishlistItemEntity, { where: { userId }, order: { addedAt: 'DESC', productId: 'ASC' } });
    return {
      account: await this.users.view(m, userId),
      city: await this.users.cityOf(m, userId),
      isActive: user.isActive,
      deactivatedAt: user.deactivatedAt?.toISOString() ?? null,
      wishlist: wishlist.map(toWishlistItemView),
    };
  }

  /**
   * Deactivates the account: it can no longer sign in, its sessions end, `user.deactivated` tells
   * the gateway to refuse its tokens, and its orders stay. Deactivating it again changes nothing.
   */
  async deactivate(userId: string): Promise<CustomerDeactivateReply> {
    await this.existing(userId);
    return this.dataSource.transaction(async (m) => {
      const user = await m.findOneOrFail(UserEntity, { where: { id: userId }, lock: { mode: 'pessimistic_write' } });
      if (!user.isActive) {
        return { userId, deactivatedAt: (user.deactivatedAt ?? user.updatedAt).toISOString(), changed: false };
      }
      const deactivatedAt = new Date();
      await m.update(UserEntity, { id: userId }, { isActive: false, deactivatedAt });
      await this.sessions.endAll({ role: 'customer', id: userId }, m);
      await this.events.publish<UserDeactivatedEvent>(m, EVENTS.userDeactivated, {
        userId,
        deactivatedAt: deactivatedAt.toISOString(),
      });
      return { userId, deactivatedAt: deactivatedAt.toISOString(), changed: true };
    });
  }

  async deactivatedIds(): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(`SELECT id FROM users WHERE NOT is_active`);
    return rows.map((r) => r.id);
  }

  private async existing(userId: string): Promise<UserEntity> {
    const user = uuidSchema.safeParse(userId).success
      ? await this.dataSource.getRepository(UserEntity).findOneBy({ id: userId })
      : null;
    if (!user) throw RpcError.notFound(REPORTING_MESSAGES.customerNotFound);
    return user;
  }
}
