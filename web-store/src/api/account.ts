import type {
  AddressInput,
  AddressView,
  OrderView,
  UpdateProfileInput,
  UserView,
  WishlistItemView,
  WishlistToggleReply,
} from '@shop/proto';
import { api } from './client';

/** Default texts when an account call fails without the server's own (storefront spec, section 8). */
export const ACCOUNT_ERRORS = {
  profile: 'Profile update failed',
  password: 'Password change failed',
  addressAdd: 'Address addition failed',
  addressUpdate: 'Address update failed',
  addressDelete: 'Address deletion failed',
  wishlistAdd: 'Failed to add to wishlist',
  wishlistRemove: 'Failed to remove from wishlist',
  wishlistFetch: 'Failed to fetch wishlist',
  wishlistUpdate: 'Failed to update wishlist',
  stats: 'Failed to fetch stats',
  orders: 'Failed to fetch orders',
  order: 'Failed to fetch order',
  load: 'Failed to load data',
} as const;

export type Address = AddressView;
export type Order = OrderView;

export interface AccountStats {
  totalOrders: number;
  totalSpent: number;
  deliveredOrders: number;
  wishlistCount: number;
  recentOrders: Order[];
}

export async function fetchStats(signal?: AbortSignal): Promise<AccountStats> {
  const { data } = await api.get<{ stats: AccountStats }>('/auth/stats', { signal });
  return data.stats;
}

export async function fetchMyOrders(signal?: AbortSignal): Promise<Order[]> {
  const { data } = await api.get<{ orders?: Order[] }>('/orders/me', { signal });
  return Array.isArray(data.orders) ? data.orders : [];
}

/** One order; a 403 (someone else's order) is explained by the screen, not by leaving for /403. */
export async function fetchOrder(id: string, signal?: AbortSignal): Promise<Order> {
  const { data } = await api.get<{ order: Order }>(`/orders/${encodeURIComponent(id)}`, {
    signal,
    showsForbidden: true,
  });
  return data.order;
}

export async function fetchWishlistEntries(signal?: AbortSignal): Promise<WishlistItemView[]> {
  const { data } = await api.get<{ wishlist?: WishlistItemView[] }>('/auth/wishlist', { signal });
  return Array.isArray(data.wishlist) ? data.wishlist : [];
}

/** Adds the product to the wishlist, or takes it off when it was there. */
export async function toggleWishlist(productId: string): Promise<WishlistToggleReply> {
  const { data } = await api.put<WishlistToggleReply>('/auth/wishlist', { productId });
  return data;
}

export async function removeFromWishlist(productId: string): Promise<UserView> {
  const { data } = await api.delete<{ user: UserView }>(`/auth/wishlist/${encodeURIComponent(productId)}`);
  return data.user;
}

export async function fetchAddresses(signal?: AbortSignal): Promise<Address[]> {
  const { data } = await api.get<{ addresses?: Address[] }>('/auth/addresses', { signal });
  return Array.isArray(data.addresses) ? data.addresses : [];
}

export async function addAddress(address: AddressInput): Promise<UserView> {
  const { data } = await api.post<{ user: UserView }>('/auth/addresses', address);
  return data.user;
}

export async function updateAddress(id: string, address: AddressInput): Promise<UserView> {
  const { data } = await api.put<{ user: UserView }>(`/auth/addresses/${encodeURIComponent(id)}`, address);
  return data.user;
}

export async function deleteAddress(id: string): Promise<UserView> {
  const { data } = await api.delete<{ user: UserView }>(`/auth/addresses/${encodeURIComponent(id)}`);
  return data.user;
}

export async function updateProfile(profile: UpdateProfileInput): Promise<UserView> {
  const { data } = await api.put<{ user: UserView }>('/auth/me', profile);
  return data.user;
}

/** The change ends every session of the account; the answer's fresh token keeps this one going. */
export async function changePassword(
  currentPassword: string,
  newPassword: string,
): Promise<{ message: string; token: string }> {
  const { data } = await api.put<{ message?: string; token: string }>('/auth/change-password', {
    currentPassword,
    newPassword,
  });
  return { message: data.message ?? '', token: data.token };
}
