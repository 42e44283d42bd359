import { GSTIN_MESSAGES, gstinCheckCharacter, ORDER_MESSAGES } from '@shop/proto';
import type { Client } from 'pg';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken } from './catalog-support';
import { availableStock, checkoutBody, createProduct, Http, orderDb } from './order-fixtures';
import { customerToken, eventually } from './payment-fixtures';

jest.setTimeout(120_000);

/** A well-formed GSTIN: state code, PAN, entity and Z, and its check character computed. */
const gstin = (code: string, pan = 'AAACM1234F', entity = '1Z') =>
  `${code}${pan}${entity}${gstinCheckCharacter(`${code}${pan}${entity}`)}`;

/** The GSTN's own example GSTIN, registered in Maharashtra, where the test address is. */
const GOOD_GSTIN = '27AAPFU0939F1ZV';

/**
 * Checkout's two shipping methods (Standard at the standard cost, free over the threshold; Express
 * always at the express cost), and a business buyer's GSTIN with its company name, checked against
 * the delivery state and kept with the order for its tax invoice. The seeded shop: free over 1000,
 * standard 99, express 200, GST 18% also on shipping.
 */
describe('checkout: shipping method and the buyer’s GSTIN', () => {
  let backend: Backend;
  let http: Http;
  let orders: Client;
  const admin = adminToken();
  let notebook: string;
  let mug: string;

  beforeAll(async () => {
    backend = await startBackend({
      services: ['user', 'catalog', 'cart', 'order'],
      env: { RATE_LIMIT_PER_MINUTE: '100000' },
    });
    http = api(backend.url);
    orders = await orderDb(backend);
    notebook = await createProduct(http, admin, { name: 'Kraft Notebook', price: 450, stock: 500 });
    mug = await createProduct(http, admin, { name: 'Steel Mug', price: 600, stock: 500 });
  });
  afterAll(async () => {
    await orders?.end();
    await backend?.stop();
  });

  const quote = async (product: string, quantity: number, shippingMethod?: string) => {
    const res = await http.post(
      '/orders/quote',
      { products: [{ product, quantity }], ...(shippingMethod === undefined ? {} : { shippingMethod }) },
      customerToken().token,
    );
    return res;
  };

  describe('standard and express', () => {
    it('quotes and places Standard by default: 99 under the threshold', async () => {
      expect((await quote(notebook, 2)).body.quote).toMatchObject({
        shippingMethod: 'standard',
        subtotal: 900,
        shipping: 99,
        totalAmount: 1179,
      });
      const placed = await http.post(
        '/orders',
        checkoutBody([{ product: notebook, quantity: 2 }]),
        customerToken().token,
      );
      expect(placed.body.order).toMatchObject({
        shippingMethod: 'standard',
        shipping: 99,
        totalAmount: 1179,
      });
    });

    it('quotes and places Express at the express cost: 900 + 200, GST 198, total 1298', async () => {
      expect((await quote(notebook, 2, 'express')).body.quote).toMatchObject({
        shippingMethod: 'express',
        shipping: 200,
        tax: 198,
        totalAmount: 1298,
      });
      const { token } = customerToken();
      const placed = await http.post(
        '/orders',
        checkoutBody([{ product: notebook, quantity: 2 }], { shippingMethod: 'EXPRESS' }),
        token,
      );
      expect(placed.status).toBe(201);
      expect(placed.body.order).toMatchObject({
        shippingMethod: 'express',
        shipping: 200,
        tax: 198,
        totalAmount: 1298,
      });
      expect((await http.get(`/orders/${placed.body.order._id}`, token)).body.order.shippingMethod).toBe(
        'express',
      );
      const { rows } = await orders.query(`SELECT shipping_method FROM orders WHERE id = $1`, [
        placed.body.order._id,
      ]);
      expect(rows[0].shipping_method).toBe('express');
    });

    it('ships Standard free over the threshold, and still charges Express there', async () => {
      expect((await quote(mug, 2)).body.quote).toMatchObject({
        subtotal: 1200,
        shipping: 0,
        totalAmount: 1416,
      });
      expect((await quote(mug, 2, 'express')).body.quote).toMatchObject({
        subtotal: 1200,
        shipping: 200,
        tax: 252,
        totalAmount: 1652,
      });
      const placed = await http.post(
        '/orders',
        checkoutBody([{ product: mug, quantity: 2 }], { shippingMethod: 'express' }),
        customerToken().token,
      );
      expect(placed.body.order).toMatchObject({ shipping: 200, totalAmount: 1652 });
    });

    it("refuses another method with 400 'Shipping method must be standard or express', quote and order alike", async () => {
      for (const shippingMethod of ['overnight', 7, ['express']]) {
        const quoted = await quote(notebook, 1, shippingMethod as string);
        expect(quoted.status).toBe(400);
        expect(quoted.body.message).toBe(ORDER_MESSAGES.shippingMethod);
        const { token, userId } = customerToken();
        const placed = await http.post(
          '/orders',
          checkoutBody([{ product: notebook, quantity: 1 }], { shippingMethod }),
          token,
        );
        expect(placed.status).toBe(400);
        expect(placed.body.errors).toEqual([
          { field: 'shippingMethod', message: ORDER_MESSAGES.shippingMethod },
        ]);
        const { rows } = await orders.query(`SELECT count(*)::int AS n FROM orders WHERE user_id = $1`, [
          userId,
        ]);
        expect(rows[0].n).toBe(0);
      }
    });
  });

  describe('a business buyer’s GSTIN', () => {
    /** Checks out with this GSTIN to the Maharashtra address; answers the reply and that nothing was lost. */
    const checkout = async (extra: Record<string, unknown>) => {
      const { token, userId } = customerToken();
      await eventually(
        async () => (await http.post('/cart', { productId: notebook, quantity: 1 }, token)).status === 200,
        'the cart to know the product',
      );
      const stock = await availableStock(http, notebook);
      const res = await http.post(
        '/orders',
        checkoutBody([{ product: notebook, quantity: 1 }], extra),
        token,
      );
      return { res, token, userId, stock };
    };

    const refused = async (
      value: unknown,
      message: string,
      field = 'gstin',
      companyName: unknown = 'Kulkarni Traders',
    ) => {
      const { res, token, userId, stock } = await checkout({ gstin: value, companyName });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message, errors: [{ field, message }] });
      // Nothing is lost: no order is written, the stock and the cart are as they were.
      const { rows } = await orders.query(`SELECT count(*)::int AS n FROM orders WHERE user_id = $1`, [
        userId,
      ]);
      expect(rows[0].n).toBe(0);
      expect(await availableStock(http, notebook)).toBe(stock);
      expect((await http.get('/cart', token)).body.cart.items).toEqual([
        expect.objectContaining({ quantity: 1 }),
      ]);
    };

    it("refuses one of the wrong length with 'GSTIN must be 15 characters'", async () => {
      await refused('27AAPFU0939F1Z', GSTIN_MESSAGES.length);
      await refused('27AAPFU0939F1ZVX', GSTIN_MESSAGES.length);
    });

    it('refuses symbols with the characters it may hold', async () => {
      await refused('27AAPFU0939F1-V', GSTIN_MESSAGES.characters);
    });

    it('refuses a state code GST does not issue', async () => {
      await refused(gstin('00'), GSTIN_MESSAGES.stateCode);
      await refused(gstin('99'), GSTIN_MESSAGES.stateCode);
    });

    it('refuses a middle not shaped like a PAN', async () => {
      await refused(gstin('27', 'AAAC12345F'), GSTIN_MESSAGES.pan);
    });

    it('refuses a 13th character of 0 or a 14th other than Z', async () => {
      await refused(gstin('27', 'AAACM1234F', '0Z'), GSTIN_MESSAGES.entity);
      await refused(gstin('27', 'AAACM1234F', '1A'), GSTIN_MESSAGES.entity);
    });

    it('refuses a wrong check character as a likely typing mistake', async () => {
      const good = gstin('27');
      await refused(good.slice(0, 14) + (good[14] === 'A' ? 'B' : 'A'), GSTIN_MESSAGES.checkCharacter);
    });

    it("refuses a GSTIN of another state than the delivery address, naming both: 'GSTIN is registered in Karnataka …'", async () => {
      await refused(
        gstin('29'),
        'GSTIN is registered in Karnataka (state code 29), but the delivery address is in Maharashtra',
      );
    });

    it("refuses a GSTIN without the company name registered with it: 'Please enter the company name registered with this GSTIN'", async () => {
      await refused(GOOD_GSTIN, ORDER_MESSAGES.companyNameRequired, 'companyName', '  ');
    });

    it('refuses a company name over 120 characters', async () => {
      await refused(GOOD_GSTIN, ORDER_MESSAGES.companyNameTooLong, 'companyName', 'K'.repeat(121));
    });

    it('keeps a good one, as typed in lower case with spaces, with the company: in the order, its view and the back office', async () => {
      const { res, token } = await checkout({
        gstin: ' 27aapfu0939f1zv ',
        companyName: '  Kulkarni Traders ',
      });
      expect(res.status).toBe(201);
      const order = res.body.order;
      expect(order).toMatchObject({ gstin: GOOD_GSTIN, companyName: 'Kulkarni Traders' });
      expect((await http.get(`/orders/${order._id}`, token)).body.order).toMatchObject({
        gstin: GOOD_GSTIN,
        companyName: 'Kulkarni Traders',
      });
      const { rows } = await orders.query(`SELECT buyer_gstin, buyer_company FROM orders WHERE id = $1`, [
        order._id,
      ]);
      expect(rows[0]).toEqual({ buyer_gstin: GOOD_GSTIN, buyer_company: 'Kulkarni Traders' });

      const listed = (await http.get('/admin2009/orders?search=kulkarni%20traders', admin)).body.orders;
      expect(listed.map((o: { _id: string }) => o._id)).toEqual([order._id]);
      expect(listed[0]).toMatchObject({
        gstin: GOOD_GSTIN,
        companyName: 'Kulkarni Traders',
        shippingMethod: 'standard',
      });
      expect((await http.get(`/admin2009/orders?search=${GOOD_GSTIN}`, admin)).body.total).toBe(1);

      const csv = await fetch(`${backend.url}/api/admin2009/orders/export.csv?search=${GOOD_GSTIN}`, {
        headers: { authorization: `Bearer ${admin}` },
      }).then((r) => r.text());
      const [header, row] = csv.trim().split('\r\n');
      expect(header).toMatch(/,"Payment Method","Shipping","GSTIN","Company"$/);
      expect(row).toMatch(
        new RegExp(`^"${order._id}",.*,"razorpay","standard","${GOOD_GSTIN}","Kulkarni Traders"$`),
      );
    });

    it('keeps no company name for a buyer who gives no GSTIN', async () => {
      const { res } = await checkout({ gstin: '', companyName: 'Somebody Pvt Ltd' });
      expect(res.status).toBe(201);
      expect(res.body.order).toMatchObject({ gstin: null, companyName: null });
    });
  });
});
