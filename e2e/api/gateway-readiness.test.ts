import { SHOP_METRICS } from '@shop/kit';
import { Backend, startBackend } from '../harness/backend';
import { CuttableRelay } from '../harness/tcp-relay';
import { eventually } from './payment-fixtures';

jest.setTimeout(90_000);

/** The gateway alone, reaching the broker through a relay this test can cut. */
describe("the gateway's readiness", () => {
  const relay = CuttableRelay.toBroker();
  let backend: Backend;

  const ready = async () => {
    const res = await fetch(`${backend.url}/health/ready`);
    return { status: res.status, body: await res.json() };
  };
  const readyGauge = async () => {
    const text = await (await fetch(`${backend.url}/metrics`)).text();
    return Number(new RegExp(`^${SHOP_METRICS.ready}\\{[^}]*\\} (\\S+)$`, 'm').exec(text)?.[1]);
  };

  beforeAll(async () => {
    backend = await startBackend({ services: [], env: { AMQP_URL: await relay.listen() } });
  });
  afterAll(async () => {
    await backend?.stop();
    await relay.close();
  });

  it('answers ready while connected to the broker', async () => {
    await eventually(async () => (await ready()).status === 200, 'the gateway to be ready');
    expect((await ready()).body).toEqual({ status: 'ok' });
    expect(await readyGauge()).toBe(1);
  });

  it('answers 503 while cut off from the broker, staying alive, and ready again once the broker is back', async () => {
    relay.down();
    await eventually(async () => (await ready()).status === 503, 'the gateway to be unready');
    expect((await ready()).body).toEqual({ status: 'unavailable', broker: 'not connected' });
    expect(await readyGauge()).toBe(0);
    expect((await fetch(`${backend.url}/health/live`)).status).toBe(200);

    relay.up();
    await eventually(async () => (await ready()).status === 200, 'the gateway to be ready again');
    expect(await readyGauge()).toBe(1);
  });
});
