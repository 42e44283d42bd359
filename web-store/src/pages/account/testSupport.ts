import type { UserView } from '@shop/proto';
import type { AccountStats } from '../../api/account';
import { makeCart, makeUser, signedIn } from '../../test/fixtures';
import { mockApi, type Handler } from '../../test/mockApi';

export const emptyStats: AccountStats = {
  totalOrders: 0,
  totalSpent: 0,
  deliveredOrders: 0,
  wishlistCount: 0,
  recentOrders: [],
};

/** A signed-in customer with an empty server cart and empty account data, plus the test's handlers. */
export function accountApi(extra: Record<string, Handler> = {}, user: UserView = makeUser()) {
  return mockApi({
    ...signedIn(user),
    'GET /cart': () => ({ data: { success: true, cart: makeCart([]) } }),
    'GET /auth/stats': () => ({ data: { success: true, stats: emptyStats } }),
    'GET /orders/me': () => ({ data: { success: true, orders: [] } }),
    'GET /auth/wishlist': () => ({ data: { success: true, wishlist: [] } }),
    'GET /auth/addresses': () => ({ data: { success: true, addresses: [] } }),
    ...extra,
  });
}
