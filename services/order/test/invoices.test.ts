import { Test, TestingModule } from '@nestjs/testing';
import { dropDatabase, RpcClient } from '@shop/kit';
import {
  brokerNames,
  EventEnvelope,
  EVENTS,
  gstinCheckCharacter,
  InvoiceIssuedEvent,
  OrderPaidEvent,
  OrderRefundedEvent,
  SEEDED_SETTINGS,
} from '@shop/proto';
import { Channel, ChannelModel, connect } from 'amqplib';
import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { deleteNamespace } from '../../../e2e/harness/broker';
import { InvoicesRpcController } from '../src/invoices/invoices.rpc-controller';
import { InvoicesService } from '../src/invoices/invoices.service';
import { OrdersRpcController } from '../src/orders/orders.rpc-controller';
import { OrderLifecycle } from '../src/orders/order-lifecycle';

jest.setTimeout(90_000);

const namespace = `t${randomBytes(4).toString('hex')}`;
const database = `${namespace}_order`;
const SELLER_GSTIN = '27AAPFU0939F1Z' + gstinCheckCharacter('27AAPFU0939F1Z');

/** The bus as other services see it: publishes events to the order service and records what it publishes. */
class Bus {
  readonly seen: EventEnvelope<{ orderId: string }>[] = [];
  private conn?: ChannelModel;
  private channel?: Channel;
  private readonly exchange = brokerNames(namespace).eventsExchange;

  async start(): Promise<void> {
    this.conn = await connect(process.env.AMQP_URL!);
    this.channel = await this.conn.createChannel();
    await this.channel.assertExchange(this.exchange, 'topic', { durable: true });
    const { queue } = await this.channel.assertQueue('', { exclusive: true });
    for (const type of [EVENTS.invoiceIssued, EVENTS.orderRefunded])
      await this.channel.bindQueue(queue, this.exchange, type);
    await this.channel.consume(queue, (msg) => msg && this.seen.push(JSON.parse(msg.content.toString())), {
      noAck: true,
    });
  }

  publish<T>(type: string, data: T, id: string = randomUUID()): void {
    const envelope: EventEnvelope<T> = { id, type, occurredAt: new Date().toISOString(), version: 1, data };
    this.channel!.publish(this.exchange, type, Buffer.from(JSON.stringify(envelope)), {
      persistent: true,
      messageId: id,
    });
  }

  of<T>(type: string, orderId: string): EventEnvelope<T>[] {
    return this.seen.filter((e) => e.type === type && e.data.orderId === orderId) as EventEnvelope<T>[];
  }

  async stop(): Promise<void> {
    await this.conn?.close();
  }
}

