import { randomUUID } from 'node:crypto';
import { SERVICES } from '@shop/proto';
import { Backend, startBackend, TEST_ADMIN } from '../harness/backend';
import { api } from '../harness/http';

/**
 * Every operation of the gateway's OpenAPI document gets generated bad input as an anonymous
 * visitor, a customer and an admin: wrong types, huge and non-finite numbers, extreme dates, deep
 * nesting, long and control-character strings, broken multipart on upload routes, forged client
 * addresses. Nothing may answer 5xx or take longer than 2 s, and every service must still be
 * healthy afterwards. The table of operations × cases it tried is printed.
 */

jest.setTimeout(240_000);

const ANSWER_WITHIN_MS = 2_000;
/** A request is abandoned (and reported as a hang) after this long, so one hang cannot stall the run. */
const GIVE_UP_MS = 10_000;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
interface Operation {
  method: Method;
  path: string;
  pathParams: string[];
  queryParams: string[];
  headerParams: string[];
  multipart: boolean;
}

interface Probe {
  /** Values for the path's parameters; a fresh UUID where not given. */
  pathValue?: string;
  /** Raw query string, already encoded. */
  query?: string;
  body?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

interface Case {
  family: 'path' | 'query' | 'body' | 'nesting' | 'multipart' | 'headers';
  name: string;
  appliesTo(op: Operation): boolean;
  probe(op: Operation): Probe;
}

/** Every field name a request body of this API carries (from the @shop/proto schemas). */
const FIELDS = [
  '_id', 'id', 'productId', 'product', 'quantity', 'customization', 'items', 'products', 'shippingAddress',
  'paymentDetails', 'coupon', 'code', 'context', 'orderId', 'razorpay_order_id', 'razorpay_payment_id',
  'razorpay_signature', 'email', 'password', 'username', 'identifier', 'token', 'currentPassword',
  'newPassword', 'confirmPassword', 'name', 'fullName', 'phone', 'street', 'city', 'state', 'pinCode', 'country',
  'isDefault', 'profilePic', 'companyName', 'rating', 'comment', 'pros', 'cons', 'reviewerName',
  'reviewerEmail', 'price', 'originalPrice', 'stock', 'images', 'imageUrls', 'tags', 'sku', 'weight',
  'dimensions', 'lowStockThreshold', 'customizations', 'options', 'priceModifier', 'type', 'operator',
  'value', 'orderStatus', 'trackingNumber', 'freeShippingThreshold', 'standardShippingCost',
  'defaultTaxRate', 'sessionTimeout', 'maxLoginAttempts', 'maintenanceMode', 'key', 'order_id', 'outcome',
  'from', 'to', 'period', 'limit', 'page', 'event', 'payload', 'filename', 'data',
];

const CONTROL_TEXT = 'A\u0000B\u0001\u0007\b\u001b[31m\u001f\u007f\u202e\ud800<script>alert(1)</script>';
/** The same in a URL, where a lone surrogate cannot be encoded: bytes that are not UTF-8 instead. */
const CONTROL_TEXT_IN_URL = '%ED%A0%80%FF%C0%AF' + encodeURIComponent(CONTROL_TEXT.replace('\ud800', ''));
const LONG_TEXT = CONTROL_TEXT + 'x'.repeat(4_000);

const withFields = (value: (field: string, i: number) => unknown) =>
  Object.fromEntries(FIELDS.map((field, i) => [field, value(field, i)]));

/** JSON text in which the fields take these number literals in turn (1e400 parses to Infinity). */
const withRawNumbers = (numbers: string[]) =>
  JSON.stringify(withFields((_, i) => `__N${i % numbers.length}__`)).replace(/"__N(\d+)__"/g, (_, n) => numbers[Number(n)]);

/** `depth` arrays inside each other: 200,000 deep is 400 kB, under the body limit. */
const deepArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

const WRONG_TYPES: unknown[] = [{}, [], true, 12.5, 'x', null, [{}], { $gt: '' }];

const isWrite = (op: Operation) => op.method === 'post' || op.method === 'put' || op.method === 'patch';
const isRead = (op: Operation) => !isWrite(op);
const always = () => true;

const json = (body: unknown): Probe => ({ body: JSON.stringify(body), contentType: 'application/json' });
const rawJson = (body: string): Probe => ({ body, contentType: 'application/json' });

const BOUNDARY = 'fuzzboundary';
const multipart = (body: string, contentType = `multipart/form-data; boundary=${BOUNDARY}`): Probe => ({
  body: Buffer.from(body, 'latin1'),
  contentType,
});
const PNG_BYTES = '\x89PNG\r\n\x1a\n' + 'x'.repeat(64);

const CASES: Case[] = [
  // First, the operation with no input at all: it tells whether the caller may use it.
  { family: 'headers', name: 'no-input', appliesTo: always, probe: () => ({}) },
  // Path parameters.
  { family: 'path', name: 'not-an-id', appliesTo: (op) => op.pathParams.length > 0, probe: () => ({ pathValue: 'not-an-id' }) },
  { family: 'path', name: 'huge-number', appliesTo: (op) => op.pathParams.length > 0, probe: () => ({ pathValue: '1e308' + '9'.repeat(300) }) },
  {
    family: 'path',
    name: 'control-chars',
    appliesTo: (op) => op.pathParams.length > 0,
    probe: () => ({ pathValue: CONTROL_TEXT_IN_URL + 'y'.repeat(1000) }),
  },
  { family: 'path', name: 'traversal', appliesTo: (op) => op.pathParams.length > 0, probe: () => ({ pathValue: '..%2F..%2F..%2Fetc%2Fpasswd' }) },
  // Query strings (the names every list and report of the API reads).
  {
    family: 'query',
    name: 'huge-numbers',
    appliesTo: isRead,
    probe: () => ({ query: 'page=1e300&limit=-Infinity&minPrice=1e308&maxPrice=1e400&minRating=NaN&year=1e21&month=13.5' }),
  },
  {
    family: 'query',
    name: 'extreme-dates',
    appliesTo: isRead,
    probe: () => ({ query: 'period=custom&from=0001-01-01&to=0001-01-02' }),
  },
  {
    family: 'query',
    name: 'last-days',
    appliesTo: isRead,
    probe: () => ({ query: 'period=custom&from=9999-12-30&to=9999-12-31' }),
  },
  {
    family: 'query',
    name: 'wrong-types',
    appliesTo: isRead,
    probe: () => ({ query: 'page=1&page=2&limit[]=3&search[a]=b&status=%00&sort=%7B%7D&brand=1&q[]=x&type=' }),
  },
  {
    family: 'query',
    name: 'long-control-text',
    appliesTo: isRead,
    probe: () => {
      const text = CONTROL_TEXT_IN_URL + 'z'.repeat(3000);
      return { query: `search=${text}&q=${text}&category=${text}&status=${text}&period=${text}&from=${text}` };
    },
  },
  // JSON bodies.
  { family: 'body', name: 'wrong-types', appliesTo: isWrite, probe: () => json(withFields((_, i) => WRONG_TYPES[i % WRONG_TYPES.length])) },
  { family: 'body', name: 'infinite-numbers', appliesTo: isWrite, probe: () => rawJson(withRawNumbers(['1e400', '-1.7976931348623157e308', '1e-400'])) },
  {
    family: 'body',
    name: 'numbers-as-text',
    appliesTo: isWrite,
    probe: () => json(withFields((_, i) => ['1e400', 'NaN', '-Infinity', '9'.repeat(400), '0.001'][i % 5])),
  },
  {
    family: 'body',
    name: 'extreme-dates',
    appliesTo: isWrite,
    probe: () => json(withFields((_, i) => ['0001-01-01', '9999-12-31', '+275760-09-13T00:00:00.000Z', '2025-02-30'][i % 4])),
  },
  { family: 'body', name: 'long-control-text', appliesTo: isWrite, probe: () => json(withFields(() => LONG_TEXT)) },
  { family: 'body', name: 'nul-in-short-text', appliesTo: isWrite, probe: () => json(withFields(() => 'ab\u0000c\u001b')) },
  { family: 'body', name: 'not-an-object', appliesTo: isWrite, probe: () => rawJson('[1,"two",null]') },
  { family: 'body', name: 'cut-off-json', appliesTo: isWrite, probe: () => rawJson('{"productId":"') },
  { family: 'body', name: 'wrong-content-type', appliesTo: isWrite, probe: () => ({ body: 'a=1\u0000', contentType: 'text/plain' }) },
  // Deep nesting, where customizations travel and anywhere else.
  {
    family: 'nesting',
    name: 'deep-customization',
    appliesTo: isWrite,
    probe: () =>
      rawJson(
        `{"productId":"${randomUUID()}","quantity":1,"customization":{"dynamicCustomizations":{"x":${deepArrays(200_000)}}}}`,
      ),
  },
  {
    family: 'nesting',
    name: 'deep-order-line',
    appliesTo: isWrite,
    probe: () =>
      rawJson(
        `{"products":[{"product":"${randomUUID()}","quantity":1,"customization":{"comments":${deepArrays(200_000)}}}],"items":[]}`,
      ),
  },
  // Broken multipart on upload routes.
  { family: 'multipart', name: 'no-boundary', appliesTo: (op) => op.multipart, probe: () => multipart('--x\r\n\r\n', 'multipart/form-data') },
  {
    family: 'multipart',
    name: 'boundary-never-appears',
    appliesTo: (op) => op.multipart,
    probe: () => multipart('just some bytes without any boundary line\r\n'.repeat(50)),
  },
  {
    family: 'multipart',
    name: 'cut-off-body',
    appliesTo: (op) => op.multipart,
    probe: () =>
      multipart(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${PNG_BYTES}`),
  },
  {
    family: 'multipart',
    name: 'nul-in-file-name',
    appliesTo: (op) => op.multipart,
    probe: () =>
      multipart(
        ['file', 'images']
          .map(
            (field) =>
              `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="a\u0000b\u0007\r.png"\r\nContent-Type: image/png\r\n\r\n${PNG_BYTES}\r\n`,
          )
          .join('') + `--${BOUNDARY}--\r\n`,
      ),
  },
  {
    family: 'multipart',
    name: 'headers-only',
    appliesTo: (op) => op.multipart,
    probe: () => multipart(`--${BOUNDARY}\r\nContent-Disposition: form-data; name=\r\n\r\n--${BOUNDARY}--\r\n`),
  },
  // Forged client addresses and odd headers.
  {
    family: 'headers',
    name: 'forged-forwarding',
    appliesTo: always,
    probe: () => ({
      headers: {
        'x-forwarded-for': `999.1.1.1, <script>, ${'1.2.3.4, '.repeat(200)}::1`,
        'x-real-ip': '0.0.0.0',
        forwarded: 'for="[::1]";proto=javascript',
        'x-forwarded-proto': 'gopher',
        'x-forwarded-host': 'evil.example',
      },
    }),
  },
];

/**
 * Where the plain request already answers 401 or 403, the caller is turned away before any
 * input is read: one case of each family shows that still holds, and the run stays short.
 */
const REFUSED_CALLER_CASES = new Set(['no-input', 'control-chars', 'huge-numbers', 'infinite-numbers', 'deep-customization', 'no-boundary', 'forged-forwarding']);

interface Result {
  op: string;
  actor: string;
  family: Case['family'];
  name: string;
  status: number;
  ms: number;
  error?: string;
}

function operationsOf(doc: { paths: Record<string, Record<string, any>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as Method[]) {
      const op = item[method];
      if (!op) continue;
      const params: { name: string; in: string }[] = [...(item.parameters ?? []), ...(op.parameters ?? [])];
      // The document names no request bodies: an upload route is known by its path.
      const multipartRoute = Boolean(op.requestBody?.content?.['multipart/form-data']) || /upload/.test(path);
      ops.push({
        method,
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        headerParams: params.filter((p) => p.in === 'header').map((p) => p.name),
        multipart: multipartRoute,
      });
    }
  }
  return ops;
}

async function send(baseUrl: string, op: Operation, probe: Probe, token: string | undefined): Promise<{ status: number; ms: number; error?: string }> {
  const path = op.path.replace(/\{[^}]+\}/g, () => probe.pathValue ?? randomUUID());
  const query = [...op.queryParams.map((name) => `${encodeURIComponent(name)}=%00`), probe.query].filter(Boolean).join('&');
  const headers: Record<string, string> = {
    'x-forwarded-for': `${Math.floor(Math.random() * 223) + 1}.${Math.floor(Math.random() * 255)}.7.9`,
    ...Object.fromEntries(op.headerParams.map((name) => [name, `\u00ff${'k'.repeat(4000)}`])),
    ...probe.headers,
  };
  if (probe.contentType) headers['content-type'] = probe.contentType;
  if (token) headers.authorization = `Bearer ${token}`;
  const started = Date.now();
  try {
    const res = await fetch(`${baseUrl}${path}${query ? `?${query}` : ''}`, {
      method: op.method.toUpperCase(),
      headers,
      body: probe.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(GIVE_UP_MS),
    });
    const text = await res.text();
    const ms = Date.now() - started;
    return { status: res.status, ms, ...(res.status >= 500 && { error: text.slice(0, 200) }) };
  } catch (err) {
    return { status: 0, ms: Date.now() - started, error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  }
}

function table(results: Result[], ops: Operation[]): string {
  const families = [...new Set(CASES.map((c) => c.family))];
  const key = (op: Operation) => `${op.method.toUpperCase()} ${op.path}`;
  const width = Math.max(...ops.map((op) => key(op).length), 'operation'.length);
  const header = ['operation'.padEnd(width), ...families.map((f) => f.padStart(9)), 'total'.padStart(7), '4xx'.padStart(6), '2xx/3xx'.padStart(8)];
  const lines = [header.join(' ')];
  for (const op of ops) {
    const mine = results.filter((r) => r.op === key(op));
    lines.push(
      [
        key(op).padEnd(width),
        ...families.map((f) => String(mine.filter((r) => r.family === f).length).padStart(9)),
        String(mine.length).padStart(7),
        String(mine.filter((r) => r.status >= 400 && r.status < 500).length).padStart(6),
        String(mine.filter((r) => r.status >= 200 && r.status < 400).length).padStart(8),
      ].join(' '),
    );
  }
  const distinctCases = new Set(results.map((r) => `${r.op}|${r.family}|${r.name}`)).size;
  lines.push(
    `${ops.length} operations, ${CASES.length} case kinds, ${distinctCases} operation × case pairs, ` +
      `${results.length} requests (3 callers); slowest ${Math.max(...results.map((r) => r.ms))} ms`,
  );
  return lines.join('\n');
}

describe('OpenAPI fuzzing through the gateway', () => {
  let backend: Backend;
  let ops: Operation[];
  const results: Result[] = [];

  beforeAll(async () => {
    // Every request comes from this one process: lift the per-client limits (a 429 would still be a fine 4xx).
    backend = await startBackend({ env: { RATE_LIMIT_PER_MINUTE: '1000000', AUTH_RATE_LIMIT_PER_MINUTE: '1000000' } });
    const doc = await (await fetch(`${backend.url}/api/docs-json`)).json();
    ops = operationsOf(doc);
  });
  afterAll(() => backend?.stop());

  it('reads every operation from the OpenAPI document the gateway serves', () => {
    expect(ops.length).toBeGreaterThan(60);
    expect(ops.filter((op) => op.multipart).map((op) => op.path).sort()).toEqual(['/api/admin/upload-images', '/api/cart/uploads']);
  });

  it('answers every generated bad request with no 5xx within 2 s, as anonymous, customer and admin', async () => {
    const http = api(backend.url);
    const suffix = randomUUID().slice(0, 8);
    const registered = await http.post('/auth/register', {
      username: `fuzz_${suffix}`,
      email: `fuzz_${suffix}@example.com`,
      password: 'Fuzz@12345',
    });
    expect(registered.status).toBe(201);
    const admin = await http.post('/admin2009/login', TEST_ADMIN);
    expect(admin.status).toBe(200);
    const actors: [string, string | undefined][] = [
      ['anonymous', undefined],
      ['customer', registered.body.token],
      ['admin', admin.body.token],
    ];

    let resent = 0;
    const fuzz = async (op: Operation, actor: string, token: string | undefined) => {
      let refused = false;
      for (const c of CASES.filter((candidate) => candidate.appliesTo(op))) {
        if (refused && !REFUSED_CALLER_CASES.has(c.name)) continue;
        let outcome = await send(backend.url, op, c.probe(op), token);
        // On this shared machine a password hash can queue behind other work: a slow answer is sent
        // once more, and only a second slow one counts. A hang stays a hang.
        if (outcome.ms > ANSWER_WITHIN_MS && outcome.status !== 0) {
          resent += 1;
          outcome = await send(backend.url, op, c.probe(op), token);
        }
        results.push({ op: `${op.method.toUpperCase()} ${op.path}`, actor, family: c.family, name: c.name, ...outcome });
        if (c.name === 'no-input') refused = outcome.status === 401 || outcome.status === 403;
      }
    };
    // A logout ends the session the other operations use: it runs last.
    const byLogoutLast = [...ops].sort((a, b) => Number(/logout/.test(a.path)) - Number(/logout/.test(b.path)));
    for (const op of byLogoutLast) for (const [actor, token] of actors) await fuzz(op, actor, token);
    process.stdout.write(
      `\nOpenAPI fuzz: operations × cases tried\n${table(results, ops)}\n${resent} slow answers sent again\n`,
    );

    const failures = results
      .filter((r) => r.status === 0 || r.status >= 500 || r.ms > ANSWER_WITHIN_MS)
      .map((r) => `${r.actor} ${r.op} [${r.family}:${r.name}] → ${r.status} ${r.error ?? ''} in ${r.ms} ms`);
    expect(failures).toEqual([]);
  });

  it('leaves every service healthy afterwards', async () => {
    const res = await api(backend.url).get('/health');
    expect(res.status).toBe(200);
    for (const service of SERVICES) expect(res.body.services[service].status).toBe('up');
  });
});
