import { ERROR_CODES } from '@shop/proto';
import { RpcError } from '../rpc/rpc-error';
import { DEFAULT_PROCESS_METRICS, SHOP_METRICS } from './metric-names';
import { rpcOutcomeOf, ShopMetrics } from './shop-metrics';

const declared = (text: string) => [...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]);

describe('ShopMetrics', () => {
  it('exports the gateway its own metrics and the default process metrics, labelled with the service', async () => {
    const metrics = new ShopMetrics().init('gateway', 'gateway');
    metrics.httpRequestDuration.observe(
      { method: 'GET', route: '/api/products/:id', status_code: 200 },
      0.012,
    );
    const { body } = await metrics.exposition();
    expect(declared(body)).toEqual(
      expect.arrayContaining([
        SHOP_METRICS.httpRequestDuration,
        SHOP_METRICS.rpcClientDuration,
        SHOP_METRICS.rateLimitRejections,
        SHOP_METRICS.ready,
        ...DEFAULT_PROCESS_METRICS,
      ]),
    );
    expect(declared(body)).not.toContain(SHOP_METRICS.outboxDepth);
    expect(body).toContain(
      `${SHOP_METRICS.httpRequestDuration}_count{service="gateway",method="GET",route="/api/products/:id",status_code="200"} 1`,
    );
  });

  it("exports a service's outbox and pool as read at the scrape, the pool read before the scrape's own query", async () => {
    const metrics = new ShopMetrics().init('order', 'service');
    const pool = { total: 4, idle: 3, waiting: 0 };
    metrics.dbPoolFrom(() => ({ ...pool }));
    metrics.outboxFrom(async () => {
      pool.waiting += 1;
      return { depth: 7, oldestAgeSeconds: 12.5 };
    });
    metrics.readinessFrom(() => true);
    const { body } = await metrics.exposition();
    expect(body).toContain(`${SHOP_METRICS.outboxDepth}{service="order"} 7`);
    expect(body).toContain(`${SHOP_METRICS.outboxOldestAge}{service="order"} 12.5`);
    expect(body).toContain(`${SHOP_METRICS.dbPoolConnections}{state="waiting",service="order"} 0`);
    expect(body).toContain(`${SHOP_METRICS.ready}{service="order"} 1`);
    expect(declared(body)).not.toContain(SHOP_METRICS.httpRequestDuration);
  });

  it('keeps the last outbox reading when the database does not answer', async () => {
    const metrics = new ShopMetrics().init('order', 'service');
    metrics.outboxFrom(async () => ({ depth: 3, oldestAgeSeconds: 2 }));
    await metrics.exposition();
    metrics.outboxFrom(() => Promise.reject(new Error('connection refused')));
    expect((await metrics.exposition()).body).toContain(`${SHOP_METRICS.outboxDepth}{service="order"} 3`);
  });
});

describe('rpcOutcomeOf', () => {
  it('tells a refusal (4xx) from a failure (5xx) and a timeout', () => {
    expect(rpcOutcomeOf(RpcError.notFound('no such order'))).toBe('rejected');
    expect(rpcOutcomeOf(RpcError.conflict('out of stock'))).toBe('rejected');
    expect(rpcOutcomeOf(RpcError.unavailable('down'))).toBe('error');
    expect(rpcOutcomeOf(new Error('boom'))).toBe('error');
    expect(rpcOutcomeOf(new RpcError({ status: 503, code: ERROR_CODES.TIMEOUT, message: 'late' }))).toBe(
      'timeout',
    );
  });
});