async function eventually(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('issuing invoices in the order database', () => {
  let app: TestingModule;
  let db: DataSource;
  let invoices: InvoicesService;
  let lifecycle: OrderLifecycle;
  const bus = new Bus();

  beforeAll(async () => {
    Object.assign(process.env, {
      DATABASE_NAME: database,
      BUS_NAMESPACE: namespace,
      HEALTH_PORT: '0',
      LOG_LEVEL: 'silent',
    });
    const { AppModule } = await import('../src/app.module');
    app = await Test.createTestingModule({ imports: [AppModule] })
      .overrideProvider(RpcClient)
      .useValue({ call: async () => undefined, onApplicationShutdown: async () => undefined })
      .compile();
    app.useLogger(false);
    await app.init();
    db = app.get(DataSource);
    invoices = app.get(InvoicesService);
    lifecycle = app.get(OrderLifecycle);
    await bus.start();
    await useSettings({ gstNumber: SELLER_GSTIN, businessState: 'Maharashtra' });
  });
  afterAll(async () => {
    await bus.stop();
    await app?.close();
    await dropDatabase(process.env.DATABASE_URL!, database).catch(() => undefined);
    await deleteNamespace(namespace).catch(() => undefined);
  });

  /** The shop's settings as the order service keeps them from `settings.updated`. */
  async function useSettings(changes: Partial<typeof SEEDED_SETTINGS>): Promise<void> {
    await db.query(
      `INSERT INTO shop_settings (id, data, occurred_at) VALUES (1, $1, now())
       ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data, occurred_at = EXCLUDED.occurred_at`,
      [JSON.stringify({ ...SEEDED_SETTINGS, ...changes })],
    );
    await pause(200);
  }

  /** A paid order of one 500-rupee line, as checkout and the payment write it. */
  async function paidOrder(options: { paymentMethod?: string; paid?: boolean } = {}): Promise<string> {
    const id = randomUUID();
    await db.query(
      `INSERT INTO orders (id, user_id, reservation, payment_status, payment_method, payment_id, paid_at,
                           subtotal_paise, discount_paise, shipping_paise, tax_paise, tax_rate, total_paise,
                           shipping_address, expires_at)
       VALUES ($1, $2, 'reserved', $3, $4, $5, now(), 50000, 0, 9900, 10800, 18, 70700, $6, now() + interval '1 hour')`,
      [
        id,
        randomUUID(),
        options.paid === false ? 'pending' : 'paid',
        options.paymentMethod ?? 'card',
        options.paid === false ? null : `pay_${id.slice(0, 8)}`,
        JSON.stringify({
          fullName: 'Ravi Menon',
          phone: '9876543210',
          street: '7 Residency Road',
          city: 'Pune',
          state: 'Maharashtra',
          pinCode: '411001',
          country: 'India',
        }),
      ],
    );
    await db.query(
      `INSERT INTO order_lines (order_id, position, product_id, name, base_price_paise, unit_price_paise, quantity, hsn_code)
       VALUES ($1, 0, $2, 'Leather Diary', 50000, 50000, 1, '4820')`,
      [id, randomUUID()],
    );
    await db.query(`INSERT INTO order_status_history (order_id, status) VALUES ($1, 'Pending')`, [id]);
    return id;
  }

  /** Issues the order's invoice in a transaction of its own, as the order.paid handler does. */
  const issue = (orderId: string) =>
    db.transaction(async (m) => {
      const order = await lifecycle.lock(m, orderId);
      return invoices.issueSale(m, order!, 'paid');
    });

  const sequence = (number: string) => Number(number.split('/')[2]);
  const documents = (orderId: string) =>
    db.query(
      `SELECT kind, number, issued_at, pdf IS NOT NULL AS rendered FROM order_documents WHERE order_id = $1 ORDER BY issued_at`,
      [orderId],
    );
  const lastInvoiceNumber = async () =>
    (await db.query(`SELECT max(number) AS number FROM order_documents WHERE kind = 'invoice'`))[0].number as
      string | null;

  it('numbers 50 concurrent issuances without a gap, dates rising with the numbers', async () => {
    const before = await lastInvoiceNumber();
    const start = before ? sequence(before) : 0;
    const orders = await Promise.all(Array.from({ length: 50 }, () => paidOrder()));
    await Promise.all(orders.map(issue));
    const rows: { number: string; issued_at: Date }[] = await db.query(
      `SELECT number, issued_at FROM order_documents WHERE order_id = ANY($1) ORDER BY number`,
      [orders],
    );
    expect(rows.map((r) => sequence(r.number))).toEqual(Array.from({ length: 50 }, (_, i) => start + i + 1));
    for (const r of rows) expect(r.number).toMatch(/^INV\/\d{2}-\d{2}\/\d{6}$/);
    const dates = rows.map((r) => r.issued_at.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
  });

  it('gives the number of a transaction rolled back mid-way to the next issuance, which waited for it', async () => {
    const [rolledBack, next] = [await paidOrder(), await paidOrder()];
    const start = sequence((await lastInvoiceNumber())!);
    const runner = db.createQueryRunner();
    await runner.startTransaction();
    const order = await lifecycle.lock(runner.manager, rolledBack);
    const taken = await invoices.issueSale(runner.manager, order!, 'paid');
    expect(sequence(taken!.number)).toBe(start + 1);
    // The next payment waits on the series' counter while the first transaction holds it.
    const waiting = issue(next);
    await pause(300);
    await runner.rollbackTransaction();
    await runner.release();
    expect(sequence((await waiting)!.number)).toBe(start + 1);
    expect(await documents(rolledBack)).toEqual([]);
    // The rolled-back document is never rendered.
    await pause(300);
    expect(await documents(rolledBack)).toEqual([]);
  });

  it('gives back the number of a transaction whose connection is killed', async () => {
    const [killed, next] = [await paidOrder(), await paidOrder()];
    const start = sequence((await lastInvoiceNumber())!);
    const runner = db.createQueryRunner();
    await runner.startTransaction();
    const [{ pid }] = await runner.query(`SELECT pg_backend_pid() AS pid`);
    const order = await lifecycle.lock(runner.manager, killed);
    await invoices.issueSale(runner.manager, order!, 'paid');
    const waiting = issue(next);
    await pause(300);
    await db.query(`SELECT pg_terminate_backend($1)`, [pid]);
    expect(sequence((await waiting)!.number)).toBe(start + 1);
    await runner.release().catch(() => undefined);
    expect(await documents(killed)).toEqual([]);
  });

  it('issues one invoice for order.paid however often it is delivered, and renders its PDF once it commits', async () => {
    const orderId = await paidOrder();
    const paid: OrderPaidEvent = {
      orderId,
      userId: randomUUID(),
      totalPaise: 70_700,
      lines: [],
      paymentId: 'pay_x',
      paidAt: new Date().toISOString(),
      paymentMethod: 'card',
    };
    const eventId = randomUUID();
    bus.publish(EVENTS.orderPaid, paid, eventId);
    bus.publish(EVENTS.orderPaid, paid, eventId);
    bus.publish(EVENTS.orderPaid, paid);
    await eventually(
      async () => (await documents(orderId)).some((d: { rendered: boolean }) => d.rendered),
      'the rendered invoice',
    );
    await pause(1000);
    expect(await documents(orderId)).toEqual([expect.objectContaining({ kind: 'invoice', rendered: true })]);
    expect(bus.of<InvoiceIssuedEvent>(EVENTS.invoiceIssued, orderId).map((e) => e.data)).toEqual([
      expect.objectContaining({
        kind: 'invoice',
        trigger: 'paid',
        totalPaise: 70_700,
        paymentMethod: 'card',
      }),
    ]);
  });

  it('hands the PDF to another service (no actor), the order’s customer and staff, and 404 to anyone else', async () => {
    const orderId = await paidOrder();
    await issue(orderId);
    const [{ user_id: owner }] = await db.query(`SELECT user_id FROM orders WHERE id = $1`, [orderId]);
    const controller = app.get(InvoicesRpcController);
    const ask = async (actor: { userId: string; role: 'customer' | 'admin' } | null, kind = 'invoice') =>
      controller.pdf({ actor, data: { orderId, kind } } as never);
    const forService = await ask(null);
    expect(Buffer.from(forService.pdfBase64, 'base64').subarray(0, 4).toString()).toBe('%PDF');
    expect(forService.filename).toMatch(/^INV-\d{2}-\d{2}-\d{6}\.pdf$/);
    expect(await ask({ userId: owner, role: 'customer' })).toEqual(forService);
    expect(await ask({ userId: randomUUID(), role: 'admin' })).toEqual(forService);
    const refusals: [Parameters<typeof ask>[0], string][] = [
      [{ userId: randomUUID(), role: 'customer' }, 'invoice'],
      [null, 'credit-note'],
      [null, 'bill'],
    ];
    for (const [actor, kind] of refusals)
      await expect(ask(actor, kind)).rejects.toMatchObject({
        payload: { status: 404, message: 'Document not found' },
      });
    const view = await app.get(OrdersRpcController).get({ actor: null, data: { id: orderId } } as never);
    expect(view.documents).toEqual([expect.objectContaining({ kind: 'invoice', total: 707 })]);
  });

  it('refuses any change to an issued document', async () => {
    const orderId = await paidOrder();
    const issued = await issue(orderId);
    await expect(
      db.query(`UPDATE order_documents SET total_paise = 1 WHERE id = $1`, [issued!.id]),
    ).rejects.toThrow(/was issued and never changes/);
    await expect(db.query(`DELETE FROM order_documents WHERE id = $1`, [issued!.id])).rejects.toThrow(
      /never changes/,
    );
  });

  it('invoices a cash-on-delivery order when it ships, and nothing more when it is paid at the door', async () => {
    const orderId = await paidOrder({ paymentMethod: 'cod', paid: false });
    for (const to of ['Processing', 'Shipped'] as const)
      await db.transaction(async (m) => lifecycle.move(m, (await lifecycle.lock(m, orderId))!, to));
    bus.publish<OrderPaidEvent>(EVENTS.orderPaid, {
      orderId,
      userId: randomUUID(),
      totalPaise: 70_700,
      lines: [],
      paymentId: 'cod',
      paidAt: new Date().toISOString(),
      paymentMethod: 'cod',
    });
    await eventually(() => bus.of(EVENTS.invoiceIssued, orderId).length === 1, 'invoice.issued');
    await pause(1000);
    expect(bus.of<InvoiceIssuedEvent>(EVENTS.invoiceIssued, orderId).map((e) => e.data)).toEqual([
      expect.objectContaining({ kind: 'invoice', trigger: 'shipped', paymentMethod: 'cod' }),
    ]);
  });

  it('reverses an invoiced order refunded after staff cancelled it with a credit note, announced in order.refunded', async () => {
    const orderId = await paidOrder();
    const invoice = await issue(orderId);
    await db.transaction(async (m) => lifecycle.move(m, (await lifecycle.lock(m, orderId))!, 'Cancelled'));
    const refund = {
      orderId,
      paymentId: `pay_${orderId.slice(0, 8)}`,
      refundId: 'rfnd_1',
      amountPaise: 70_700,
      reason: 'cancelled' as const,
      status: 'processed' as const,
      refundedAt: new Date().toISOString(),
      error: null,
    };
    await db.transaction((m) => lifecycle.refundMoved(m, refund));
    await db.transaction((m) => lifecycle.refundMoved(m, refund));
    const [note] = await db.query(
      `SELECT number, reverses_id, document FROM order_documents WHERE order_id = $1 AND kind = 'credit-note'`,
      [orderId],
    );
    expect(note.number).toMatch(/^CN\/\d{2}-\d{2}\/\d{6}$/);
    expect(note.reverses_id).toBe(invoice!.id);
    expect(note.document.reverses).toMatchObject({ number: invoice!.number });
    expect(note.document.totals.totalPaise).toBe(70_700);
    await eventually(() => bus.of(EVENTS.orderRefunded, orderId).length === 1, 'order.refunded');
    await pause(500);
    expect(bus.of<OrderRefundedEvent>(EVENTS.orderRefunded, orderId).map((e) => e.data)).toEqual([
      expect.objectContaining({ reason: 'cancelled', amountPaise: 70_700, creditNoteNumber: note.number }),
    ]);
    expect(bus.of<InvoiceIssuedEvent>(EVENTS.invoiceIssued, orderId).map((e) => e.data.trigger)).toEqual([
      'paid',
      'refunded',
    ]);
  });

  it('issues a receipt numbered RCT/… in its own series while the shop has no GSTIN', async () => {
    await useSettings({ gstNumber: '', businessState: '' });
    try {
      const receipt = await issue(await paidOrder());
      expect(receipt).toMatchObject({ kind: 'receipt' });
      expect(receipt!.number).toMatch(/^RCT\/\d{2}-\d{2}\/000001$/);
      expect(receipt!.document).toMatchObject({ title: 'Receipt', registered: false, taxSplit: 'none' });
    } finally {
      await useSettings({ gstNumber: SELLER_GSTIN, businessState: 'Maharashtra' });
    }
  });
});
