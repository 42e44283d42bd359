import { randomUUID } from 'node:crypto';
import { priceLine, pricingOptionsOf, ProductView, toPaise } from '@shop/proto';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken, customerToken, productPayload } from './catalog-support';

jest.setTimeout(60_000);

const NOT_FOUND = 'The requested product could not be found.';

describe('catalog: products, the customization library and the admin product routes', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  const admin = adminToken();
  const customer = customerToken();

  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await http.post('/admin2009/products', productPayload(overrides), admin);
    expect(res.status).toBe(201);
    return res.body.product as ProductView;
  };

  beforeAll(async () => {
    backend = await startBackend({ services: ['catalog'], env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    http = api(backend.url);
  });
  afterAll(() => backend?.stop());

  describe('POST /admin2009/products', () => {
    it('creates a product from the back-office form, converting price and stock to numbers', async () => {
      const res = await http.post(
        '/admin2009/products',
        productPayload({ sku: 'LAN-001', lowStockThreshold: '3', weight: 25 }),
        admin,
      );
      expect(res.status).toBe(201);
      expect(res.body.success).toBe(true);
      expect(res.body._id).toBe(res.body.product._id);
      expect(res.body.product).toMatchObject({
        name: 'Custom Printed Lanyard',
        brand: 'ms',
        category: 'Lanyards',
        price: 149.5,
        stock: 120,
        sku: 'LAN-001',
        weight: 25,
        lowStockThreshold: 3,
        rating: 0,
        averageRating: 0,
        totalReviews: 0,
        reviewCount: 0,
        tags: ['lanyard', 'corporate'],
        images: [],
        customizationOptions: [],
        customizations: [],
        isCustomizable: false,
        isNew: false,
        isBestSeller: false,
      });
      expect(res.body.product._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(res.body.product.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    });

    it('defaults the brand to MS and a blank price and stock to 0', async () => {
      const product = await create({ brand: '', price: '', stock: '' });
      expect(product).toMatchObject({ brand: 'ms', price: 0, stock: 0 });
    });

    it.each([
      ['name', { name: '  ' }, 'Product name is required'],
      ['category', { category: undefined }, 'Category is required'],
      ['description', { description: '' }, 'Description is required'],
      ['brand', { brand: 'acme' }, "Brand must be either 'ms' or 'jaksh'"],
      ['price', { price: 'twelve' }, 'Price must be a number of 0 or more'],
      ['stock', { stock: -1 }, 'Stock must be a whole number of 0 or more'],
      ['lowStockThreshold', { lowStockThreshold: 11 }, 'Low stock threshold must be between 1 and 10'],
      ['lowStockThreshold', { lowStockThreshold: 0 }, 'Low stock threshold must be between 1 and 10'],
    ])('refuses a bad %s with %p', async (_field, overrides, message) => {
      const res = await http.post('/admin2009/products', productPayload(overrides), admin);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, status: 400, message });
      expect(res.body.errors[0].message).toBe(message);
    });

    it('refuses a second product with the same SKU', async () => {
      await create({ sku: 'DUP-1' });
      const res = await http.post('/admin2009/products', productPayload({ sku: 'DUP-1' }), admin);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('A product with this SKU already exists');
    });
  });

  describe('admin routes refuse anyone but staff', () => {
    const id = randomUUID();
    // Every row has a body slot: jest would pass its done callback in a missing one.
    const routes: [string, string, unknown][] = [
      ['GET', '/admin2009/products', undefined],
      ['POST', '/admin2009/products', productPayload()],
      ['PATCH', `/admin2009/products/${id}`, { price: 1 }],
      ['DELETE', `/admin2009/products/${id}`, undefined],
      ['POST', '/customizations', { name: 'Gift wrap', type: 'boolean' }],
      ['PUT', `/customizations/${id}`, { name: 'Gift wrap', type: 'boolean' }],
      ['POST', '/admin/upload-images', {}],
      ['DELETE', '/admin/delete-images', { imageUrls: ['/uploads/products/x.png'] }],
      ['DELETE', `/reviews/${id}`, undefined],
      ['POST', '/reviews/admin', { productId: id }],
    ];

    it.each(routes)('%s %s refuses a customer token with 401', async (method, path, body) => {
      const res = await http.request(method, path, { body, token: customer });
      expect(res.status).toBe(401);
      expect(res.body.success).toBe(false);
    });

    it.each(routes)('%s %s refuses a request without a token with 401', async (method, path, body) => {
      const res = await http.request(method, path, { body });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Authentication required');
    });
  });

  describe('GET /products/{id}', () => {
    it('answers the product with every field of the spec', async () => {
      const created = await create({
        name: 'Leather Diary A5',
        brand: 'jaksh',
        category: 'Stationery',
        originalPrice: 799,
        dimensions: { length: 21, width: 14.8, height: 2 },
        availableSizes: ['A5', 'A4'],
        turnaroundTime: '3-5 business days',
        isNew: true,
        isBestSeller: true,
      });
      const res = await http.get(`/products/${created._id}`);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      const keys = [
        '_id',
        'name',
        'description',
        'category',
        'brand',
        'price',
        'originalPrice',
        'images',
        'rating',
        'averageRating',
        'totalReviews',
        'reviewCount',
        'stock',
        'sku',
        'weight',
        'dimensions',
        'tags',
        'createdAt',
        'isNew',
        'isBestSeller',
        'isCustomizable',
        'customizationOptions',
        'customizations',
        'allowsImageUpload',
        'availableSizes',
        'turnaroundTime',
        'lowStockThreshold',
      ];
      for (const key of keys) expect(res.body.product).toHaveProperty(key);
      expect(res.body.product).toMatchObject({
        brand: 'jaksh',
        originalPrice: 799,
        dimensions: { length: 21, width: 14.8, height: 2 },
        availableSizes: ['A5', 'A4'],
        isCustomizable: true,
      });
    });

    it("answers an unknown id with 404 'The requested product could not be found.'", async () => {
      const res = await http.get(`/products/${randomUUID()}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, status: 404, message: NOT_FOUND, errors: [] });
    });

    it('answers a malformed id with 400 and the same text, shown under Product Not Found', async () => {
      const res = await http.get('/products/not-a-product');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(NOT_FOUND);
    });
  });

  describe('PATCH and DELETE /admin2009/products/{id}', () => {
    it('updates the fields sent and leaves the others', async () => {
      const product = await create({ name: 'Vinyl Stickers', category: 'Stickers', price: 99 });
      const res = await http.patch(
        `/admin2009/products/${product._id}`,
        { price: '120', stock: 7, tags: ['vinyl'] },
        admin,
      );
      expect(res.status).toBe(200);
      expect(res.body.product).toMatchObject({
        name: 'Vinyl Stickers',
        price: 120,
        stock: 7,
        tags: ['vinyl'],
      });
      expect((await http.get(`/products/${product._id}`)).body.product.price).toBe(120);
    });

    it('checks patched fields as on create', async () => {
      const product = await create();
      const res = await http.patch(
        `/admin2009/products/${product._id}`,
        { name: '', lowStockThreshold: 12 },
        admin,
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Product name is required');
      expect(res.body.errors.map((e: { message: string }) => e.message)).toContain(
        'Low stock threshold must be between 1 and 10',
      );
    });

    it('answers 404 for an unknown product and 400 for a malformed id', async () => {
      expect((await http.patch(`/admin2009/products/${randomUUID()}`, { price: 1 }, admin)).status).toBe(404);
      const malformed = await http.patch('/admin2009/products/xyz', { price: 1 }, admin);
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe('Invalid product ID');
      expect((await http.delete(`/admin2009/products/${randomUUID()}`, admin)).status).toBe(404);
    });

    it('deletes a product so the shop no longer shows it, and restores it when the same payload is posted again', async () => {
      const product = await create({ name: 'Undo Me Mug', category: 'Drinkware' });
      const deleted = await http.delete(`/admin2009/products/${product._id}`, admin);
      expect(deleted.status).toBe(200);
      expect(deleted.body.success).toBe(true);
      expect((await http.get(`/products/${product._id}`)).status).toBe(404);
      expect(
        (await http.get('/admin2009/products', admin)).body.products.map((p: ProductView) => p._id),
      ).not.toContain(product._id);
      expect((await http.delete(`/admin2009/products/${product._id}`, admin)).status).toBe(404);

      const restored = await http.post(
        '/admin2009/products',
        { ...productPayload({ name: 'Undo Me Mug', category: 'Drinkware' }), _id: product._id },
        admin,
      );
      expect(restored.status).toBe(201);
      expect(restored.body.product._id).toBe(product._id);
      expect((await http.get(`/products/${product._id}`)).body.product.name).toBe('Undo Me Mug');
    });

    it('refuses to post an _id that belongs to a live product', async () => {
      const product = await create();
      const res = await http.post('/admin2009/products', { ...productPayload(), _id: product._id }, admin);
      expect(res.status).toBe(409);
    });
  });

  describe('GET /admin2009/products', () => {
    it('lists live products with the summary cards of the products screen', async () => {
      await create({ name: 'Out Of Stock Tumbler', category: 'Drinkware', brand: 'jaksh', stock: 0 });
      await create({ name: 'Low Stock Labels', category: 'Labels', stock: 4 });
      const res = await http.get('/admin2009/products', admin);
      expect(res.status).toBe(200);
      const products: (ProductView & { reservedStock: number })[] = res.body.products;
      expect(res.body.total).toBe(products.length);
      expect(res.body.summary.total).toBe(products.length);
      expect(res.body.summary.ms + res.body.summary.jaksh).toBe(products.length);
      expect(res.body.summary.outOfStock).toBe(products.filter((p) => p.stock === 0).length);
      expect(res.body.summary.lowStock).toBe(products.filter((p) => p.stock >= 1 && p.stock <= 10).length);
      expect(products[0]).toHaveProperty('reservedStock', 0);
    });
  });

  describe('GET /products', () => {
    const names: string[] = [];
    let jakshMugs: ProductView[];

    beforeAll(async () => {
      // A known set in a category of its own, so other tests' products do not disturb the counts.
      for (let i = 0; i < 30; i++) {
        const brand = i % 3 === 0 ? 'jaksh' : 'ms';
        const name = `Paper Cup ${String(i).padStart(2, '0')}`;
        names.push(name);
        await create({ name, brand, category: 'Cups', price: 10 + i });
      }
      jakshMugs = [await create({ name: 'Zen Mug', brand: 'jaksh', category: 'Cups', price: 500 })];
      names.push('Zen Mug');
    });

    it('answers 24 products sorted by name by default, with total, page and hasMore', async () => {
      const res = await http.get('/products?category=Cups');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, total: 31, page: 1, limit: 24, hasMore: true });
      expect(res.body.products.map((p: ProductView) => p.name)).toEqual([...names].sort().slice(0, 24));
    });

    it('pages by page number and by cursor without repeating or skipping products', async () => {
      const page2 = await http.get('/products?category=Cups&page=2');
      expect(page2.body.products.map((p: ProductView) => p.name)).toEqual([...names].sort().slice(24));
      expect(page2.body.hasMore).toBe(false);

      const first = await http.get('/products?category=Cups&limit=10&sort=price-desc');
      const seen = first.body.products.map((p: ProductView) => p._id);
      let cursor = first.body.nextCursor;
      while (cursor) {
        const next = await http.get(`/products?category=Cups&limit=10&sort=price-desc&cursor=${cursor}`);
        seen.push(...next.body.products.map((p: ProductView) => p._id));
        cursor = next.body.nextCursor;
      }
      expect(seen).toHaveLength(31);
      expect(new Set(seen).size).toBe(31);
    });

    it('filters by brand, category (any case) and price range in rupees', async () => {
      const res = await http.get('/products?category=cups&brand=jaksh&minPrice=20&maxPrice=500');
      expect(res.body.products.map((p: ProductView) => p.name)).toEqual([
        'Paper Cup 12',
        'Paper Cup 15',
        'Paper Cup 18',
        'Paper Cup 21',
        'Paper Cup 24',
        'Paper Cup 27',
        'Zen Mug',
      ]);
      expect(
        res.body.products.every((p: ProductView) => p.brand === 'jaksh' && p.price >= 20 && p.price <= 500),
      ).toBe(true);
      expect((await http.get('/products?category=Cups&brand=all')).body.total).toBe(31);
    });

    it.each([
      ['name-asc', (a: ProductView, b: ProductView) => a.name.localeCompare(b.name)],
      ['name-desc', (a: ProductView, b: ProductView) => b.name.localeCompare(a.name)],
      ['price-asc', (a: ProductView, b: ProductView) => a.price - b.price],
      ['price-desc', (a: ProductView, b: ProductView) => b.price - a.price],
      ['newest', (a: ProductView, b: ProductView) => b.createdAt.localeCompare(a.createdAt)],
    ])('sorts by %s', async (sort, compare) => {
      const res = await http.get(`/products?category=Cups&limit=100&sort=${sort}`);
      // Cards carry no dates: the product pages tell when each was added.
      const products: ProductView[] = await Promise.all(
        res.body.products.map(async (p: ProductView) => (await http.get(`/products/${p._id}`)).body.product),
      );
      expect(products).toHaveLength(31);
      expect([...products].sort(compare).map((p) => p._id)).toEqual(products.map((p) => p._id));
    });

    it('puts the newest product first under the newest sort', async () => {
      const res = await http.get('/products?category=Cups&sort=newest&limit=1');
      expect(res.body.products[0]._id).toBe(jakshMugs[0]._id);
    });

    it('refuses an unknown sort and caps the limit at 100', async () => {
      const bad = await http.get('/products?sort=popular');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Sort must be one of name-asc, name-desc, price-asc, price-desc, newest');
      expect((await http.get('/products?limit=500')).body.limit).toBe(100);
      expect((await http.get('/products?cursor=garbage')).body.message).toBe('Invalid cursor');
    });

    it('filters by a minimum rating, 0 by default', async () => {
      expect((await http.get('/products?category=Cups&minRating=0')).body.total).toBe(31);
      expect((await http.get('/products?category=Cups&minRating=1')).body.total).toBe(0);
    });

    it('shows a back-office change at once, even in a list and a search just read', async () => {
      const product = await create({ name: 'Fresh Price Cup', category: 'Fresh', price: 100 });
      expect((await http.get('/products?category=Fresh')).body.products[0].price).toBe(100);
      expect((await http.get('/products/search?q=fresh')).body.products[0].price).toBe(100);
      await http.patch(`/admin2009/products/${product._id}`, { price: 120 }, admin);
      expect((await http.get('/products?category=Fresh')).body.products[0].price).toBe(120);
      expect((await http.get('/products/search?q=fresh')).body.products[0].price).toBe(120);
      await http.delete(`/admin2009/products/${product._id}`, admin);
      expect((await http.get('/products?category=Fresh')).body.products).toEqual([]);
    });

    it('narrows the list by the products page search box', async () => {
      const res = await http.get('/products?category=Cups&search=zen');
      expect(res.body.products.map((p: ProductView) => p.name)).toEqual(['Zen Mug']);
    });
  });

  describe('GET /products/{id}/similar', () => {
    it('answers up to 8 products of the same category first, never the product itself', async () => {
      const target = await create({ name: 'Gel Pen Set', category: 'Pens', brand: 'jaksh' });
      for (const name of ['Ball Pen', 'Fountain Pen'])
        await create({ name, category: 'Pens', brand: 'jaksh' });
      const res = await http.get(`/products/${target._id}/similar?limit=8`);
      expect(res.status).toBe(200);
      const products: ProductView[] = res.body.products;
      expect(products.length).toBe(8);
      expect(products.map((p) => p._id)).not.toContain(target._id);
      expect(
        products
          .slice(0, 2)
          .map((p) => p.name)
          .sort(),
      ).toEqual(['Ball Pen', 'Fountain Pen']);
      expect(products.slice(2).every((p) => p.brand === 'jaksh')).toBe(true);
      expect((await http.get(`/products/${randomUUID()}/similar`)).status).toBe(404);
    });
  });

  describe('the customization library', () => {
    it('creates, lists and updates definitions; anyone may read them', async () => {
      const created = await http.post(
        '/customizations',
        {
          name: 'Gift Wrap',
          type: 'boolean',
          description: 'Wrapped in kraft paper',
          isDefault: false,
          isActive: true,
          priceModifier: { type: 'fixed', operator: '+', value: '30' },
        },
        admin,
      );
      expect(created.status).toBe(201);
      expect(created.body.customization).toMatchObject({
        name: 'Gift Wrap',
        type: 'boolean',
        priceModifier: { type: 'fixed', operator: '+', value: 30 },
        options: [],
        isActive: true,
      });

      const listed = await http.get('/customizations');
      expect(listed.status).toBe(200);
      expect(listed.body.customizations.map((c: { _id: string }) => c._id)).toContain(
        created.body.customization._id,
      );

      const updated = await http.put(
        `/customizations/${created.body.customization._id}`,
        { name: 'Gift Wrap', type: 'boolean', priceModifier: { operator: '+', value: 45 } },
        admin,
      );
      expect(updated.status).toBe(200);
      expect(updated.body.customization.priceModifier.value).toBe(45);
    });

    it.each([
      [{ type: 'boolean' }, 'Customization name is required'],
      [
        { name: 'Paper', type: 'colour' },
        'Customization type must be one of boolean, select, multi-select, text, image or file',
      ],
      [{ name: 'Paper', type: 'select', options: [] }, 'Select customizations need at least one option'],
      [
        { name: 'Paper', type: 'boolean', priceModifier: { operator: '*', value: 1 } },
        "Price modifier operator must be '+' or '-'",
      ],
    ])('refuses %p with %p', async (body, message) => {
      const res = await http.post('/customizations', body, admin);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it("answers 404 'Customization not found' for an unknown definition", async () => {
      const res = await http.put(`/customizations/${randomUUID()}`, { name: 'X', type: 'boolean' }, admin);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Customization not found');
    });

    it('links options to a product with its own modifiers, and the storefront prices them with the one pricing function', async () => {
      const size = (
        await http.post(
          '/customizations',
          {
            name: 'Size',
            type: 'select',
            options: [
              { value: 'A5', priceModifier: { operator: '+', value: 0 } },
              { value: 'A4', priceModifier: { operator: '+', value: 20 } },
            ],
          },
          admin,
        )
      ).body.customization;
      const extras = (
        await http.post(
          '/customizations',
          {
            name: 'Extras',
            type: 'multi-select',
            options: [
              { value: 'Bookmark', priceModifier: { operator: '+', value: 15 } },
              { value: 'No logo', priceModifier: { operator: '-', value: 10 } },
            ],
          },
          admin,
        )
      ).body.customization;
      const engraving = (
        await http.post(
          '/customizations',
          { name: 'Name on cover', type: 'text', priceModifier: { operator: '+', value: 50 } },
          admin,
        )
      ).body.customization;

      const product = await create({
        name: 'Hardbound Notebook',
        category: 'Stationery',
        brand: 'jaksh',
        price: 300,
        customizations: [
          {
            optionId: size._id,
            enabled: true,
            options: [{ value: 'A4', priceModifier: { operator: '+', value: 40 } }],
          },
          { optionId: extras._id, enabled: true },
          { optionId: engraving._id, enabled: false },
        ],
      });
      expect(product.isCustomizable).toBe(true);
      expect(product.customizations).toEqual([
        {
          optionId: size._id,
          enabled: true,
          priceModifier: null,
          options: [{ value: 'A4', priceModifier: { type: 'fixed', operator: '+', value: 40 } }],
        },
        { optionId: extras._id, enabled: true, priceModifier: null, options: null },
        { optionId: engraving._id, enabled: false, priceModifier: null, options: null },
      ]);
      expect(product.customizationOptions.map((o) => o.optionId.name)).toEqual(['Size', 'Extras']);
      expect(product.customizationOptions[0].optionId.options).toEqual([
        { value: 'A5', priceModifier: { type: 'fixed', operator: '+', value: 0 } },
        { value: 'A4', priceModifier: { type: 'fixed', operator: '+', value: 40 } },
      ]);

      const selection = {
        dynamicCustomizations: {
          [size._id]: 'A4',
          [extras._id]: ['Bookmark', 'No logo'],
          [engraving._id]: 'Asha',
        },
      };
      expect(priceLine(toPaise(product.price), pricingOptionsOf(product), selection)).toBe(
        toPaise(300 + 40 + 15 - 10),
      );

      await http.put(
        `/customizations/${extras._id}`,
        {
          name: 'Extras',
          type: 'multi-select',
          isActive: false,
          options: [{ value: 'Bookmark', priceModifier: { operator: '+', value: 15 } }],
        },
        admin,
      );
      const after = (await http.get(`/products/${product._id}`)).body.product as ProductView;
      expect(after.customizationOptions.map((o) => o.optionId.name)).toEqual(['Size']);
    });

    it("refuses to link an option that is not in the library with 'Customization not found'", async () => {
      const res = await http.post(
        '/admin2009/products',
        productPayload({ customizations: [{ optionId: randomUUID(), enabled: true }] }),
        admin,
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Customization not found');
    });
  });
});
