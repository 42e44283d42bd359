import {
  createMigratedDataSource,
  databaseUrl,
  dropDatabase,
  KIT_MIGRATIONS,
  loadServiceConfig,
} from '@shop/kit';
import { randomBytes } from 'node:crypto';
import Razorpay from 'razorpay';
import { DataSource } from 'typeorm';
import { signWebhook, WEBHOOK_SECRET, WebhookRecorder } from '../../../e2e/api/payment-fixtures';
import { PaymentConfig, paymentEnvSchema, SANDBOX_KEYS } from '../src/config/payment-config';
import { PAYMENT_MIGRATIONS } from '../src/migrations/payment-migrations';
import { PaymentModeService } from '../src/razorpay/payment-mode.service';
import { describeFailure, RazorpayClient } from '../src/razorpay/razorpay-client.service';
import { SandboxOrderEntity } from '../src/sandbox/sandbox-order.entity';
import { SandboxPaymentEntity } from '../src/sandbox/sandbox-payment.entity';
import { SandboxRefundEntity } from '../src/sandbox/sandbox-refund.entity';
import { SandboxProviderService } from '../src/sandbox/sandbox-provider.service';
import { SandboxServer } from '../src/sandbox/sandbox-server';
import { SandboxWebhooks } from '../src/sandbox/sandbox-webhooks';
import type { PaymentSettingsService } from '../src/settings/payment-settings.service';

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

  /** The service's client with sandbox keys, whose secret the mode service knows without any settings. */
  const serviceClient = (sandbox: SandboxServer) =>
    new RazorpayClient(config, sandbox, new PaymentModeService(config, {} as PaymentSettingsService));

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
      entities: [SandboxOrderEntity, SandboxPaymentEntity, SandboxRefundEntity],
      migrations: [...KIT_MIGRATIONS, ...PAYMENT_MIGRATIONS],
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

  /** A payment captured in the sandbox, as Checkout makes it. */
  const capturedPayment = async (amount: number) => {
    const order = await sdk.orders.create({ amount, currency: 'INR' });
    return (await provider.pay(SANDBOX_KEYS.keyId, order.id, 'success', 'card')).payment;
  };

  it('refunds a captured payment in full as Razorpay answers, marks it refunded and sends refund.processed', async () => {
    const payment = await capturedPayment(42_000);
    const refund = await sdk.payments.refund(payment.id, {
      amount: 42_000,
      speed: 'normal',
      receipt: 'refund-receipt-1',
      notes: { orderId: 'abc' },
    });
    expect(refund).toEqual({
      id: expect.stringMatching(/^rfnd_[A-Za-z0-9]{14}$/),
      entity: 'refund',
      amount: 42_000,
      currency: 'INR',
      payment_id: payment.id,
      notes: { orderId: 'abc' },
      receipt: 'refund-receipt-1',
      acquirer_data: { arn: null },
      created_at: expect.any(Number),
      batch_id: null,
      status: 'processed',
      speed_processed: 'normal',
      speed_requested: 'normal',
    });
    expect(await sdk.payments.fetch(payment.id)).toMatchObject({
      status: 'refunded',
      amount_refunded: 42_000,
      refund_status: 'full',
      captured: true,
    });

    const deadline = Date.now() + 10_000;
    const refunded = () => recorder.forOrder(payment.order_id).filter((w) => w.event === 'refund.processed');
    while (refunded().length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const [webhook] = refunded();
    expect(webhook.headers['x-razorpay-signature']).toBe(signWebhook(webhook.body));
    expect(JSON.parse(webhook.body)).toMatchObject({
      event: 'refund.processed',
      contains: ['refund', 'payment'],
      payload: {
        refund: { entity: { id: refund.id, payment_id: payment.id, status: 'processed' } },
        payment: { entity: { id: payment.id, status: 'refunded', amount_refunded: 42_000 } },
      },
    });
  });

  it('refuses to refund more than was captured, or a payment already refunded, with 400 BAD_REQUEST_ERROR', async () => {
    const payment = await capturedPayment(30_000);
    await expect(sdk.payments.refund(payment.id, { amount: 30_001 })).rejects.toMatchObject({
      statusCode: 400,
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'The refund amount provided is greater than amount captured',
        field: 'amount',
      },
    });
    const partial = await sdk.payments.refund(payment.id, { amount: 10_000 });
    expect(await sdk.payments.fetch(payment.id)).toMatchObject({
      status: 'captured',
      amount_refunded: 10_000,
      refund_status: 'partial',
    });
    await expect(sdk.payments.refund(payment.id, { amount: 20_001 })).rejects.toMatchObject({
      statusCode: 400,
      error: { code: 'BAD_REQUEST_ERROR' },
    });
    const rest = await sdk.payments.refund(payment.id, {});
    expect(rest.amount).toBe(20_000);
    expect(rest.id).not.toBe(partial.id);
    await expect(sdk.payments.refund(payment.id, {})).rejects.toMatchObject({
      statusCode: 400,
      error: { description: 'The payment has been fully refunded already' },
    });
  });

  it("makes one refund per payment through the service's client, however often it is asked", async () => {
    const client = serviceClient(server);
    const key = { mode: 'sandbox' as const, keyId: SANDBOX_KEYS.keyId };
    const payment = await capturedPayment(15_000);
    const ask = () =>
      client.refundPayment(key, payment.id, {
        amount: 15_000,
        speed: 'normal',
        receipt: `refund_${payment.id}`,
        notes: { orderId: 'abc', paymentId: payment.id, reason: 'duplicate' },
      });
    const first = await ask();
    expect(await ask()).toEqual(first);
    const refunds = await dataSource.getRepository(SandboxRefundEntity).findBy({ paymentId: payment.id });
    expect(refunds.map((r) => r.id)).toEqual([first.id]);
    expect(refunds[0].idempotencyKey).toBe(`refund_${payment.id}`);
  });

  it('says why a refund got no answer at all instead of failing inside the SDK', async () => {
    const nobody = serviceClient({ baseUrl: 'http://127.0.0.1:1' } as SandboxServer);
    const failure = await nobody
      .refundPayment({ mode: 'sandbox', keyId: SANDBOX_KEYS.keyId }, 'pay_Unanswered0001', {
        amount: 100,
        speed: 'normal',
        receipt: 'refund_pay_Unanswered0001',
        notes: {},
      })
      .catch((err: unknown) => err);
    expect(describeFailure(failure)).toMatch(/ECONNREFUSED/);
  });

  it("lets the service's client reach the simulator, and turns a provider refusal into one retryable 503", async () => {
    const client = serviceClient(server);
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
