import type { AddressView, UserView, WishlistItemView } from '@shop/proto';
import type { AddressEntity } from '../addresses/address.entity';
import type { WishlistItemEntity } from '../wishlist/wishlist-item.entity';
import type { UserEntity } from './user.entity';

export function toAddressView(a: AddressEntity): AddressView {
  return {
    _id: a.id,
    name: a.name,
    phone: a.phone,
    street: a.street,
    city: a.city,
    state: a.state,
    pinCode: a.pinCode,
    country: a.country,
    isDefault: a.isDefault,
  };
}

export function toWishlistItemView(item: WishlistItemEntity): WishlistItemView {
  return { productId: item.productId, addedAt: item.addedAt.toISOString() };
}

/**
 * The storefront reads both `_id` and `id`; the password hash never leaves the service. A user
 * just inserted has no value yet for the columns left empty, hence the nulls.
 */
export function toUserView(
  user: UserEntity,
  addresses: AddressEntity[],
  wishlist: WishlistItemEntity[],
): UserView {
  return {
    _id: user.id,
    id: user.id,
    username: user.username,
    email: user.email,
    phone: user.phone ?? null,
    name: user.name ?? null,
    profilePic: user.profilePic ?? null,
    companyName: user.companyName ?? null,
    wishlist: wishlist.map((w) => w.productId),
    addresses: addresses.map(toAddressView),
    lastLogin: user.lastLogin?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    emailVerified: Boolean(user.emailVerifiedAt),
  };
}
