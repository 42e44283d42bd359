import { Injectable } from '@nestjs/common';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import {
  ADMIN_ORDERS_MAX_PAGE_SIZE,
  ADMIN_PRODUCTS_MAX_PAGE_SIZE,
  AdminOrderListReply,
  AdminProductListReply,
  CustomerSnapshotReply,
  ReviewView,
  RPC,
  toPaise,
} from '@shop/proto';
import { DataSource } from 'typeorm';

/** Reviews are asked for per product; this many products at a time. */
const REVIEW_FETCH_CONCURRENCY = 8;

export interface SnapshotCounts {
  customers: number;
  products: number;
  reviews: number;
  orders: number;
}

/**
 * Copies what the owning services hold into the `rebuild_*` staging tables, a page at a time:
 * customers from the user service's snapshot, products and their reviews from the catalog's admin
 * list, orders from the order service's admin list.
 */
@Injectable()
export class SnapshotLoader {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
  ) {}

  async load(caller: RpcCallOptions): Promise<SnapshotCounts> {
    await this.dataSource.query(
      `TRUNCATE rebuild_customers, rebuild_products, rebuild_reviews, rebuild_orders, rebuild_order_lines`,
    );
    const customers = await this.customers(caller);
    const productIds = await this.products(caller);
    const reviews = await this.reviews(productIds, caller);
    const orders = await this.orders(caller);
    return { customers, products: productIds.length, reviews, orders };
  }

  private async customers(caller: RpcCallOptions): Promise<number> {
    let count = 0;
    let after: string | null = null;
    do {
      const page: CustomerSnapshotReply = await this.rpc.call(RPC.user.adminSnapshot, { after }, caller);
      if (page.customers.length) {
        await this.dataSource.query(
          `INSERT INTO rebuild_customers (user_id, username, email, phone, name, company_name, city, is_active, registered_at, as_of)
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(
             "userId" uuid, username text, email text, phone text, name text, "companyName" text, city text,
             "isActive" boolean, "createdAt" timestamptz, "updatedAt" timestamptz)
           ON CONFLICT DO NOTHING`,
          [JSON.stringify(page.customers)],
        );
      }
      count += page.customers.length;
      after = page.next;
    } while (after);
    return count;
  }

  private async products(caller: RpcCallOptions): Promise<string[]> {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const reply: AdminProductListReply = await this.rpc.call(RPC.catalog.productAdminList, { page, limit: ADMIN_PRODUCTS_MAX_PAGE_SIZE }, caller);
      const rows = reply.products.map((p) => ({
        id: p._id,
        name: p.name,
        brand: p.brand,
        category: p.category ?? '',
        price: toPaise(p.price),
        image: p.images[0] ?? null,
        stock: p.stock,
        threshold: p.lowStockThreshold,
        created: p.createdAt,
        updated: p.updatedAt,
      }));
      if (rows.length) {
        await this.dataSource.query(
          `INSERT INTO rebuild_products (product_id, name, brand, category, price_paise, image, stock, low_stock_threshold, created_at, updated_at)
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(
             id uuid, name text, brand text, category text, price bigint, image text, stock integer, threshold smallint,
             created timestamptz, updated timestamptz)
           ON CONFLICT DO NOTHING`,
          [JSON.stringify(rows)],
        );
      }
      ids.push(...rows.map((r) => r.id));
      if (rows.length < ADMIN_PRODUCTS_MAX_PAGE_SIZE || ids.length >= reply.total) break;
    }
    return [...new Set(ids)];
  }

  private async reviews(productIds: string[], caller: RpcCallOptions): Promise<number> {
    let count = 0;
    const queue = [...productIds];
    const worker = async () => {
      for (let productId = queue.shift(); productId; productId = queue.shift()) {
        const reply: { reviews: ReviewView[] } = await this.rpc.call(RPC.catalog.reviewList, { productId }, caller);
        if (reply.reviews.length === 0) continue;
        await this.dataSource.query(
          `INSERT INTO rebuild_reviews (review_id, product_id, rating, created_at)
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS x("_id" uuid, "productId" uuid, rating smallint, "createdAt" timestamptz)
           ON CONFLICT DO NOTHING`,
          [JSON.stringify(reply.reviews.map((r) => ({ _id: r._id, productId, rating: r.rating, createdAt: r.createdAt })))],
        );
        count += reply.reviews.length;
      }
    };
    await Promise.all(Array.from({ length: REVIEW_FETCH_CONCURRENCY }, worker));
    return count;
  }

  /**
   * The order list is newest first: an order placed while paging pushes the others down a page, so
   * one may be read twice (kept once), never missed.
   */
  private async orders(caller: RpcCallOptions): Promise<number> {
    const seen = new Set<string>();
    for (let page = 1, pages = 1; page <= pages; page++) {
      const reply: AdminOrderListReply = await this.rpc.call(RPC.order.adminList, { page, limit: ADMIN_ORDERS_MAX_PAGE_SIZE }, caller);
      pages = reply.pages;
      const orders = reply.orders.filter((o) => !seen.has(o._id));
      orders.forEach((o) => seen.add(o._id));
      if (orders.length === 0) continue;
      await this.dataSource.query(
        `INSERT INTO rebuild_orders (order_id, user_id, created_at, status, payment_status, paid_at, total_paise, updated_at,
                                     payment_method, payment_id, provider_order_id)
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(
           id uuid, "userId" uuid, "createdAt" timestamptz, status text, "paymentStatus" text, "paidAt" timestamptz,
           total bigint, "updatedAt" timestamptz, method text, "paymentId" text, "providerOrderId" text)
         ON CONFLICT DO NOTHING`,
        [
          JSON.stringify(
            orders.map((o) => ({
              id: o._id,
              userId: o.user._id,
              createdAt: o.createdAt,
              status: o.orderStatus,
              paymentStatus: o.paymentDetails.status,
              paidAt: o.paymentDetails.paidAt,
              total: toPaise(o.totalAmount),
              updatedAt: o.updatedAt,
              method: o.paymentDetails.paymentMethod,
              paymentId: o.paymentDetails.paymentId,
              providerOrderId: o.paymentDetails.razorpayOrderId,
            })),
          ),
        ],
      );
      await this.dataSource.query(
        `INSERT INTO rebuild_order_lines (order_id, position, product_id, name, quantity, unit_price_paise)
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(
           "orderId" uuid, position smallint, "productId" uuid, name text, quantity integer, price bigint)
         ON CONFLICT DO NOTHING`,
        [
          JSON.stringify(
            orders.flatMap((o) =>
              o.products.map((l, position) => ({
                orderId: o._id,
                position,
                productId: l.productId,
                name: l.name,
                quantity: l.quantity,
                price: toPaise(l.price),
              })),
            ),
          ),
        ],
      );
    }
    return seen.size;
  }
}
