import {
  createMigratedDataSource,
  databaseUrl,
  dropDatabase,
  KitOutboxInbox1700000000000,
  loadServiceConfig,
} from '@shop/kit';
import { randomBytes } from 'node:crypto';
import Razorpay from 'razorpay';
import { DataSource } from 'typeorm';
import { signWebhook, WEBHOOK_SECRET, WebhookRecorder } from '../../../e2e/api/payment-fixtures';
import { PaymentConfig, paymentEnvSchema, SANDBOX_KEYS } from '../src/config/payment-config';
import { PaymentTables1716000000000 } from '../src/migrations/1716000000000-payment-tables';
import { RazorpayClient } from '../src/razorpay/razorpay-client.service';
import { SandboxOrderEntity } from '../src/sandbox/sandbox-order.entity';
import { SandboxPaymentEntity } from '../src/sandbox/sandbox-payment.entity';
import { SandboxProviderService } from '../src/sandbox/sandbox-provider.service';
import { SandboxServer } from '../src/sandbox/sandbox-server';
import { SandboxWebhooks } from '../src/sandbox/sandbox-webhooks';

jest.setTimeout(60_000);

/** The official SDK talking to the simulated Razorpay over HTTP, as the payment service uses it. */
describe('the official razorpay SDK against the sandbox', () => {
  const serverUrl = () => process.env.DATABASE_URL!;
  const database = `t${randomBytes(4).toString('hex')}_payment_sandbox`;
  const recorder = new WebhookRecorder();
  let dataSource: DataSource;
  let provider: SandboxProviderService;
  let server: SandboxServer;
  let webhooks: SandboxWebhooks;
  let config: PaymentConfig;
  let sdk: Razorpay;

  const pointAtSandbox = (client: Razorpay) => {
    (client as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL =
      server.baseUrl;
    return client;
  };

  beforeAll(async () => {
    await recorder.start();
    config = loadServiceConfig(
      'payment',
      { RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET, RAZORPAY_SANDBOX_WEBHOOK_URL: recorder.url },
      paymentEnvSchema,
    );
    dataSource = await createMigratedDataSource(serverUrl(), database, {
      type: 'postgres',
      url: databaseUrl(serverUrl(), database),
      entities: [SandboxOrderEntity, SandboxPaymentEntity],
      migrations: [KitOutboxInbox1700000000000, PaymentTables1716000000000],
      logging: ['error'],
    });
    provider = new SandboxProviderService(dataSource);
    webhooks = new SandboxWebhooks(config);
    server = new SandboxServer(config, provider, webhooks);
    await server.onModuleInit();
    sdk = pointAtSandbox(new Razorpay({ key_id: SANDBOX_KEYS.keyId, key_secret: SANDBOX_KEYS.keySecret }));
  });
  afterAll(async () => {
    await webhooks?.onApplicationShutdown();
    await server?.onApplicationShutdown();
    await dataSource?.destroy();
    await dropDatabase(serverUrl(), database);
    await recorder.stop();
  });

  it("creates an order in paise and fetches it back in Razorpay's shape", async () => {
    const created = await sdk.orders.create({
      amount: 50_000,
      currency: 'INR',
      receipt: 'receipt-1',
      notes: { orderId: 'abc' },
    });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      entity: 'order',
      amount: 50_000,
      amount_paid: 0,
      amount_due: 50_000,
      currency: 'INR',
      receipt: 'receipt-1',
      status: 'created',
      attempts: 0,
      notes: { orderId: 'abc' },
    });
    expect(await sdk.orders.fetch(created.id)).toEqual(created);
  });

  it('refuses a wrong key secret with 401, and amounts under one rupee and unknown ids with 400, as Razorpay does', async () => {
    const intruder = pointAtSandbox(new Razorpay({ key_id: SANDBOX_KEYS.keyId, key_secret: 'guessed' }));
    await expect(intruder.orders.create({ amount: 50_000, currency: 'INR' })).rejects.toMatchObject({
      statusCode: 401,
      error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
    });
    await expect(sdk.orders.create({ amount: 99, currency: 'INR' })).rejects.toMatchObject({
      statusCode: 400,
      error: { description: 'The amount must be atleast INR 1.00', field: 'amount' },
    });
    await expect(sdk.payments.fetch('pay_DoesNotExist00')).rejects.toMatchObject({
      statusCode: 400,
      error: { description: 'The id provided does not exist' },
    });
  });

  it('leaves payments of a manual-capture order authorized until captured, then sends the webhooks signed', async () => {
    const order = await sdk.orders.create({
      amount: 25_000,
      currency: 'INR',
      payment_capture: false,
    } as never);
    const { payment } = await provider.pay(SANDBOX_KEYS.keyId, order.id, 'success', 'card');
    expect(await sdk.payments.fetch(payment.id)).toMatchObject({
      status: 'authorized',
      captured: false,
      order_id: order.id,
    });
    expect((await sdk.orders.fetch(order.id)).status).toBe('attempted');

    const captured = await sdk.payments.capture(payment.id, 25_000, 'INR');
    expect(captured).toMatchObject({ id: payment.id, status: 'captured', captured: true });
    expect(await sdk.orders.fetch(order.id)).toMatchObject({
      status: 'paid',
      amount_paid: 25_000,
      amount_due: 0,
    });
    await expect(sdk.payments.capture(payment.id, 25_000, 'INR')).rejects.toMatchObject({
      error: { description: 'This payment has already been captured' },
    });

    const deadline = Date.now() + 10_000;
    while (recorder.forOrder(order.id).length < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const sent = recorder.forOrder(order.id);
    expect(sent.map((w) => w.event)).toEqual(['payment.captured', 'order.paid']);
    for (const w of sent) expect(w.headers['x-razorpay-signature']).toBe(signWebhook(w.body));
  });

  it('lists the payments of an order, failed attempts included', async () => {
    const order = await sdk.orders.create({ amount: 10_000, currency: 'INR' });
    await provider.pay(SANDBOX_KEYS.keyId, order.id, 'failure', 'upi');
    await provider.pay(SANDBOX_KEYS.keyId, order.id, 'success', 'upi');
    const payments = await sdk.orders.fetchPayments(order.id);
    expect(payments.items.map((p) => p.status)).toEqual(['failed', 'captured']);
    expect(payments.items[0]).toMatchObject({
      error_code: 'BAD_REQUEST_ERROR',
      error_description: 'Payment failed',
      error_reason: 'payment_failed',
    });
    expect((await sdk.orders.fetch(order.id)).attempts).toBe(2);
  });

  it("lets the service's client reach the simulator, and turns a provider refusal into one retryable 503", async () => {
    const client = new RazorpayClient(config, server);
    const key = { mode: 'sandbox' as const, keyId: SANDBOX_KEYS.keyId };
    const order = await client.createOrder(key, { amount: 70_000, currency: 'INR', receipt: 'r', notes: {} });
    expect(order.amount).toBe(70_000);
    await expect(
      client.createOrder(key, { amount: 1, currency: 'INR', receipt: 'r', notes: {} }),
    ).rejects.toMatchObject({
      payload: { status: 503, message: 'Payment gateway is unavailable. Please try again.' },
    });
  });
});
