import { Injectable } from '@nestjs/common';
import { RpcCallOptions, RpcClient, RpcError } from '@shop/kit';
import {
  AdminCustomerAccountView,
  CUSTOMER_ORDER_HISTORY_LIMIT,
  CustomerDetailReply,
  CustomerListQuery,
  CustomerListReply,
  CustomerOrderView,
  CustomerRowView,
  customerStatus,
  CustomerStatus,
  customerType,
  CustomerWishlistEntry,
  OrderPaymentStatus,
  OrderStatus,
  REPORTING_MESSAGES,
  RPC,
  toRupees,
} from '@shop/proto';
import { DataSource } from 'typeorm';
import { likeText, num } from '../common/sql';
import { displayOrderId } from '../dashboard/dashboard-figures';
import { BUSINESS_SQL, inactiveBefore, statusFilter, statusSql, VIP_SQL } from './customer-status.sql';

interface CustomerRow {
  user_id: string;
  username: string;
  email: string;
  phone: string | null;
  name: string | null;
  company_name: string | null;
  city: string | null;
  is_active: boolean;
  registered_at: Date;
  orders_count: number;
  spent_paise: string;
  last_order_at: Date | null;
  status: CustomerStatus;
}

/** The customers screen and customer page, from the customers read model and its order figures. */
@Injectable()
export class CustomersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
  ) {}

  /**
   * A page of the list, newest customers first: the page walks the registration index and stops
   * when it is full; the total is counted apart (and is the summary's when nothing filters).
   */
  async list(query: CustomerListQuery, now = new Date()): Promise<CustomerListReply> {
    const params: unknown[] = [inactiveBefore(now)];
    const filter = customerFilter(query, params, now, '$1');
    const countParams: unknown[] = [];
    const countFilter = customerFilter(query, countParams, now);
    const [rows, summary, counted] = await Promise.all([
      this.dataSource.query(
        `SELECT c.*, ${statusSql('$1')} AS status FROM customers c ${filter}
          ORDER BY c.registered_at DESC, c.user_id DESC
          LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, query.limit, (query.page - 1) * query.limit],
      ) as Promise<CustomerRow[]>,
      this.summary(),
      countFilter ? (this.dataSource.query(`SELECT count(*) AS n FROM customers c ${countFilter}`, countParams) as Promise<{ n: string }[]>) : null,
    ]);
    const total = counted ? num(counted[0].n) : summary.total;
    return {
      success: true,
      customers: rows.map(toRowView),
      total,
      page: query.page,
      pages: Math.max(1, Math.ceil(total / query.limit)),
      limit: query.limit,
      summary,
    };
  }

  /**
   * The customer page: the read model's figures and order history, with the wishlist and addresses
   * the user service holds. A customer neither knows is not found.
   */
  async detail(id: string, caller: RpcCallOptions, now = new Date()): Promise<CustomerDetailReply> {
    const [row] = (await this.dataSource.query(`SELECT c.*, ${statusSql('$1')} AS status FROM customers c WHERE c.user_id = $2`, [
      inactiveBefore(now),
      id,
    ])) as CustomerRow[];
    const account = await this.rpc
      .call<AdminCustomerAccountView>(RPC.user.adminCustomerGet, { id }, caller)
      .catch((err) => {
        if (err instanceof RpcError && err.payload.status === 404) return null;
        throw err;
      });
    if (!row && !account) throw RpcError.notFound(REPORTING_MESSAGES.customerNotFound);
    const base = row ? toRowView(row) : await this.fromAccount(account!, now);
    const [orders, wishlist] = await Promise.all([this.orders(id), this.wishlist(account)]);
    return {
      success: true,
      customer: {
        ...base,
        ...(account && {
          username: account.account.username,
          email: account.account.email,
          phone: account.account.phone,
          name: account.account.name,
          companyName: account.account.companyName,
          city: account.city,
          isActive: account.isActive,
          type: customerType(account.account),
        }),
        orders,
        wishlist,
        wishlistCount: wishlist.length,
        addresses: account?.account.addresses ?? [],
        lastLogin: account?.account.lastLogin ?? null,
      },
    };
  }

  private async summary(): Promise<CustomerListReply['summary']> {
    const [row] = await this.dataSource.query(
      `SELECT count(*) AS total, count(*) FILTER (WHERE ${BUSINESS_SQL}) AS business, count(*) FILTER (WHERE ${VIP_SQL}) AS vip,
              coalesce(sum(c.spent_paise), 0) AS revenue
         FROM customers c`,
    );
    const total = num(row.total);
    const business = num(row.business);
    return { total, business, individual: total - business, vip: num(row.vip), totalRevenue: toRupees(num(row.revenue)) };
  }

  private async orders(userId: string): Promise<CustomerOrderView[]> {
    const orders: { order_id: string; total_paise: string; status: OrderStatus; payment_status: OrderPaymentStatus; created_at: Date }[] =
      await this.dataSource.query(
        `SELECT order_id, total_paise, status, payment_status, created_at FROM orders
          WHERE user_id = $1 AND created_at IS NOT NULL
          ORDER BY created_at DESC, order_id DESC LIMIT $2`,
        [userId, CUSTOMER_ORDER_HISTORY_LIMIT],
      );
    const lines: { order_id: string; product_id: string; name: string; quantity: number; unit_price_paise: string }[] = orders.length
      ? await this.dataSource.query(
          `SELECT order_id, product_id, name, quantity, unit_price_paise FROM order_lines WHERE order_id = ANY($1::uuid[]) ORDER BY order_id, position`,
          [orders.map((o) => o.order_id)],
        )
      : [];
    return orders.map((o) => ({
      _id: o.order_id,
      displayId: displayOrderId(o.order_id),
      totalAmount: toRupees(num(o.total_paise)),
      orderStatus: o.status,
      paymentStatus: o.payment_status,
      createdAt: o.created_at.toISOString(),
      items: lines
        .filter((l) => l.order_id === o.order_id)
        .map((l) => ({ productId: l.product_id, name: l.name, quantity: l.quantity, price: toRupees(num(l.unit_price_paise)) })),
    }));
  }

  private async wishlist(account: AdminCustomerAccountView | null): Promise<CustomerWishlistEntry[]> {
    if (!account?.wishlist.length) return [];
    const products: { product_id: string; name: string; price_paise: string; image: string | null; deleted: boolean }[] =
      await this.dataSource.query(
        `SELECT product_id, name, price_paise, image, deleted FROM products WHERE product_id = ANY($1::uuid[])`,
        [account.wishlist.map((w) => w.productId)],
      );
    const byId = new Map(products.map((p) => [p.product_id, p]));
    return account.wishlist.map((w) => {
      const p = byId.get(w.productId);
      return {
        _id: w.productId,
        name: p?.name ?? null,
        price: p && !p.deleted ? toRupees(num(p.price_paise)) : null,
        image: p?.image ?? null,
        addedAt: w.addedAt,
      };
    });
  }

  /** An account the read model has not seen yet (its events are on their way): its own figures. */
  private async fromAccount(account: AdminCustomerAccountView, now: Date): Promise<CustomerRowView> {
    const [stats] = await this.dataSource.query(`SELECT orders_count, spent_paise, last_order_at FROM customer_stats WHERE user_id = $1`, [
      account.account._id,
    ]);
    const totalOrders = num(stats?.orders_count);
    const totalSpent = toRupees(num(stats?.spent_paise));
    const lastOrderDate = stats?.last_order_at ? (stats.last_order_at as Date).toISOString() : null;
    return {
      _id: account.account._id,
      username: account.account.username,
      email: account.account.email,
      phone: account.account.phone,
      name: account.account.name,
      companyName: account.account.companyName,
      city: account.city,
      createdAt: account.account.createdAt,
      isActive: account.isActive,
      isAdmin: false,
      totalOrders,
      totalSpent,
      lastOrderDate,
      type: customerType(account.account),
      status: customerStatus({ totalSpent, totalOrders, lastOrderDate }, now),
    };
  }
}

/**
 * The WHERE clause of the list's search, type and status filters ('' when none), their values added
 * to `params`. `cutoff` names the placeholder already holding `inactiveBefore(now)`, if one does.
 */
function customerFilter(query: CustomerListQuery, params: unknown[], now: Date, cutoff?: string): string {
  const where: string[] = [];
  if (query.search) {
    params.push(`%${likeText(query.search.trim())}%`);
    where.push(`c.search_text LIKE $${params.length}`);
  }
  if (query.type) where.push(query.type === 'business' ? BUSINESS_SQL : `NOT ${BUSINESS_SQL}`);
  if (query.status) {
    if (!cutoff && query.status !== 'vip') {
      params.push(inactiveBefore(now));
      cutoff = `$${params.length}`;
    }
    where.push(statusFilter(query.status, cutoff));
  }
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}

function toRowView(r: CustomerRow): CustomerRowView {
  return {
    _id: r.user_id,
    username: r.username,
    email: r.email,
    phone: r.phone,
    name: r.name,
    companyName: r.company_name,
    city: r.city,
    createdAt: r.registered_at.toISOString(),
    isActive: r.is_active,
    isAdmin: false,
    totalOrders: num(r.orders_count),
    totalSpent: toRupees(num(r.spent_paise)),
    lastOrderDate: r.last_order_at?.toISOString() ?? null,
    type: customerType({ companyName: r.company_name }),
    status: r.status,
  };
}
