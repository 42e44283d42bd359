import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'amqplib';
import { Client } from 'pg';
import { brokerNames, EventEnvelope, ProductView, ServiceName } from '@shop/proto';
import { Backend, startBackend, TEST_ADMIN } from '../harness/backend';
import { api } from '../harness/http';
import { customerToken, productPayload } from './catalog-support';

export type Http = ReturnType<typeof api>;

/** The backend a cart test needs, with its own uploads directory and no rate limits in the way. */
export async function startCartBackend(
  services: readonly ServiceName[],
  env: Record<string, string> = {},
): Promise<{ backend: Backend; http: Http; uploadsDir: string }> {
  const uploadsDir = mkdtempSync(join(tmpdir(), 'cart-uploads-'));
  const backend = await startBackend({
    services,
    env: {
      RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      UPLOADS_DIR: uploadsDir,
      ...env,
    },
  });
  return { backend, http: api(backend.url), uploadsDir };
}

/** A multipart upload under the field `file`, as the product page's customization picker sends it. */
export async function uploadCustomization(
  baseUrl: string,
  token: string | undefined,
  file: { name: string; type: string; bytes: Buffer },
  field = 'file',
  cookie?: string,
) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (cookie) headers.cookie = cookie;
  const res = await fetch(`${baseUrl}/api/cart/uploads`, { method: 'POST', body: form, headers });
  return { status: res.status, body: await res.json(), setCookies: res.headers.getSetCookie() };
}

/** Signs in as the seeded admin, as the back office does. */
export async function adminLogin(http: Http): Promise<string> {
  const res = await http.post('/admin2009/login', TEST_ADMIN);
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

let customers = 0;
/** Registers a new customer through the storefront's call and returns their token. */
export async function registerCustomer(http: Http): Promise<string> {
  customers += 1;
  const username = `shopper${Date.now().toString(36)}${customers}`;
  const res = await http.post('/auth/register', {
    username,
    email: `${username}@example.com`,
    password: 'Shopper@2025',
  });
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/**
 * A fresh customer with a token signed as the user service signs it (the gateway verifies it for
 * real). Registering each one would spend most of a test file hashing passwords.
 */
export function newCustomer(): { userId: string; token: string } {
  const userId = randomUUID();
  return { userId, token: customerToken(userId) };
}

/** Creates a product through the back office's route and waits until the cart's projection holds it. */
export async function createProduct(
  http: Http,
  backend: Backend,
  admin: string,
  overrides: Record<string, unknown> = {},
): Promise<ProductView> {
  const res = await http.post('/admin2009/products', productPayload(overrides), admin);
  if (res.status !== 201)
    throw new Error(`product creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  const product = res.body.product as ProductView;
  await untilProjected(backend, product._id, (row) => row !== undefined);
  return product;
}

interface ProjectedRow {
  price_paise: number;
  stock: number;
  deleted: boolean;
}

/**
 * Waits for the cart's projection of a product to satisfy `ok`: events arrive a few milliseconds
 * after the catalog's change, and a test must not race them.
 */
export async function untilProjected(
  backend: Backend,
  productId: string,
  ok: (row: ProjectedRow | undefined) => boolean,
  timeoutMs = 10_000,
): Promise<void> {
  const db = new Client({
    connectionString: backend.env.DATABASE_URL.replace(/\/[^/]*$/, `/${backend.databases.cart}`),
  });
  await db.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await db.query<ProjectedRow>(
        `SELECT price_paise, stock, deleted FROM cart_products WHERE id = $1`,
        [productId],
      );
      if (ok(rows[0])) return;
      if (Date.now() > deadline)
        throw new Error(`the cart's projection of ${productId} did not catch up: ${JSON.stringify(rows[0])}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await db.end();
  }
}

/** Listens on the test namespace's exchange for one event type, as another service would. */
export async function listenFor<T>(namespace: string, type: string) {
  const conn = await connect(process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672');
  const ch = await conn.createChannel();
  const exchange = brokerNames(namespace).eventsExchange;
  await ch.assertExchange(exchange, 'topic', { durable: true });
  const { queue } = await ch.assertQueue('', { exclusive: true, autoDelete: true });
  await ch.bindQueue(queue, exchange, type);
  const received: EventEnvelope<T>[] = [];
  await ch.consume(queue, (msg) => msg && received.push(JSON.parse(msg.content.toString())), { noAck: true });
  return {
    received,
    async next(match: (e: EventEnvelope<T>) => boolean, timeoutMs = 10_000): Promise<EventEnvelope<T>> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no ${type} event arrived`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => conn.close(),
  };
}

/** Publishes an event as its owning service would, and waits until the cart service has handled it. */
export async function deliverToCart(
  backend: Backend,
  type: string,
  data: unknown,
  timeoutMs = 10_000,
): Promise<void> {
  const id = randomUUID();
  const conn = await connect(process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672');
  try {
    const ch = await conn.createConfirmChannel();
    const exchange = brokerNames(backend.namespace).eventsExchange;
    const envelope = { id, type, occurredAt: new Date().toISOString(), version: 1, data };
    ch.publish(exchange, type, Buffer.from(JSON.stringify(envelope)), { persistent: true, messageId: id });
    await ch.waitForConfirms();
  } finally {
    await conn.close();
  }
  const db = new Client({
    connectionString: backend.env.DATABASE_URL.replace(/\/[^/]*$/, `/${backend.databases.cart}`),
  });
  await db.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    while ((await db.query(`SELECT 1 FROM inbox WHERE event_id = $1`, [id])).rowCount === 0) {
      if (Date.now() > deadline) throw new Error(`the cart did not handle ${type} ${id}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await db.end();
  }
}

/**
 * A customer's stored artwork as the gateway hands it out to whom the cart or order was shown: a
 * link under the cart's routes, signed and expiring (any hour's).
 */
export const artworkLink = (fileId: string, ext = 'png') =>
  expect.stringMatching(new RegExp(`^/api/cart/uploads/${fileId}\\.${ext}\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}$`));
