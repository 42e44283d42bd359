/** The shop's API as the benchmarks drive it: JSON calls, and the products and shoppers they seed. */

import pg from 'pg';

/** The back-office account startBackend creates (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const BENCH_ADMIN = { email: 'admin@bench.local', password: 'Bench-Admin-2026!' };

/** A JSON call to `${url}/api${path}`; throws with the server's message on failure. */
export async function call(url, method, path, body, token, headers = {}) {
  const res = await fetch(`${url}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message ?? ''}`);
  return json;
}

export async function adminToken(url) {
  return (await call(url, 'POST', '/admin2009/login', BENCH_ADMIN)).token;
}

/**
 * `count` products of both brands, with stock no benchmark runs out of, created through the back
 * office's route; `price(i)` in rupees. Answers their ids.
 */
export async function createProducts(url, { count, name, description, price }) {
  const admin = await adminToken(url);
  const ids = [];
  for (let i = 1; i <= count; i += 1) {
    const { product } = await call(
      url,
      'POST',
      '/admin2009/products',
      {
        name: `${name} ${i}`,
        brand: i % 2 ? 'ms' : 'jaksh',
        category: 'Stationery',
        description,
        price: price(i),
        stock: 10_000_000,
      },
      admin,
    );
    ids.push(product._id);
  }
  return ids;
}

/**
 * `count` newly registered customers; answers their tokens. With `verifyIn` (the user service's
 * database URL), each opens the e-mail verification link the user service queued for it, as a
 * shopper would from their inbox: checkout takes verified addresses only.
 */
export async function registerCustomers(url, count, prefix, { verifyIn } = {}) {
  const tokens = [];
  const emails = [];
  for (let i = 0; i < count; i += 1) {
    const username = `${prefix}${Date.now().toString(36)}${i}`;
    const email = `${username}@bench.local`;
    const { token } = await call(url, 'POST', '/auth/register', { username, email, password: 'Bench@12345' });
    tokens.push(token);
    emails.push(email);
  }
  if (verifyIn) await verifyEmails(url, verifyIn, emails);
  return tokens;
}

async function verifyEmails(url, userDatabaseUrl, emails) {
  const db = new pg.Client({ connectionString: userDatabaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      `SELECT DISTINCT ON (recipient) data->>'link' AS link FROM mails
        WHERE kind = 'email-verification' AND recipient = ANY($1) ORDER BY recipient, created_at DESC`,
      [emails],
    );
    if (rows.length !== emails.length) throw new Error(`${emails.length - rows.length} verification mails were not queued`);
    for (const { link } of rows) {
      await call(url, 'POST', '/auth/verify-email', { token: new URL(link).searchParams.get('token') });
    }
  } finally {
    await db.end();
  }
}
