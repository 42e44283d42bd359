/** The shop's API as the benchmarks drive it: JSON calls, and the products and shoppers they seed. */

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
 * `count` newly registered customers; answers their tokens. With `mailUrl` (the backend's maildev),
 * each whose address the shop has still to verify opens the link it was sent, as a shopper would
 * from their inbox: checkout takes verified addresses only (a build from before verification, run
 * with BENCH_BUILD, answers none unverified).
 */
export async function registerCustomers(url, count, prefix, { mailUrl } = {}) {
  const tokens = [];
  const emails = [];
  for (let i = 0; i < count; i += 1) {
    const username = `${prefix}${Date.now().toString(36)}${i}`;
    const email = `${username}@bench.local`;
    const { token, user } = await call(url, 'POST', '/auth/register', { username, email, password: 'Bench@12345' });
    tokens.push(token);
    if (user?.emailVerified === false) emails.push(email);
  }
  if (mailUrl && emails.length > 0) await verifyEmails(url, mailUrl, emails);
  return tokens;
}

async function verifyEmails(url, mailUrl, emails) {
  const deadline = Date.now() + 30_000;
  const links = new Map();
  while (links.size < emails.length) {
    if (Date.now() > deadline) throw new Error(`${emails.length - links.size} verification mails did not arrive`);
    const inbox = await (await fetch(`${mailUrl}/api/email`)).json();
    for (const mail of inbox) {
      const link = mail.text?.match(/https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9._~%-]+/)?.[0];
      const to = mail.to?.[0]?.address?.toLowerCase();
      if (link && emails.includes(to)) links.set(to, link);
    }
    if (links.size < emails.length) await new Promise((r) => setTimeout(r, 200));
  }
  for (const link of links.values()) {
    await call(url, 'POST', '/auth/verify-email', { token: new URL(link).searchParams.get('token') });
  }
}
