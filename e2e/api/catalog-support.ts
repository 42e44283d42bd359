import { randomUUID } from 'node:crypto';
import { connect } from 'amqplib';
import jwt from 'jsonwebtoken';
import sharp from 'sharp';
import { brokerNames, EVENTS, TOKEN_AUDIENCE, TOKEN_ISSUER, UserRegisteredEvent } from '@shop/proto';
import { TEST_JWT_SECRET } from '../harness/backend';

/** Tokens as the user service signs them, each of a session of its own; the gateway verifies them for real. */
export const customerToken = (userId: string = randomUUID()) =>
  jwt.sign({ sub: userId, role: 'customer', sid: randomUUID() }, TEST_JWT_SECRET, {
    audience: TOKEN_AUDIENCE.customer,
    issuer: TOKEN_ISSUER,
    expiresIn: '1h',
  });

export const adminToken = (adminId: string = randomUUID()) =>
  jwt.sign({ sub: adminId, role: 'admin', sid: randomUUID() }, TEST_JWT_SECRET, {
    audience: TOKEN_AUDIENCE.admin,
    issuer: TOKEN_ISSUER,
    expiresIn: '1h',
  });

/** Publishes an event on the test namespace's exchange, as its owning service would. */
export async function publishEvent(namespace: string, type: string, data: unknown): Promise<void> {
  const conn = await connect(process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672');
  try {
    const ch = await conn.createConfirmChannel();
    const exchange = brokerNames(namespace).eventsExchange;
    await ch.assertExchange(exchange, 'topic', { durable: true });
    const envelope = { id: randomUUID(), type, occurredAt: new Date().toISOString(), version: 1, data };
    ch.publish(exchange, type, Buffer.from(JSON.stringify(envelope)), {
      persistent: true,
      contentType: 'application/json',
      messageId: envelope.id,
    });
    await ch.waitForConfirms();
  } finally {
    await conn.close();
  }
}

/** A customer the catalog has heard of through user.registered, with a token to act as them. */
export async function registeredCustomer(
  namespace: string,
  username: string,
): Promise<{ userId: string; token: string }> {
  const userId = randomUUID();
  const event: UserRegisteredEvent = {
    userId,
    username,
    email: `${username}@example.com`,
    phone: null,
    createdAt: new Date().toISOString(),
  };
  await publishEvent(namespace, EVENTS.userRegistered, event);
  return { userId, token: customerToken(userId) };
}

export async function eventually<T>(
  probe: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const pngBytes = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();

/** A multipart upload of files under one field, as the back office's image picker sends it. */
export async function uploadImages(
  baseUrl: string,
  token: string | undefined,
  files: { name: string; type: string; bytes: Buffer }[],
  field = 'images',
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const f of files) form.append(field, new Blob([f.bytes], { type: f.type }), f.name);
  const res = await fetch(`${baseUrl}/api/admin/upload-images`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: await res.json() };
}

/** A product payload as the back office's form sends it. */
export function productPayload(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Custom Printed Lanyard',
    brand: 'ms',
    category: 'Lanyards',
    price: '149.50',
    stock: '120',
    description: 'Polyester lanyard, 20 mm, printed both sides with your logo.',
    images: [],
    tags: ['lanyard', 'corporate'],
    customizations: [],
    ...overrides,
  };
}
