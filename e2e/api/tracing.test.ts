import { EVENTS, RPC } from '@shop/proto';
import { randomBytes } from 'node:crypto';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { OtlpReceiver, ReceivedSpan, startOtlpReceiver } from '../harness/otlp-receiver';
import { adminToken } from './catalog-support';
import { checkoutBody, createProduct, Http } from './order-fixtures';
import { customerToken, eventually } from './payment-fixtures';

jest.setTimeout(120_000);

/** A log line as JSON; a line not JSON (or still being written) as undefined. */
function jsonOrUndefined(line: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

/**
 * Tracing with OpenTelemetry, as an operator turns it on: the standard OTEL_* variables point every
 * process at an OTLP/HTTP endpoint (here one in the test, recording what it is sent), and a checkout
 * is one trace from the gateway through the services and the events it causes.
 */
describe('traces: one checkout is one trace across the gateway, the services and the bus', () => {
  let receiver: OtlpReceiver;
  let backend: Backend;
  let http: Http;
  let notebook: string;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    backend = await startBackend({
      services: ['user', 'catalog', 'order', 'payment', 'admin-reporting'],
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '100', LOG_LEVEL: 'info' },
    });
    http = api(backend.url);
    notebook = await createProduct(http, adminToken(), { name: 'Traced Notebook', price: 450, stock: 100 });
  });
  afterAll(async () => {
    await backend?.stop();
    await receiver?.close();
  });

  const spansOf = (traceId: string) => receiver.spans.filter((s) => s.traceId === traceId);
  const find = (spans: ReceivedSpan[], service: string, kind: number, name: string) =>
    spans.find((s) => s.service === service && s.kind === kind && s.name === name);

  it('continues the caller traceparent through the order and payment services, their queries and their events', async () => {
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const headers = { traceparent: `00-${traceId}-${callerSpanId}-01` };
    const { token } = customerToken();

    const placed = await http.request('POST', '/orders', {
      body: checkoutBody([{ product: notebook, quantity: 2 }]),
      token,
      headers,
    });
    expect(placed.status).toBe(201);
    const answered = placed.headers.get('traceparent');
    expect(answered).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    const payment = await http.request('POST', '/payments/create-order', {
      body: { orderId: placed.body.order._id },
      token,
      headers,
    });
    expect(payment.status).toBe(201);

    const expected: [string, number, string][] = [
      ['gateway', SERVER, 'POST /api/orders'],
      ['gateway', SERVER, 'POST /api/payments/create-order'],
      ['gateway', CLIENT, RPC.order.create],
      ['order', SERVER, RPC.order.create],
      // Whether the customer's address is verified: the order service's projection does not know this customer.
      ['order', CLIENT, RPC.user.emailStatus],
      ['user', SERVER, RPC.user.emailStatus],
      ['order', CLIENT, RPC.catalog.stockReserve],
      ['catalog', SERVER, RPC.catalog.stockReserve],
      ['order', PRODUCER, `${EVENTS.orderPlaced} publish`],
      ['payment', CONSUMER, `${EVENTS.orderPlaced} process`],
      ['admin-reporting', CONSUMER, `${EVENTS.orderPlaced} process`],
      ['payment', SERVER, RPC.payment.createOrder],
    ];
    await eventually(
      () => expected.every(([service, kind, name]) => find(spansOf(traceId), service, kind, name)),
      `spans of the checkout: ${JSON.stringify(expected)}`,
      60_000,
    );
    const spans = spansOf(traceId);

    // The gateway's server span is the caller's child, and it is the span the response named.
    const orderRequest = find(spans, 'gateway', SERVER, 'POST /api/orders')!;
    expect(orderRequest.parentSpanId).toBe(callerSpanId);
    expect(answered).toBe(`00-${traceId}-${orderRequest.spanId}-01`);
    expect(orderRequest.attributes).toMatchObject({
      'http.route': '/api/orders',
      'http.response.status_code': 201,
    });

    // Each hop is the child of the one before: gateway -> order -> outbox relay -> consumers.
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const parentOf = (span: ReceivedSpan) => byId.get(span.parentSpanId ?? '');
    const orderCreate = find(spans, 'order', SERVER, RPC.order.create)!;
    expect(parentOf(orderCreate)).toMatchObject({ service: 'gateway', kind: CLIENT, name: RPC.order.create });
    expect(parentOf(parentOf(orderCreate)!)).toBe(orderRequest);
    const published = find(spans, 'order', PRODUCER, `${EVENTS.orderPlaced} publish`)!;
    for (const consumer of ['payment', 'admin-reporting']) {
      expect(parentOf(find(spans, consumer, CONSUMER, `${EVENTS.orderPlaced} process`)!)).toBe(published);
    }

    // PostgreSQL's spans come from the pg instrumentation, inside the handlers that ran the queries.
    const queries = spans.filter(
      (s) =>
        s.kind === CLIENT && (s.attributes['db.system'] ?? s.attributes['db.system.name']) === 'postgresql',
    );
    expect(new Set(queries.map((q) => q.service))).toEqual(
      new Set(['order', 'user', 'catalog', 'payment', 'admin-reporting']),
    );

    // The gateway's log line of the request names the trace and the span it ran in.
    const loggedRequest = () =>
      backend
        .logs('gateway')
        .split('\n')
        .map(jsonOrUndefined)
        .find((line) => line?.msg === 'request' && line.url === '/api/orders' && line.trace_id === traceId);
    await eventually(() => loggedRequest() !== undefined, 'the log line of the request');
    expect(loggedRequest()).toMatchObject({ span_id: orderRequest.spanId, status: 201 });
  });

  it('starts a trace for a request that brings none, and answers its traceparent', async () => {
    const res = await http.get(`/products/${notebook}`);
    expect(res.status).toBe(200);
    const [, traceId, spanId] =
      res.headers.get('traceparent')?.match(/^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/) ?? [];
    expect(traceId).toBeDefined();
    await eventually(() => spansOf(traceId).some((s) => s.spanId === spanId), 'the request span');
    const request = spansOf(traceId).find((s) => s.spanId === spanId)!;
    expect(request).toMatchObject({ service: 'gateway', kind: SERVER, name: 'GET /api/products/:id' });
    expect(request.parentSpanId).toBeUndefined();
  });
});
