import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseUrl } from '@shop/kit';
import { Client } from 'pg';
import sharp from 'sharp';
import { Backend, startBackend, TEST_ADMIN } from './backend';
import { api } from './http';
import { verifyEmail } from './verification';

/**
 * A whole shop for the browser tests, as `npm start` runs it: the six services, the storefront's
 * server (web-store's server-rendering build) and the gateway (which passes pages to it and serves
 * the built web-admin at /admin2009/) on fresh databases, stocked with a handful of products of
 * both brands through the back office's own API.
 */

export type Http = ReturnType<typeof api>;

/** The delivery address the journeys use: Karnataka has Bengaluru among its suggested cities. */
export const ADDRESS = {
  name: 'Asha Kulkarni',
  phone: '9876543210',
  street: '12 MG Road, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560038',
  country: 'India',
};

export const PASSWORD = 'Shopper@2025';

/** The customization library: one option of each type the back office creates, each changing the price. */
const CUSTOMIZATIONS = {
  width: {
    name: 'Strap Width',
    type: 'select',
    description: 'Width of the printed strap',
    options: [
      { value: '15 mm', priceModifier: { type: 'fixed', operator: '+', value: 0 } },
      { value: '20 mm', priceModifier: { type: 'fixed', operator: '+', value: 10 } },
      { value: '25 mm', priceModifier: { type: 'fixed', operator: '+', value: 25 } },
    ],
  },
  hook: {
    name: 'Metal Hook',
    type: 'boolean',
    description: 'Swivel hook instead of the plastic clip',
    priceModifier: { type: 'fixed', operator: '+', value: 15 },
  },
  sides: {
    name: 'Print Sides',
    type: 'multi-select',
    description: 'Where your logo is printed',
    options: [
      { value: 'Front logo', priceModifier: { type: 'fixed', operator: '+', value: 20 } },
      { value: 'Back logo', priceModifier: { type: 'fixed', operator: '+', value: 30 } },
    ],
  },
} as const;

type CustomizationKey = keyof typeof CUSTOMIZATIONS;

export interface ShopProduct {
  _id: string;
  name: string;
  brand: 'ms' | 'jaksh';
  price: number;
  stock: number;
}

/** The catalog every journey starts from: prices in rupees. */
const PRODUCTS = {
  lanyard: {
    name: 'Custom Printed Lanyard',
    brand: 'ms',
    category: 'Lanyards',
    price: 150,
    stock: 500,
    description: 'Polyester lanyard printed with your logo, for events and offices.',
    tags: ['lanyard', 'corporate', 'events'],
    customizable: ['width', 'hook', 'sides'] as CustomizationKey[],
  },
  labels: {
    name: 'Woven Fabric Labels',
    brand: 'ms',
    category: 'Labels',
    price: 450,
    stock: 1000,
    description: 'Damask woven labels for garments, sold in packs of 100.',
    tags: ['labels', 'garments'],
  },
  bottle: {
    name: 'Steel Water Bottle',
    brand: 'ms',
    category: 'Drinkware',
    price: 600,
    stock: 6,
    description: 'Double-walled steel bottle, laser engraved with your brand.',
    tags: ['drinkware'],
  },
  diary: {
    name: 'Personalised Leather Diary',
    brand: 'jaksh',
    category: 'Stationery',
    price: 850,
    stock: 200,
    description: 'A5 leather diary with the name of your choice debossed on the cover.',
    tags: ['stationery', 'gifting'],
  },
  penSet: {
    name: 'Engraved Pen Gift Set',
    brand: 'jaksh',
    category: 'Gifting',
    price: 1200,
    stock: 80,
    description: 'Two metal pens in a wooden box, engraved for the occasion.',
    tags: ['gifting', 'pens'],
  },
  cards: {
    name: 'Handmade Greeting Cards',
    brand: 'jaksh',
    category: 'Stationery',
    price: 250,
    stock: 300,
    description: 'Set of six handmade cards on recycled paper, with envelopes.',
    tags: ['stationery', 'cards'],
  },
} as const;

export type ProductKey = keyof typeof PRODUCTS;

