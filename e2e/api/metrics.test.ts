import { DEFAULT_PROCESS_METRICS, SHOP_METRICS } from '@shop/kit';
import { SERVICES, ServiceName } from '@shop/proto';
import { randomUUID } from 'node:crypto';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken } from './catalog-support';
import { checkoutBody, createProduct, Http } from './order-fixtures';
import { customerToken, eventually } from './payment-fixtures';

jest.setTimeout(120_000);

/** The sign-in budget of this run: small, so that a few wrong passwords reach it. */
const SIGN_IN_LIMIT = 3;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

interface Scrape {
  /** Every metric the scrape declares (`# TYPE`), sampled yet or not. */
  declared: Set<string>;
  samples: Sample[];
}

/** Parses Prometheus' text exposition format, as far as prom-client writes it. */
function parseExposition(text: string): Scrape {
  const declared = new Set<string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) /.exec(line);
    if (type) declared.add(type[1]);
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key] = value;
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return { declared, samples };
}

async function scrape(url: string): Promise<Scrape> {
  const res = await fetch(`${url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(await res.text());
}

/** The sum of the samples of `name` whose labels include `labels`; 0 when there is none. */
function total(scrape: Scrape, name: string, labels: Record<string, string | number> = {}): number {
  return scrape.samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === String(v)))
    .reduce((sum, s) => sum + s.value, 0);
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** A path segment that is an id: a UUID, a long hex string, or a number. */
const ID_SEGMENT = /\/(?:[0-9a-f-]{16,}|\d+)(?:\/|$)/i;

describe('metrics of a checkout', () => {
  let backend: Backend;
  let http: Http;
  let product: string;
  const targets = (): [string, string][] => [
    ['gateway', backend.url],
    ...SERVICES.map((s): [string, string] => [s, backend.healthUrl(s)]),
  ];
  const scrapeAll = async () =>
    Object.fromEntries(
      await Promise.all(targets().map(async ([name, url]) => [name, await scrape(url)] as const)),
    ) as Record<'gateway' | ServiceName, Scrape>;

  beforeAll(async () => {
    backend = await startBackend({ env: { AUTH_RATE_LIMIT_PER_MINUTE: String(SIGN_IN_LIMIT) } });
    http = api(backend.url);
    product = await createProduct(http, adminToken(), { name: 'Metrics Notebook', price: 450, stock: 1000 });
  });
  afterAll(() => backend?.stop());

  it('moves the HTTP, RPC and event metrics of the gateway and of every service a checkout passes through', async () => {
    const before = await scrapeAll();

    const { token } = customerToken();
    const placed = await http.post('/orders', checkoutBody([{ product, quantity: 2 }]), token);
    expect(placed.status).toBe(201);
    const orderId = placed.body.order._id as string;
    const created = await http.post('/payments/create-order', { orderId }, token);
    expect(created.status).toBe(201);
    const paid = await http.post('/payments/sandbox/pay', {
      key: created.body.order.key,
      order_id: created.body.order.id,
      outcome: 'success',
      method: 'card',
    });
    expect(paid.status).toBe(200);
    const verified = await http.post('/payments/verify', { ...paid.body, orderId }, token);
    expect(verified.status).toBe(200);
    await eventually(
      async () => (await http.get(`/orders/${orderId}`, token)).body.order?.paymentDetails.status === 'paid',
      'the order to show paid',
    );

    const moved = (
      after: Record<string, Scrape>,
      target: string,
      name: string,
      labels: Record<string, string | number>,
    ) => total(after[target], name, labels) - total(before[target as keyof typeof before], name, labels);

    // Events reach their consumers a little after the calls that caused them were answered.
    const handled = (target: ServiceName, event: string) =>
      [target, SHOP_METRICS.eventsHandled, { event }] as const;
    const expectations = [
      [
        'gateway',
        `${SHOP_METRICS.httpRequestDuration}_count`,
        { method: 'POST', route: '/api/orders', status_code: 201 },
      ],
      [
        'gateway',
        `${SHOP_METRICS.httpRequestDuration}_count`,
        { method: 'GET', route: '/api/orders/:id', status_code: 200 },
      ],
      [
        'gateway',
        `${SHOP_METRICS.httpRequestDuration}_count`,
        { method: 'POST', route: '/api/payments/verify', status_code: 200 },
      ],
      ['gateway', `${SHOP_METRICS.rpcClientDuration}_count`, { pattern: 'order.create', outcome: 'ok' }],
      [
        'gateway',
        `${SHOP_METRICS.rpcClientDuration}_count`,
        { pattern: 'payment.order.create', outcome: 'ok' },
      ],
      [
        'gateway',
        `${SHOP_METRICS.rpcClientDuration}_count`,
        { pattern: 'payment.payment.verify', outcome: 'ok' },
      ],
      ['order', `${SHOP_METRICS.rpcServerDuration}_count`, { pattern: 'order.create', outcome: 'ok' }],
      ['order', `${SHOP_METRICS.rpcServerDuration}_count`, { pattern: 'order.get', outcome: 'ok' }],
      [
        'payment',
        `${SHOP_METRICS.rpcServerDuration}_count`,
        { pattern: 'payment.payment.verify', outcome: 'ok' },
      ],
      handled('payment', 'order.placed'),
      handled('order', 'payment.captured'),
      handled('catalog', 'order.paid'),
      handled('admin-reporting', 'order.placed'),
      handled('admin-reporting', 'order.paid'),
      ['payment', `${SHOP_METRICS.eventConsumerLag}_count`, { event: 'order.placed' }],
      ['order', `${SHOP_METRICS.eventConsumerLag}_count`, { event: 'payment.captured' }],
    ] as const;
    let after = before;
    await eventually(async () => {
      after = await scrapeAll();
      return expectations.every(([target, name, labels]) => moved(after, target, name, labels) >= 1);
    }, 'every metric of the checkout to move').catch((err) => {
      const stuck = expectations.filter(([target, name, labels]) => moved(after, target, name, labels) < 1);
      throw new Error(`${err.message}: ${JSON.stringify(stuck)}`);
    });

    // The histograms' sums grew with their counts: durations, in seconds.
    const sumOf = (scrape: Scrape) =>
      total(scrape, `${SHOP_METRICS.httpRequestDuration}_sum`, { method: 'POST', route: '/api/orders' });
    expect(sumOf(after.gateway)).toBeGreaterThan(sumOf(before.gateway));
    expect(sumOf(after.gateway) - sumOf(before.gateway)).toBeLessThan(60);

    for (const service of SERVICES) {
      const own = after[service];
      expect(own.samples.some((s) => s.name === SHOP_METRICS.outboxDepth)).toBe(true);
      expect(own.samples.some((s) => s.name === SHOP_METRICS.outboxOldestAge)).toBe(true);
      expect(total(own, SHOP_METRICS.dbPoolConnections, { state: 'total' })).toBeGreaterThan(0);
      expect(total(own, SHOP_METRICS.ready)).toBe(1);
    }
    expect(total(after.gateway, SHOP_METRICS.ready)).toBe(1);
  });

  it('counts the requests refused by the shared sign-in budget', async () => {
    const before = total(await scrape(backend.url), SHOP_METRICS.rateLimitRejections, { budget: 'sign-in' });
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_LIMIT; i += 1) {
      statuses.push(
        (await http.post('/auth/login', { email: 'nobody@example.com', password: 'Wrong@12345' })).status,
      );
    }
    expect(statuses).toContain(429);
    const after = total(await scrape(backend.url), SHOP_METRICS.rateLimitRejections, { budget: 'sign-in' });
    expect(after - before).toBe(statuses.filter((s) => s === 429).length);
  });

  it('exports every metric the shop names, labelled by process, with no ids or raw paths in any label', async () => {
    // A path no route matches, with an id in it, must not become a label value.
    expect((await http.get(`/no-such-route/${randomUUID()}`)).status).toBe(404);
    expect((await http.get(`/orders/${randomUUID()}`, customerToken().token)).status).toBe(404);
    const scrapes = await scrapeAll();

    const declared = new Set(Object.values(scrapes).flatMap((s) => [...s.declared]));
    for (const name of [...Object.values(SHOP_METRICS), ...DEFAULT_PROCESS_METRICS])
      expect([...declared]).toContain(name);

    for (const [target, { samples }] of Object.entries(scrapes)) {
      for (const sample of samples) {
        expect({ target, sample: sample.name, service: sample.labels.service }).toEqual({
          target,
          sample: sample.name,
          service: target,
        });
        for (const value of Object.values(sample.labels)) {
          expect(value).not.toMatch(UUID);
          expect(value).not.toMatch(ID_SEGMENT);
        }
      }
    }
    const routes = new Set(
      scrapes.gateway.samples
        .filter((s) => s.name.startsWith(SHOP_METRICS.httpRequestDuration))
        .map((s) => s.labels.route),
    );
    // The unknown path is labelled by what answered it: "unmatched", or the web apps' fallback
    // route when the gateway serves built apps (as in CI).
    expect([...routes].filter((route) => route === 'unmatched' || route === '/*')).toHaveLength(1);
    expect(routes).toContain('/api/orders/:id');
  });
});
