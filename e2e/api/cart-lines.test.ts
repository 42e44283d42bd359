import { randomUUID } from 'node:crypto';
import {
  CartClearedEvent,
  CartView,
  EVENTS,
  OrderPaidEvent,
  ProductUpsertedEvent,
  ProductView,
  SEEDED_SETTINGS,
  SettingsUpdatedEvent,
  toPaise,
} from '@shop/proto';
import type { Backend } from '../harness/backend';
import { adminToken, eventually, publishEvent } from './catalog-support';
import {
  adminLogin,
  deliverToCart,
  createProduct,
  Http,
  listenFor,
  newCustomer,
  registerCustomer,
  startCartBackend,
  untilProjected,
} from './cart-support';

jest.setTimeout(60_000);

describe('cart: lines, rules, guest merge and the catalog projection', () => {
  let backend: Backend;
  let http: Http;
  let admin: string;

  beforeAll(async () => {
    ({ backend, http } = await startCartBackend(['user', 'catalog', 'cart']));
    admin = await adminLogin(http);
  });
  afterAll(() => backend?.stop());

  const product = (overrides: Record<string, unknown> = {}) => createProduct(http, backend, admin, overrides);
  const cartOf = async (token: string): Promise<CartView> => {
    const res = await http.get('/cart', token);
    expect(res.status).toBe(200);
    return res.body.cart;
  };

  describe('who may use the server cart', () => {
    it.each([
      ['GET', '/cart'],
      ['POST', '/cart'],
      ['PUT', `/cart/${randomUUID()}`],
      ['DELETE', `/cart/${randomUUID()}`],
      ['DELETE', '/cart'],
      ['POST', '/cart/merge'],
    ])('%s %s needs a customer token (401 without one, 401 with an admin token)', async (method, path) => {
      const anonymous = await http.request(method, path, {
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ success: false, status: 401 });
      const staff = await http.request(method, path, {
        token: adminToken(),
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(staff.status).toBe(401);
    });
  });

  describe('GET /cart', () => {
    it('answers an empty cart to a customer who has just registered', async () => {
      const res = await http.get('/cart', await registerCustomer(http));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        cart: { items: [], subtotal: 0, itemCount: 0, bulkOrder: false, shipping: 0, total: 0 },
      });
    });
  });

  describe('POST /cart', () => {
    it("adds a line carrying the product's current name, image, brand and price and the line price", async () => {
      const pen = await product({
        name: 'Brass Pen',
        brand: 'jaksh',
        category: 'Stationery',
        price: '250',
        stock: 40,
        images: ['/uploads/pen.webp'],
      });
      const token = newCustomer().token;
      const res = await http.post(
        '/cart',
        { productId: pen._id, quantity: 2, customization: { comments: 'Gift box please' } },
        token,
      );
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      const cart: CartView = res.body.cart;
      expect(cart.items).toHaveLength(1);
      expect(cart.items[0]).toMatchObject({
        productId: pen._id,
        quantity: 2,
        customization: { comments: 'Gift box please' },
        unitPrice: 250,
        linePrice: 500,
        available: true,
        unavailableReason: null,
        product: {
          _id: pen._id,
          name: 'Brass Pen',
          price: 250,
          brand: 'jaksh',
          images: ['/uploads/pen.webp'],
          stock: 40,
          customizations: [],
        },
      });
      expect(cart.items[0]._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(cart.items[0].addedAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(cart).toMatchObject({ subtotal: 500, itemCount: 2, bulkOrder: false, shipping: 99, total: 599 });
      expect(await cartOf(token)).toEqual(cart);
    });

    it.each([
      ['no product id', { quantity: 1 }],
      ['an empty product id', { productId: '', quantity: 1 }],
      ['a product object without _id', { productId: { name: 'Pen' }, quantity: 1 }],
      ['a product id that is a number', { productId: 7, quantity: 1 }],
    ])("answers 400 'Invalid product' for %s", async (_, body) => {
      const res = await http.post('/cart', body, newCustomer().token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, status: 400, message: 'Invalid product' });
    });

    it('takes the product id as an object with _id, as the spec allows', async () => {
      const mug = await product({ name: 'Enamel Mug', category: 'Drinkware', price: 199, stock: 10 });
      const res = await http.post(
        '/cart',
        { productId: { _id: mug._id, name: 'Enamel Mug' }, quantity: 1 },
        newCustomer().token,
      );
      expect(res.status).toBe(200);
      expect(res.body.cart.items[0].productId).toBe(mug._id);
    });

    it("answers 404 'The requested product could not be found.' for a product the shop does not have", async () => {
      const res = await http.post('/cart', { productId: randomUUID(), quantity: 1 }, newCustomer().token);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('The requested product could not be found.');
    });

    it('adds quantity to the line of an identical customization, whatever its key order, and starts a new line for a different one', async () => {
      const label = await product({ name: 'Vinyl Label', category: 'Labels', price: 12, stock: 500 });
      const token = newCustomer().token;
      const first = {
        size: 'A5',
        comments: 'Matte',
        dynamicCustomizations: { finish: 'matte', corners: ['round'] },
      };
      const reordered = {
        dynamicCustomizations: { corners: ['round'], finish: 'matte' },
        comments: 'Matte',
        size: 'A5',
      };
      await http.post('/cart', { productId: label._id, quantity: 10, customization: first }, token);
      const same = await http.post(
        '/cart',
        { productId: label._id, quantity: 5, customization: reordered },
        token,
      );
      expect(same.body.cart.items).toHaveLength(1);
      expect(same.body.cart.items[0].quantity).toBe(15);

      const different = await http.post(
        '/cart',
        { productId: label._id, quantity: 3, customization: { ...first, size: 'A4' } },
        token,
      );
      expect(
        different.body.cart.items.map((i: { quantity: number; customization: { size: string } }) => [
          i.customization.size,
          i.quantity,
        ]),
      ).toEqual([
        ['A5', 15],
        ['A4', 3],
      ]);
      const plain = await http.post('/cart', { productId: label._id, quantity: 1 }, token);
      expect(plain.body.cart.items).toHaveLength(3);
      const blankFields = await http.post(
        '/cart',
        { productId: label._id, quantity: 1, customization: { comments: '', uploadedFiles: [] } },
        token,
      );
      expect(blankFields.body.cart.items).toHaveLength(3);
      expect(blankFields.body.cart.items[2]).toMatchObject({ quantity: 2, customization: {} });
      expect(blankFields.body.cart.itemCount).toBe(20);
    });

    it("refuses more than the stock with 'Only N units of ... left in stock', counting what the line already holds", async () => {
      const roll = await product({ name: 'Label Roll', category: 'Labels', price: 80, stock: 5 });
      const token = newCustomer().token;
      const over = await http.post('/cart', { productId: roll._id, quantity: 6 }, token);
      expect(over.status).toBe(400);
      expect(over.body.message).toBe('Only 5 units of Label Roll left in stock');
      await http.post('/cart', { productId: roll._id, quantity: 4 }, token);
      const again = await http.post('/cart', { productId: roll._id, quantity: 2 }, token);
      expect(again.status).toBe(400);
      expect(again.body.message).toBe('Only 5 units of Label Roll left in stock');
      expect((await cartOf(token)).items[0].quantity).toBe(4);
    });

    it('refuses a quantity below 1', async () => {
      const roll = await product({ name: 'Sticker Sheet', category: 'Stickers', price: 30, stock: 50 });
      const res = await http.post('/cart', { productId: roll._id, quantity: 0 }, newCustomer().token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Quantity must be a whole number of 1 or more');
    });

    it('caps special instructions and text options at 500 characters', async () => {
      const notebook = await product({
        name: 'Engraved Notebook',
        category: 'Stationery',
        price: 300,
        stock: 20,
      });
      const token = newCustomer().token;
      const comments = await http.post(
        '/cart',
        { productId: notebook._id, customization: { comments: 'x'.repeat(501) } },
        token,
      );
      expect(comments.status).toBe(400);
      expect(comments.body.message).toBe('Special instructions must be at most 500 characters');
      const text = await http.post(
        '/cart',
        {
          productId: notebook._id,
          customization: { dynamicCustomizations: { engraving: { value: 'y'.repeat(501) } } },
        },
        token,
      );
      expect(text.status).toBe(400);
      expect(text.body.message).toBe('Text options must be at most 500 characters');
      const atCap = await http.post(
        '/cart',
        {
          productId: notebook._id,
          customization: { comments: 'x'.repeat(500), dynamicCustomizations: { engraving: 'y'.repeat(500) } },
        },
        token,
      );
      expect(atCap.status).toBe(200);
    });
  });

  describe('PUT /cart/{itemId} and DELETE /cart/{itemId}', () => {
    let token: string;
    let lineId: string;
    let otherLineId: string;
    let stickers: ProductView;

    beforeAll(async () => {
      stickers = await product({ name: 'Die-cut Stickers', category: 'Stickers', price: 5, stock: 100 });
      const badge = await product({ name: 'Pin Badge', category: 'Gifts', price: 40, stock: 100 });
      token = newCustomer().token;
      await http.post('/cart', { productId: stickers._id, quantity: 10 }, token);
      const cart = (await http.post('/cart', { productId: badge._id, quantity: 1 }, token)).body
        .cart as CartView;
      [lineId, otherLineId] = cart.items.map((i) => i._id);
    });

    it('sets the quantity of a line', async () => {
      const res = await http.put(`/cart/${lineId}`, { quantity: 30 }, token);
      expect(res.status).toBe(200);
      expect(res.body.cart.items[0]).toMatchObject({ _id: lineId, quantity: 30, linePrice: 150 });
    });

    it('refuses a quantity above the stock', async () => {
      const res = await http.put(`/cart/${lineId}`, { quantity: 101 }, token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Only 100 units of Die-cut Stickers left in stock');
    });

    it("refuses a quantity that is not a whole number with 'Quantity must be a whole number'", async () => {
      const res = await http.put(`/cart/${lineId}`, { quantity: 'lots' }, token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Quantity must be a whole number');
    });

    it("answers 404 'Cart item not found' for another customer's line or an unknown one", async () => {
      const stranger = newCustomer().token;
      for (const res of [
        await http.put(`/cart/${lineId}`, { quantity: 1 }, stranger),
        await http.delete(`/cart/${lineId}`, stranger),
        await http.put(`/cart/${randomUUID()}`, { quantity: 1 }, token),
        await http.put('/cart/not-a-line', { quantity: 1 }, token),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Cart item not found');
      }
      expect((await cartOf(token)).items[0].quantity).toBe(30);
    });

    it('removes a line whose quantity is set to zero or below', async () => {
      const zero = await http.put(`/cart/${lineId}`, { quantity: 0 }, token);
      expect(zero.status).toBe(200);
      expect(zero.body.cart.items.map((i: { _id: string }) => i._id)).toEqual([otherLineId]);
      const again = (await http.post('/cart', { productId: stickers._id, quantity: 2 }, token)).body
        .cart as CartView;
      const negative = await http.put(`/cart/${again.items[1]._id}`, { quantity: -3 }, token);
      expect(negative.body.cart.items.map((i: { _id: string }) => i._id)).toEqual([otherLineId]);
    });

    it('DELETE removes one line and answers the cart', async () => {
      const res = await http.delete(`/cart/${otherLineId}`, token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        cart: { items: [], subtotal: 0, itemCount: 0, bulkOrder: false, shipping: 0, total: 0 },
      });
      expect((await http.delete(`/cart/${otherLineId}`, token)).status).toBe(404);
    });
  });

  describe('DELETE /cart', () => {
    it('clears the cart and publishes cart.cleared', async () => {
      const frame = await product({ name: 'Photo Frame', category: 'Gifts', price: 450, stock: 9 });
      const { token, userId } = newCustomer();
      await http.post('/cart', { productId: frame._id, quantity: 2 }, token);
      const events = await listenFor<CartClearedEvent>(backend.namespace, EVENTS.cartCleared);
      try {
        const res = await http.delete('/cart', token);
        expect(res.status).toBe(200);
        expect(res.body.cart.items).toEqual([]);
        const event = await events.next((e) => e.data.userId === userId);
        expect(event.data).toMatchObject({ userId, reason: 'customer', orderId: null, lineCount: 1 });
      } finally {
        await events.close();
      }
    });
  });

  describe('prices, availability and totals from the projection of the catalog', () => {
    it('shows a price change made in the catalog in a cart that already holds the product', async () => {
      const bottle = await product({ name: 'Steel Bottle', category: 'Drinkware', price: 500, stock: 30 });
      const token = newCustomer().token;
      await http.post('/cart', { productId: bottle._id, quantity: 3 }, token);
      expect((await cartOf(token)).items[0]).toMatchObject({ unitPrice: 500, linePrice: 1500 });

      const patched = await http.patch(`/admin2009/products/${bottle._id}`, { price: 420 }, admin);
      expect(patched.status).toBe(200);
      const cart = await eventually(
        () => cartOf(token),
        (c) => c.items[0].unitPrice === 420,
      );
      expect(cart.items[0]).toMatchObject({ unitPrice: 420, linePrice: 1260, product: { price: 420 } });
      expect(cart).toMatchObject({ subtotal: 1260, shipping: 0, total: 1260 });
    });

    it("prices a line's options with the catalog's pricing function, and follows a change of a modifier", async () => {
      const size = (
        await http.post(
          '/customizations',
          {
            name: 'Size',
            type: 'select',
            options: [
              { value: 'A5', priceModifier: { operator: '-', value: 20 } },
              { value: 'A4', priceModifier: { operator: '+', value: 40 } },
            ],
          },
          admin,
        )
      ).body.customization;
      const gift = (
        await http.post(
          '/customizations',
          { name: 'Gift wrap', type: 'boolean', priceModifier: { operator: '+', value: 30 } },
          admin,
        )
      ).body.customization;
      const diary = await product({
        name: 'Leather Diary',
        brand: 'jaksh',
        category: 'Stationery',
        price: 300,
        stock: 25,
        customizations: [
          { optionId: size._id, enabled: true },
          { optionId: gift._id, enabled: true },
        ],
      });
      const token = newCustomer().token;
      const res = await http.post(
        '/cart',
        {
          productId: diary._id,
          quantity: 2,
          customization: { dynamicCustomizations: { [size._id]: 'A4', [gift._id]: { value: true } } },
        },
        token,
      );
      expect(res.body.cart.items[0]).toMatchObject({ unitPrice: 370, linePrice: 740 });
      expect(
        res.body.cart.items[0].product.customizations.map(
          (o: { optionId: { name: string } }) => o.optionId.name,
        ),
      ).toEqual(['Size', 'Gift wrap']);

      await http.put(
        `/customizations/${gift._id}`,
        { name: 'Gift wrap', type: 'boolean', priceModifier: { operator: '+', value: 50 } },
        admin,
      );
      const cart = await eventually(
        () => cartOf(token),
        (c) => c.items[0].unitPrice !== 370,
      );
      expect(cart.items[0]).toMatchObject({ unitPrice: 390, linePrice: 780 });
    });

    it('keeps the line of a deleted product and says it is no longer available, outside the totals', async () => {
      const cap = await product({ name: 'Printed Cap', category: 'Gifts', price: 350, stock: 12 });
      const tote = await product({ name: 'Canvas Tote', category: 'Gifts', price: 200, stock: 12 });
      const token = newCustomer().token;
      await http.post('/cart', { productId: cap._id, quantity: 1 }, token);
      await http.post('/cart', { productId: tote._id, quantity: 2 }, token);
      expect((await http.delete(`/admin2009/products/${cap._id}`, admin)).status).toBe(200);
      await untilProjected(backend, cap._id, (row) => row?.deleted === true);

      const cart = await cartOf(token);
      expect(cart.items).toHaveLength(2);
      expect(cart.items[0]).toMatchObject({
        productId: cap._id,
        available: false,
        unavailableReason: 'Printed Cap is no longer available',
        product: { name: 'Printed Cap', stock: 0 },
      });
      expect(cart).toMatchObject({ subtotal: 400, itemCount: 3, total: 499 });
      const add = await http.post('/cart', { productId: cap._id, quantity: 1 }, token);
      expect(add.status).toBe(404);
      expect(add.body.message).toBe('Printed Cap is no longer available');
      expect((await http.delete(`/cart/${cart.items[0]._id}`, token)).body.cart.items).toHaveLength(1);
    });

    it('keeps the line of a product that went out of stock and says so', async () => {
      const lanyard = await product({ name: 'Event Lanyard', category: 'Lanyards', price: 60, stock: 8 });
      const token = newCustomer().token;
      await http.post('/cart', { productId: lanyard._id, quantity: 6 }, token);
      await http.patch(`/admin2009/products/${lanyard._id}`, { stock: 4 }, admin);
      await untilProjected(backend, lanyard._id, (row) => row?.stock === 4);
      expect((await cartOf(token)).items[0]).toMatchObject({
        available: false,
        unavailableReason: 'Only 4 units of Event Lanyard left in stock',
      });

      await http.patch(`/admin2009/products/${lanyard._id}`, { stock: 0 }, admin);
      await untilProjected(backend, lanyard._id, (row) => row?.stock === 0);
      const cart = await cartOf(token);
      expect(cart.items[0]).toMatchObject({
        quantity: 6,
        available: false,
        unavailableReason: 'Event Lanyard is out of stock',
      });
      expect(cart).toMatchObject({ subtotal: 0, itemCount: 6, shipping: 0, total: 0 });
    });

    it('ships free over 1000 and charges 99 up to it', async () => {
      const box = await product({ name: 'Gift Box', category: 'Gifts', price: 500, stock: 10 });
      const token = newCustomer().token;
      const two = (await http.post('/cart', { productId: box._id, quantity: 2 }, token)).body.cart;
      expect(two).toMatchObject({ subtotal: 1000, shipping: 99, total: 1099 });
      const three = (await http.post('/cart', { productId: box._id, quantity: 1 }, token)).body.cart;
      expect(three).toMatchObject({ subtotal: 1500, shipping: 0, total: 1500 });
    });

    it('reports a bulk order for a line of 50, or for 50 units across lines', async () => {
      const tag = await product({ name: 'Name Tag', category: 'Labels', price: 2, stock: 1000 });
      const token = newCustomer().token;
      expect(
        (await http.post('/cart', { productId: tag._id, quantity: 49 }, token)).body.cart.bulkOrder,
      ).toBe(false);
      expect(
        (await http.post('/cart', { productId: tag._id, quantity: 1, customization: { size: 'S' } }, token))
          .body.cart,
      ).toMatchObject({ bulkOrder: true, itemCount: 50 });
      const other = newCustomer().token;
      expect(
        (await http.post('/cart', { productId: tag._id, quantity: 50 }, other)).body.cart.bulkOrder,
      ).toBe(true);
    });
  });

  describe('POST /cart/merge', () => {
    it('merges a guest cart with overlapping lines in one call, adding quantities and losing nothing', async () => {
      const pen = await product({ name: 'Gel Pen', category: 'Stationery', price: 20, stock: 100 });
      const card = await product({
        name: 'Greeting Card',
        brand: 'jaksh',
        category: 'Stationery',
        price: 75,
        stock: 5,
      });
      const retired = await product({
        name: 'Retired Planner',
        category: 'Stationery',
        price: 150,
        stock: 10,
      });
      await http.delete(`/admin2009/products/${retired._id}`, admin);
      await untilProjected(backend, retired._id, (row) => row?.deleted === true);
      const token = newCustomer().token;
      await http.post(
        '/cart',
        { productId: pen._id, quantity: 3, customization: { size: 'M', comments: 'Blue ink' } },
        token,
      );

      const unknown = randomUUID();
      const guestCart = [
        {
          _id: 'local-1',
          productId: pen._id,
          product: { _id: pen._id, name: 'Gel Pen' },
          quantity: 2,
          customization: { comments: 'Blue ink', size: 'M' },
        },
        {
          _id: 'local-2',
          product: { _id: pen._id, name: 'Gel Pen' },
          quantity: 1,
          customization: { size: 'L' },
        },
        { _id: 'local-3', productId: card._id, quantity: 4, customization: {} },
        { _id: 'local-4', productId: { _id: card._id }, quantity: 3 },
        { _id: 'local-5', productId: unknown, quantity: 1 },
        { _id: 'local-6', productId: retired._id, quantity: 2 },
      ];
      const res = await http.post('/cart/merge', { items: guestCart }, token);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.skipped).toEqual([
        { productId: unknown, reason: 'The requested product could not be found.' },
      ]);
      const lines = (res.body.cart as CartView).items.map((i) => ({
        name: i.product.name,
        quantity: i.quantity,
        customization: i.customization,
        available: i.available,
      }));
      expect(lines).toEqual([
        { name: 'Gel Pen', quantity: 5, customization: { size: 'M', comments: 'Blue ink' }, available: true },
        { name: 'Gel Pen', quantity: 1, customization: { size: 'L' }, available: true },
        { name: 'Greeting Card', quantity: 7, customization: {}, available: false },
        { name: 'Retired Planner', quantity: 2, customization: {}, available: false },
      ]);
      expect(res.body.cart.items[2].unavailableReason).toBe('Only 5 units of Greeting Card left in stock');
      expect(res.body.cart.items[3].unavailableReason).toBe('Retired Planner is no longer available');
      expect(res.body.cart).toMatchObject({ itemCount: 15, subtotal: 120, shipping: 99, total: 219 });
      expect(await cartOf(token)).toEqual(res.body.cart);
    });

    it('refuses a guest line without a product id, merging nothing', async () => {
      const pen = await product({ name: 'Pencil', category: 'Stationery', price: 10, stock: 100 });
      const token = newCustomer().token;
      const res = await http.post(
        '/cart/merge',
        {
          items: [
            { productId: pen._id, quantity: 1 },
            { product: { name: 'Nameless' }, quantity: 1 },
          ],
        },
        token,
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid product');
      expect((await cartOf(token)).items).toEqual([]);
    });

    it('answers the server cart as it is when the guest cart is empty', async () => {
      const res = await http.post('/cart/merge', { items: [] }, newCustomer().token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, skipped: [], cart: { items: [] } });
    });
  });

  describe('events the cart follows', () => {
    it("clears its owner's cart when their order is paid, and publishes cart.cleared", async () => {
      const mug = await product({ name: 'Travel Mug', category: 'Drinkware', price: 300, stock: 10 });
      const { token, userId } = newCustomer();
      const bystander = newCustomer().token;
      await http.post('/cart', { productId: mug._id, quantity: 2 }, token);
      await http.post('/cart', { productId: mug._id, quantity: 1 }, bystander);
      const events = await listenFor<CartClearedEvent>(backend.namespace, EVENTS.cartCleared);
      try {
        const orderId = randomUUID();
        const paid: OrderPaidEvent = {
          orderId,
          userId,
          totalPaise: 70_800,
          lines: [{ productId: mug._id, quantity: 2, unitPricePaise: 30_000, name: 'Travel Mug' }],
          paymentId: `pay_${orderId.slice(0, 8)}`,
          paidAt: new Date().toISOString(),
        };
        await publishEvent(backend.namespace, EVENTS.orderPaid, paid);
        const event = await events.next((e) => e.data.orderId === orderId);
        expect(event.data).toMatchObject({ userId, reason: 'order-paid', orderId, lineCount: 1 });
        expect((await cartOf(token)).items).toEqual([]);
        expect((await cartOf(bystander)).items).toHaveLength(1);
      } finally {
        await events.close();
      }
    });

    it('ignores a product event older than the version it holds, so a late copy never undoes a newer price', async () => {
      const productId = randomUUID();
      const event = (version: number, price: number): ProductUpsertedEvent => ({
        productId,
        version,
        name: `Desk Calendar v${version}`,
        brand: 'ms',
        category: 'Stationery',
        pricePaise: toPaise(price),
        image: null,
        stock: 100,
        isCustomizable: false,
        allowsImageUpload: false,
        availableSizes: [],
        customizationOptions: [],
        deleted: false,
        updatedAt: new Date().toISOString(),
      });
      await deliverToCart(backend, EVENTS.productUpserted, event(3, 300));
      const token = newCustomer().token;
      expect((await http.post('/cart', { productId, quantity: 1 }, token)).body.cart.items[0]).toMatchObject({
        unitPrice: 300,
        product: { name: 'Desk Calendar v3' },
      });
      await deliverToCart(backend, EVENTS.productUpserted, event(2, 200));
      expect((await cartOf(token)).items[0]).toMatchObject({
        unitPrice: 300,
        product: { name: 'Desk Calendar v3' },
      });
      await deliverToCart(backend, EVENTS.productUpserted, event(4, 400));
      expect((await cartOf(token)).items[0]).toMatchObject({
        unitPrice: 400,
        product: { name: 'Desk Calendar v4' },
      });
    });

    it('ships by the settings the back office saved (settings.updated)', async () => {
      const candle = await product({ name: 'Scented Candle', category: 'Gifts', price: 400, stock: 10 });
      const token = newCustomer().token;
      expect(
        (await http.post('/cart', { productId: candle._id, quantity: 2 }, token)).body.cart,
      ).toMatchObject({ subtotal: 800, shipping: 99 });
      const settings: SettingsUpdatedEvent = {
        ...SEEDED_SETTINGS,
        freeShippingThreshold: 500,
        standardShippingCost: 49,
      };
      await publishEvent(backend.namespace, EVENTS.settingsUpdated, settings);
      expect(
        await eventually(
          () => cartOf(token),
          (c) => c.shipping === 0,
        ),
      ).toMatchObject({ subtotal: 800, shipping: 0, total: 800 });
      const small = newCustomer().token;
      expect(
        (await http.post('/cart', { productId: candle._id, quantity: 1 }, small)).body.cart,
      ).toMatchObject({ subtotal: 400, shipping: 49, total: 449 });
    });
  });
});
