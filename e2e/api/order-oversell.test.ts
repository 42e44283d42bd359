import type { Client } from 'pg';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken } from './catalog-support';
import { availableStock, catalogDb, checkoutBody, createProduct, Http, orderDb } from './order-fixtures';
import { customerToken } from './payment-fixtures';

jest.setTimeout(180_000);

const SHOPPERS = 300;
const UNITS = 30;

/**
 * Stock cannot oversell: many shoppers checking out the last units at once get exactly as many
 * orders as there are units, and everyone else a clear out-of-stock answer.
 */
describe('checkout under contention', () => {
  let backend: Backend;
  let http: Http;
  let orders: Client;
  let catalog: Client;
  const admin = adminToken();

  beforeAll(async () => {
    // Every request comes from one address: lift the per-IP rate limit for the burst.
    backend = await startBackend({
      services: ['user', 'catalog', 'order'],
      env: { RATE_LIMIT_PER_MINUTE: '100000' },
    });
    http = api(backend.url);
    orders = await orderDb(backend);
    catalog = await catalogDb(backend);
  });
  afterAll(async () => {
    await orders?.end();
    await catalog?.end();
    await backend?.stop();
  });

  /** Runs the checkouts all at once while watching the available stock; answers the replies and the lowest stock seen. */
  async function burst(product: string, body: () => unknown) {
    let lowest = Infinity;
    let watching = true;
    const watcher = (async () => {
      while (watching) lowest = Math.min(lowest, await availableStock(http, product));
    })();
    const replies = await Promise.all(
      Array.from({ length: SHOPPERS }, () => http.post('/orders', body(), customerToken().token)),
    );
    watching = false;
    await watcher;
    return { replies, lowest: Math.min(lowest, await availableStock(http, product)) };
  }

  async function reservedOrders(product: string): Promise<string[]> {
    const { rows } = await orders.query(
      `SELECT DISTINCT o.id FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE l.product_id = $1 AND o.reservation = 'reserved'`,
      [product],
    );
    return rows.map((r) => r.id).sort();
  }

  it(`${SHOPPERS} concurrent checkouts of a product with ${UNITS} units leave exactly ${UNITS} orders; the rest are told it is out of stock`, async () => {
    const product = await createProduct(http, admin, { name: 'Last Batch Mug', price: 250, stock: UNITS });
    const { replies, lowest } = await burst(product, () => checkoutBody([{ product, quantity: 1 }]));

    const placed = replies.filter((r) => r.status === 201);
    const refused = replies.filter((r) => r.status !== 201);
    expect(placed).toHaveLength(UNITS);
    expect(refused).toHaveLength(SHOPPERS - UNITS);
    expect(new Set(refused.map((r) => `${r.status} ${r.body.message}`))).toEqual(
      new Set(['409 Last Batch Mug is out of stock']),
    );
    expect(lowest).toBe(0);

    expect(await reservedOrders(product)).toEqual(placed.map((r) => r.body.order._id).sort());
    const { rows: leftovers } = await orders.query(
      `SELECT count(*)::int AS n FROM orders WHERE reservation = 'pending'`,
    );
    expect(leftovers[0].n).toBe(0);
    const { rows: stock } = await catalog.query(`SELECT stock, reserved FROM products WHERE id = $1`, [
      product,
    ]);
    expect(stock).toEqual([{ stock: UNITS, reserved: UNITS }]);
    const { rows: holds } = await catalog.query(
      `SELECT order_id FROM stock_reservations WHERE status = 'reserved' AND lines @> $1::jsonb`,
      [JSON.stringify([{ productId: product }])],
    );
    expect(holds.map((h) => h.order_id).sort()).toEqual(placed.map((r) => r.body.order._id).sort());
  });

  it(`counts two lines of one product in one order together: ${UNITS / 2} orders of 2 units`, async () => {
    const product = await createProduct(http, admin, {
      name: 'Twin Line Notebook',
      price: 120,
      stock: UNITS,
    });
    const { replies, lowest } = await burst(product, () =>
      checkoutBody([
        { product, quantity: 1, customization: { comments: 'first line' } },
        { product, quantity: 1, customization: { comments: 'second line' } },
      ]),
    );

    const placed = replies.filter((r) => r.status === 201);
    expect(placed).toHaveLength(UNITS / 2);
    expect(placed.every((r) => r.body.order.products.length === 2)).toBe(true);
    const refused = replies.filter((r) => r.status !== 201);
    expect(new Set(refused.map((r) => r.status))).toEqual(new Set([409]));
    expect(
      refused.every((r) =>
        /^(Twin Line Notebook is out of stock|Only 1 unit of Twin Line Notebook left in stock)$/.test(
          r.body.message,
        ),
      ),
    ).toBe(true);
    expect(lowest).toBe(0);
    expect(await reservedOrders(product)).toHaveLength(UNITS / 2);
    const { rows } = await catalog.query(`SELECT stock, reserved FROM products WHERE id = $1`, [product]);
    expect(rows).toEqual([{ stock: UNITS, reserved: UNITS }]);
  });
});