export interface Shop {
  url: string;
  backend: Backend;
  http: Http;
  /** A back-office token of the seeded admin. */
  admin: string;
  products: Record<ProductKey, ShopProduct>;
  customizations: Record<CustomizationKey, { _id: string; name: string }>;
  stop(): Promise<void>;
}

export interface Customer {
  token: string;
  userId: string;
  username: string;
  email: string;
  password: string;
}

const expectStatus = (res: { status: number; body: unknown }, ok: number[], what: string) => {
  if (!ok.includes(res.status)) throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
};

/** Polls until `check` is true: events reach other services a few milliseconds after a change. */
export async function eventually(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const ROOT = join(__dirname, '..', '..');

export async function startShop(options: { env?: Record<string, string> } = {}): Promise<Shop> {
  // Without the apps' builds every page would fail: say how to build them instead.
  for (const [app, built] of [
    ['web-store', join('build', 'server', 'index.js')],
    ['web-admin', join('dist', 'index.html')],
  ]) {
    if (!existsSync(join(ROOT, app, built)))
      throw new Error(`${app}/${built} is missing: run "node scripts/build-apps.mjs" first`);
  }
  const uploadsDir = mkdtempSync(join(tmpdir(), 'shop-browser-uploads-'));
  const backend = await startBackend({
    storefront: true,
    // A browser loads many files and signs in several times: the rate limits are not under test here.
    env: {
      RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      UPLOADS_DIR: uploadsDir,
      ...options.env,
    },
  });
  const stop = async () => {
    await backend.stop();
    rmSync(uploadsDir, { recursive: true, force: true });
  };
  try {
    const http = api(backend.url);
    const login = await http.post('/admin2009/login', TEST_ADMIN);
    expectStatus(login, [200, 201], 'admin login');
    const admin = login.body.token as string;

    const customizations = {} as Shop['customizations'];
    for (const [key, definition] of Object.entries(CUSTOMIZATIONS) as [
      CustomizationKey,
      (typeof CUSTOMIZATIONS)[CustomizationKey],
    ][]) {
      const res = await http.post(
        '/customizations',
        { ...definition, isActive: true, isDefault: false },
        admin,
      );
      expectStatus(res, [200, 201], `customization ${definition.name}`);
      customizations[key] = { _id: res.body.customization._id, name: definition.name };
    }

    const entries = Object.entries(PRODUCTS) as [ProductKey, (typeof PRODUCTS)[ProductKey]][];
    const images = await uploadImages(backend.url, admin, entries.length);
    const products = {} as Shop['products'];
    for (const [index, [key, p]] of entries.entries()) {
      const links =
        'customizable' in p
          ? p.customizable.map((c) => ({ optionId: customizations[c]._id, enabled: true }))
          : [];
      const res = await http.post(
        '/admin2009/products',
        {
          name: p.name,
          brand: p.brand,
          category: p.category,
          price: String(p.price),
          stock: String(p.stock),
          description: p.description,
          images: [images[index]],
          tags: p.tags,
          customizations: links,
        },
        admin,
      );
      expectStatus(res, [200, 201], `product ${p.name}`);
      products[key] = {
        _id: res.body._id ?? res.body.product._id,
        name: p.name,
        brand: p.brand,
        price: p.price,
        stock: p.stock,
      };
    }
    // The cart prices lines from its own projection of the catalog: wait until it holds every product.
    await untilCartKnows(
      backend,
      Object.values(products).map((p) => p._id),
    );
    return { url: backend.url, backend, http, admin, products, customizations, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** One picture per product: plain colour squares, uploaded through the back office's image route. */
async function uploadImages(baseUrl: string, admin: string, count: number): Promise<string[]> {
  const form = new FormData();
  for (let i = 0; i < count; i += 1) {
    const background = { r: (60 * i) % 256, g: 120, b: 255 - ((40 * i) % 256) };
    const bytes = await sharp({ create: { width: 320, height: 320, channels: 3, background } })
      .png()
      .toBuffer();
    form.append('images', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `product-${i + 1}.png`);
  }
  const res = await fetch(`${baseUrl}/api/admin/upload-images`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${admin}` },
  });
  const body = await res.json();
  expectStatus({ status: res.status, body }, [200], 'image upload');
  return body.urls;
}

let customers = 0;

/**
 * Registers a shopper through the storefront's call and, unless `verified` is false, opens the
 * verification link the shop mailed them: checkout refuses an unverified address (the default
 * settings require verification).
 */
export async function registerCustomer(
  shop: Pick<Shop, 'http' | 'backend'>,
  prefix = 'shopper',
  { verified = true }: { verified?: boolean } = {},
): Promise<Customer> {
  customers += 1;
  const username = `${prefix}${Date.now().toString(36)}${customers}`;
  const email = `${username}@example.com`;
  const res = await shop.http.post('/auth/register', { username, email, password: PASSWORD });
  expectStatus(res, [200, 201], 'registration');
  if (verified) await verifyEmail(shop.http, shop.backend, email);
  return {
    token: res.body.token,
    userId: res.body.user._id ?? res.body.user.id,
    username,
    email,
    password: PASSWORD,
  };
}

/** Waits until the cart service's projection of the catalog holds these products. */
export async function untilCartKnows(backend: Backend, productIds: string[]): Promise<void> {
  const db = new Client({ connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.cart) });
  await db.connect();
  try {
    await eventually(
      async () =>
        (await db.query('SELECT 1 FROM cart_products WHERE id = ANY($1) AND NOT deleted', [productIds]))
          .rowCount === productIds.length,
      "the cart's projection of the catalog",
    );
  } finally {
    await db.end();
  }
}

/** Saves the journeys' address in the customer's address book. */
export async function addAddress(shop: Pick<Shop, 'http'>, customer: Pick<Customer, 'token'>): Promise<void> {
  expectStatus(
    await shop.http.post('/auth/addresses', { ...ADDRESS, isDefault: true }, customer.token),
    [200, 201],
    'address',
  );
}

export interface OrderLine {
  product: string;
  quantity: number;
  customization?: Record<string, unknown>;
}

export interface PlacedOrder {
  _id: string;
  totalAmount: number;
}

/** Places an order as the checkout screen does, to the journeys' address, paid online unless told. */
export async function placeOrder(
  shop: Pick<Shop, 'http'>,
  customer: Customer,
  lines: OrderLine[],
  { paymentMethod = 'razorpay' }: { paymentMethod?: 'razorpay' | 'cod' } = {},
): Promise<PlacedOrder> {
  const res = await shop.http.post(
    '/orders',
    {
      products: lines.map((l) => ({
        product: l.product,
        quantity: l.quantity,
        customization: l.customization ?? {},
      })),
      shippingAddress: {
        fullName: ADDRESS.name,
        phone: ADDRESS.phone,
        email: customer.email,
        street: ADDRESS.street,
        city: ADDRESS.city,
        state: ADDRESS.state,
        pinCode: ADDRESS.pinCode,
        country: ADDRESS.country,
      },
      coupon: null,
      paymentDetails: { status: 'pending', currency: 'INR', paymentMethod },
    },
    customer.token,
  );
  expectStatus(res, [201], 'order');
  return res.body.order;
}

/**
 * Pays an order through the sandbox's routes, as its Checkout window's Pay button and the payment
 * screen do, and waits until the order shows paid.
 */
export async function payOrder(shop: Pick<Shop, 'http'>, customer: Customer, orderId: string): Promise<void> {
  const created = await shop.http.post('/payments/create-order', { orderId }, customer.token);
  expectStatus(created, [201], 'payment order');
  const { id, key } = created.body.order;
  const paid = await shop.http.post('/payments/sandbox/pay', {
    key,
    order_id: id,
    outcome: 'success',
    method: 'card',
  });
  expectStatus(paid, [200], 'sandbox payment');
  expectStatus(
    await shop.http.post('/payments/verify', { ...paid.body, orderId }, customer.token),
    [200],
    'payment verification',
  );
  await eventually(
    async () =>
      (await shop.http.get(`/orders/${orderId}`, customer.token)).body.order?.paymentDetails.status ===
      'paid',
    `order ${orderId} to be paid`,
  );
}
