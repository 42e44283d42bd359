import { Injectable } from '@nestjs/common';
import { RpcError } from '@shop/kit';
import { AddressInput, AddressView, MESSAGES, UserView, uuidSchema } from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import { UsersService } from '../users/users.service';
import { toAddressView } from '../users/user-view';
import { AddressEntity } from './address.entity';
import { chooseDefault } from './default-address';

/** A customer's saved addresses. Every change locks the customer's row, so defaults never race. */
@Injectable()
export class AddressesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
  ) {}

  async list(userId: string): Promise<AddressView[]> {
    const m = this.dataSource.manager;
    await this.users.activeUser(m, userId);
    const addresses = await m.find(AddressEntity, {
      where: { userId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return addresses.map(toAddressView);
  }

  async create(userId: string, input: AddressInput): Promise<UserView> {
    return this.changing(userId, async (m) => {
      const saved = await m.save(m.create(AddressEntity, { userId, ...fields(input), isDefault: false }));
      await this.settleDefault(m, userId, input.isDefault ? saved.id : undefined);
    });
  }

  async update(userId: string, addressId: string, input: AddressInput): Promise<UserView> {
    return this.changing(userId, async (m) => {
      const address = await this.owned(m, userId, addressId);
      await m.update(AddressEntity, { id: address.id }, fields(input));
      await this.settleDefault(m, userId, input.isDefault ? address.id : undefined);
    });
  }

  async remove(userId: string, addressId: string): Promise<UserView> {
    return this.changing(userId, async (m) => {
      const address = await this.owned(m, userId, addressId);
      await m.delete(AddressEntity, { id: address.id });
      await this.settleDefault(m, userId);
    });
  }

  /**
   * Runs an address change with the customer's row locked. The back office shows the default
   * address's city: when a change moves it, the account's profile is published again.
   */
  private async changing(userId: string, change: (m: EntityManager) => Promise<void>): Promise<UserView> {
    return this.dataSource.transaction(async (m) => {
      const user = await this.users.activeUser(m, userId, { lock: true });
      const cityBefore = await this.users.cityOf(m, userId);
      await change(m);
      if ((await this.users.cityOf(m, userId)) !== cityBefore) await this.users.publishUpdated(m, user);
      return this.users.view(m, userId);
    });
  }

  /** Another customer's address is "not found": its existence is not revealed. */
  private async owned(m: EntityManager, userId: string, addressId: unknown): Promise<AddressEntity> {
    const id = uuidSchema.safeParse(addressId);
    const address = id.success ? await m.findOneBy(AddressEntity, { id: id.data, userId }) : null;
    if (!address) throw RpcError.notFound(MESSAGES.addressNotFound);
    return address;
  }

  /** Unset before set: the one-default-per-customer index is checked row by row. */
  private async settleDefault(m: EntityManager, userId: string, requested?: string): Promise<void> {
    const addresses = await m.find(AddressEntity, {
      where: { userId },
      select: { id: true, createdAt: true, isDefault: true },
    });
    const target = chooseDefault(addresses, requested);
    if (!target) return;
    await m.query(
      `UPDATE addresses SET is_default = false, updated_at = now() WHERE user_id = $1 AND is_default AND id <> $2`,
      [userId, target],
    );
    await m.query(
      `UPDATE addresses SET is_default = true, updated_at = now() WHERE id = $1 AND NOT is_default`,
      [target],
    );
  }
}

function fields(input: AddressInput) {
  const { name, phone, street, city, state, pinCode, country } = input;
  return { name, phone, street, city, state, pinCode, country };
}
