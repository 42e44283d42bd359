import { RpcClient } from '@shop/kit';
import { AdminProductView, CATALOG_MESSAGES, HSN_BY_CATEGORY, PriceQuoteReply, RPC } from '@shop/proto';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken, productPayload } from './catalog-support';

jest.setTimeout(60_000);

/**
 * A product's HSN code from the back office's product form: its own, or its category's default,
 * as the admin views show it and as the price quote (which checkout stores on each order line for
 * the tax invoice) carries it.
 */
describe('catalog: HSN codes of products', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  let rpc: RpcClient;
  const admin = adminToken();

  const quotedCode = async (productId: string) =>
    (await rpc.call<PriceQuoteReply>(RPC.catalog.priceQuote, { lines: [{ productId, quantity: 1 }] }))
      .lines[0].hsnCode;
  const listed = async (productId: string) =>
    ((await http.get('/admin2009/products', admin)).body.products as AdminProductView[]).find(
      (p) => p._id === productId,
    );

  beforeAll(async () => {
    backend = await startBackend({ services: ['catalog'] });
    http = api(backend.url);
    rpc = new RpcClient({
      AMQP_URL: backend.env.AMQP_URL,
      BUS_NAMESPACE: backend.namespace,
      RPC_TIMEOUT_MS: 15_000,
    });
  });

  afterAll(async () => {
    await rpc?.onApplicationShutdown();
    await backend?.stop();
  });

  it('keeps the code staff set, shows it in the back office and quotes it, then falls back to the category’s when cleared', async () => {
    const created = await http.post(
      '/admin2009/products',
      productPayload({ name: 'Kraft Roll Labels', category: 'Labels', hsnCode: '48211020' }),
      admin,
    );
    expect(created.status).toBe(201);
    expect(created.body.product).toMatchObject({ hsnCode: '48211020', effectiveHsnCode: '48211020' });
    const id = created.body._id as string;
    expect(await listed(id)).toMatchObject({ hsnCode: '48211020', effectiveHsnCode: '48211020' });
    expect(await quotedCode(id)).toBe('48211020');

    const cleared = await http.patch(`/admin2009/products/${id}`, { hsnCode: '' }, admin);
    expect(cleared.status).toBe(200);
    expect(cleared.body.product).toMatchObject({ hsnCode: null, effectiveHsnCode: HSN_BY_CATEGORY.Labels });
    expect(await listed(id)).toMatchObject({ hsnCode: null, effectiveHsnCode: '4821' });
    expect(await quotedCode(id)).toBe('4821');
  });

  it('gives a product without a code its category’s default, following a change of category', async () => {
    const created = await http.post('/admin2009/products', productPayload({ name: 'Event Lanyard' }), admin);
    const id = created.body._id as string;
    expect(created.body.product).toMatchObject({ hsnCode: null, effectiveHsnCode: '6307' });
    expect(await quotedCode(id)).toBe('6307');

    await http.patch(`/admin2009/products/${id}`, { category: 'Drinkware' }, admin);
    expect(await listed(id)).toMatchObject({ hsnCode: null, effectiveHsnCode: '6912' });
    expect(await quotedCode(id)).toBe('6912');

    await http.patch(`/admin2009/products/${id}`, { category: 'Posters' }, admin);
    expect(await quotedCode(id)).toBe('4911');
  });

  it("refuses a code that is not 4, 6 or 8 digits with 'HSN code must be 4, 6 or 8 digits', keeping the one saved", async () => {
    const created = await http.post(
      '/admin2009/products',
      productPayload({ name: 'Sticker Sheet', category: 'Stickers', hsnCode: '4821' }),
      admin,
    );
    const id = created.body._id as string;
    for (const hsnCode of ['48211', 'ABCD', '4821-10']) {
      const res = await http.patch(`/admin2009/products/${id}`, { hsnCode }, admin);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        message: CATALOG_MESSAGES.hsnCode,
        errors: [{ field: 'hsnCode', message: CATALOG_MESSAGES.hsnCode }],
      });
    }
    const refusedCreate = await http.post(
      '/admin2009/products',
      productPayload({ name: 'Another Sheet', hsnCode: '123' }),
      admin,
    );
    expect(refusedCreate.status).toBe(400);
    expect(refusedCreate.body.message).toBe(CATALOG_MESSAGES.hsnCode);
    expect(await listed(id)).toMatchObject({ hsnCode: '4821' });
    expect(await quotedCode(id)).toBe('4821');
  });

  it('keeps the code when a save leaves it out, and when a deleted product is restored with it', async () => {
    const created = await http.post(
      '/admin2009/products',
      productPayload({ name: 'Desk Diary', category: 'Stationery', hsnCode: '482010' }),
      admin,
    );
    const id = created.body._id as string;
    await http.patch(`/admin2009/products/${id}`, { price: 210 }, admin);
    expect(await quotedCode(id)).toBe('482010');

    await http.delete(`/admin2009/products/${id}`, admin);
    const restored = await http.post(
      '/admin2009/products',
      productPayload({ _id: id, name: 'Desk Diary', category: 'Stationery', hsnCode: '482010' }),
      admin,
    );
    expect(restored.status).toBe(201);
    expect(restored.body.product).toMatchObject({ hsnCode: '482010', effectiveHsnCode: '482010' });
  });
});
