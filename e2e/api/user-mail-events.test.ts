import { databaseUrl } from '@shop/kit';
import { EVENTS, type EventEnvelope, SEEDED_SETTINGS, type SettingsUpdatedEvent } from '@shop/proto';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { Backend, startBackend, TEST_ADMIN } from '../harness/backend';
import { eventEnvelope, publishEvents } from '../harness/broker';
import { api } from '../harness/http';
import { handledByUserService, mailsQueuedFor } from './mail-support';

jest.setTimeout(120_000);

/**
 * The mails the other services' events call for, as the user service queues and sends them. The
 * order events are published here as the order service's outbox publishes them; the order service
 * itself is not started, so order mails are checked as queued (their rendering reads the order at
 * send time: see the templates' unit tests), while staff's low-stock mail, which needs nothing
 * more, is read from maildev.
 */
describe('mail from events', () => {
  let backend: Backend;
  let db: Client;
  let customer: { id: string; email: string };
  let seq = 0;

  const rowsOf = (eventId: string) => mailsQueuedFor(db, eventId);

  const publish = async (...events: EventEnvelope[]) => {
    await publishEvents(backend.namespace, events);
    await handledByUserService(
      db,
      events.map((e) => e.id),
    );
  };

  const useSettings = async (changes: Partial<SettingsUpdatedEvent>) => {
    const settings = { ...SEEDED_SETTINGS, ...changes };
    await publishEvents(backend.namespace, [eventEnvelope(EVENTS.settingsUpdated, settings)]);
    const deadline = Date.now() + 15_000;
    for (;;) {
      const { rows } = await db.query(`SELECT data FROM shop_settings WHERE id = 1`);
      if (rows[0] && Object.entries(changes).every(([k, v]) => rows[0].data[k] === v)) return;
      if (Date.now() > deadline) throw new Error('settings not taken');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const stockLow = (name: string, reorder: { requestId: string; quantity: number } | null = null) =>
    eventEnvelope(EVENTS.stockLow, {
      productId: randomUUID(),
      name,
      brand: 'ms',
      stock: 4,
      threshold: 10,
      reorder,
    });

  const orderId = () => randomUUID();
  const placed = (id: string, paymentMethod: string) =>
    eventEnvelope(EVENTS.orderPlaced, {
      orderId: id,
      userId: customer.id,
      totalPaise: 123450,
      subtotalPaise: 104619,
      discountPaise: 0,
      shippingPaise: 0,
      taxPaise: 18831,
      coupon: null,
      currency: 'INR',
      lines: [{ productId: randomUUID(), quantity: 1, unitPricePaise: 104619, name: 'Custom Labels' }],
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      createdAt: new Date().toISOString(),
      paymentMethod,
      shippingMethod: 'standard',
    });
  const statusChanged = (id: string, from: string, to: string, trackingNumber: string | null = null) =>
    eventEnvelope(EVENTS.orderStatusChanged, {
      orderId: id,
      userId: customer.id,
      from,
      to,
      at: new Date().toISOString(),
      trackingNumber,
    });
  const cancelled = (type: string, id: string, reason: string, paid: boolean) =>
    eventEnvelope(type, {
      orderId: id,
      userId: customer.id,
      lines: [],
      reason,
      paid,
      cancelledAt: new Date().toISOString(),
    });

  beforeAll(async () => {
    backend = await startBackend({
      services: ['user'],
      // The order service is not started: its RPCs fail fast, and order mails wait for their retry.
      serviceEnv: {
        user: {
          RPC_TIMEOUT_MS: '500',
          MAIL_RETRY_BASE_MS: '60000',
          MAIL_RETRY_MAX_MS: '60000',
          MAIL_LEASE_MS: '2000',
        },
      },
    });
    db = new Client({ connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.user) });
    await db.connect();
    const email = 'mail-shopper@example.com';
    const res = await api(backend.url).post('/auth/register', {
      username: 'mail_shopper',
      email,
      password: 'Secret@123',
    });
    expect(res.status).toBe(201);
    customer = { id: res.body.user._id, email };
  });
  afterAll(async () => {
    await db?.end();
    await backend?.stop();
  });

  beforeEach(async () => {
    seq += 1;
    await useSettings({ businessEmail: '' });
  });

  describe('staff', () => {
    it('mail low stock to ADMIN_EMAIL while the settings have no business e-mail, naming the product, its stock, threshold and the reorder', async () => {
      const event = stockLow(`Gold Foil Labels ${seq}`, { requestId: randomUUID(), quantity: 50 });
      await publish(event);
      const [mail] = await backend.mailbox!.waitFor({
        to: TEST_ADMIN.email,
        subject: `Low stock: Gold Foil Labels ${seq} (4 left)`,
      });
      expect(mail.text).toContain('4 in stock, at or below its threshold of 10');
      expect(mail.text).toContain('reorder request for 50 units');
      expect(await rowsOf(event.id)).toEqual([
        expect.objectContaining({
          kind: 'low-stock',
          recipient: TEST_ADMIN.email,
          dedupe_key: `${event.id}:low-stock:${TEST_ADMIN.email}`,
        }),
      ]);
    });

    it('mail staff at the business e-mail once the settings name one, from MAIL_FROM with replies going to it', async () => {
      await useSettings({
        businessEmail: 'orders@msjaksh.test',
        businessName: 'MS & Jaksh Labels',
        businessPhone: '+91 98765 43210',
      });
      await publish(stockLow(`Kraft Tags ${seq}`));
      const [mail] = await backend.mailbox!.waitFor({
        to: 'orders@msjaksh.test',
        subject: `Low stock: Kraft Tags ${seq} (4 left)`,
      });
      expect(mail.from).toEqual([{ address: 'no-reply@msjaksh.in', name: 'MS & Jaksh' }]);
      expect(await backend.mailbox!.source(mail.id)).toMatch(/^Reply-To: orders@msjaksh\.test\r?$/m);
      expect(mail.text).toContain('MS & Jaksh Labels');
      expect(mail.text).toContain('Phone: +91 98765 43210');
      expect(mail.html).toContain('MS &amp; Jaksh Labels');
    });

    it('queue nothing twice for a redelivered event, and a new mail for a new crossing of the same product', async () => {
      const first = stockLow(`Woven Badges ${seq}`);
      await publish(first);
      await publishEvents(backend.namespace, [first]);
      const again = eventEnvelope(EVENTS.stockLow, first.data);
      await publish(again);
      await new Promise((r) => setTimeout(r, 1000));
      const subject = `Low stock: Woven Badges ${seq} (4 left)`;
      expect(await backend.mailbox!.waitFor({ to: TEST_ADMIN.email, subject }, { count: 2 })).toHaveLength(2);
      expect(await rowsOf(first.id)).toHaveLength(1);
      expect(await rowsOf(again.id)).toHaveLength(1);
    });

    it('mail no low stock while inventory alerts are off', async () => {
      await useSettings({ inventoryAlerts: false });
      const event = stockLow(`Silent Labels ${seq}`);
      await publish(event);
      expect(await rowsOf(event.id)).toEqual([]);
      await useSettings({ inventoryAlerts: true });
    });

    it('tell staff of an order paid online, and of a cash-on-delivery order when placed, not when its cash is taken', async () => {
      const online = orderId();
      const paid = eventEnvelope(EVENTS.orderPaid, {
        orderId: online,
        userId: customer.id,
        totalPaise: 99900,
        lines: [],
        paymentId: 'pay_1',
        paidAt: new Date().toISOString(),
        paymentMethod: 'upi',
      });
      const cod = orderId();
      const codPlaced = placed(cod, 'cod');
      const codPaid = eventEnvelope(EVENTS.orderPaid, {
        orderId: cod,
        userId: customer.id,
        totalPaise: 123450,
        lines: [],
        paymentId: 'cod_1',
        paidAt: new Date().toISOString(),
        paymentMethod: 'cod',
      });
      const onlinePlaced = placed(online, 'razorpay');
      await publish(onlinePlaced, paid, codPlaced, codPaid);
      expect(await rowsOf(onlinePlaced.id)).toEqual([]);
      expect(await rowsOf(paid.id)).toEqual([
        expect.objectContaining({
          kind: 'new-order',
          recipient: TEST_ADMIN.email,
          data: { orderId: online, totalPaise: 99900, paymentMethod: 'upi' },
        }),
      ]);
      expect(await rowsOf(codPlaced.id)).toEqual([
        expect.objectContaining({
          kind: 'new-order',
          recipient: TEST_ADMIN.email,
          data: { orderId: cod, totalPaise: 123450, paymentMethod: 'cod' },
        }),
        expect.objectContaining({
          kind: 'order-confirmation',
          recipient: customer.email,
          data: { orderId: cod, cashOnDelivery: true, document: null },
        }),
      ]);
      expect(await rowsOf(codPaid.id)).toEqual([]);
    });

    it('tell staff of no new order while order notifications are off', async () => {
      await useSettings({ orderNotifications: false });
      const paid = eventEnvelope(EVENTS.orderPaid, {
        orderId: orderId(),
        userId: customer.id,
        totalPaise: 99900,
        lines: [],
        paymentId: 'pay_2',
        paidAt: new Date().toISOString(),
        paymentMethod: 'card',
      });
      await publish(paid);
      expect(await rowsOf(paid.id)).toEqual([]);
      await useSettings({ orderNotifications: true });
    });
  });

  describe('shoppers', () => {
    it('take replies at ADMIN_EMAIL while the settings have no business e-mail, not at the no-reply sender', async () => {
      const [mail] = await backend.mailbox!.waitFor({
        to: customer.email,
        subject: 'Verify your e-mail address for MS & Jaksh',
      });
      expect(mail.from).toEqual([{ address: 'no-reply@msjaksh.in', name: 'MS & Jaksh' }]);
      const replyTo = new RegExp(`^Reply-To: ${TEST_ADMIN.email.replace(/\./g, '\\.')}\\r?$`, 'm');
      expect(await backend.mailbox!.source(mail.id)).toMatch(replyTo);
    });

    it('confirm an order paid online when its invoice is issued, with the invoice to attach; a cash-on-delivery invoice waits for the shipped mail', async () => {
      const id = orderId();
      const issued = (kind: string, trigger: string, paymentMethod: string) =>
        eventEnvelope(EVENTS.invoiceIssued, {
          documentId: randomUUID(),
          orderId: id,
          userId: customer.id,
          kind,
          number: `${kind === 'receipt' ? 'RCT' : 'INV'}/26-27/00000${seq}`,
          issuedAt: new Date().toISOString(),
          totalPaise: 99900,
          trigger,
          paymentMethod,
        });
      const paidOnline = issued('receipt', 'paid', 'upi');
      const codShipped = issued('invoice', 'shipped', 'cod');
      const codPaidFirst = issued('invoice', 'paid', 'cod');
      await publish(paidOnline, codShipped, codPaidFirst);
      expect(await rowsOf(paidOnline.id)).toEqual([
        expect.objectContaining({
          kind: 'order-confirmation',
          recipient: customer.email,
          dedupe_key: `${paidOnline.id}:order-confirmation:${customer.email}`,
          data: {
            orderId: id,
            cashOnDelivery: false,
            document: { kind: 'receipt', number: `RCT/26-27/00000${seq}` },
          },
        }),
      ]);
      expect(await rowsOf(codShipped.id)).toEqual([]);
      expect(await rowsOf(codPaidFirst.id)).toEqual([]);
    });

    it('mail shipped (with the tracking number) and delivered, but not the other moves', async () => {
      const id = orderId();
      const processing = statusChanged(id, 'Pending', 'Processing');
      const shipped = statusChanged(id, 'Processing', 'Shipped', 'DTDC123456');
      const delivered = statusChanged(id, 'Shipped', 'Delivered');
      await publish(processing, shipped, delivered);
      expect(await rowsOf(processing.id)).toEqual([]);
      expect(await rowsOf(shipped.id)).toEqual([
        expect.objectContaining({
          kind: 'order-shipped',
          data: { orderId: id, trackingNumber: 'DTDC123456' },
        }),
      ]);
      expect(await rowsOf(delivered.id)).toEqual([
        expect.objectContaining({ kind: 'order-delivered', data: { orderId: id } }),
      ]);
    });

    it('mail a cancellation by staff or a refusal at the door, not an expiry', async () => {
      const byStaff = cancelled(EVENTS.orderCancelled, orderId(), 'staff', true);
      const refused = cancelled(EVENTS.orderCancelled, orderId(), 'refused', false);
      const expired = cancelled(EVENTS.orderExpired, orderId(), 'expired', false);
      // The user service binds no handler to order.expired: it never even receives it.
      await publishEvents(backend.namespace, [expired]);
      await publish(byStaff, refused);
      expect(await rowsOf(byStaff.id)).toEqual([
        expect.objectContaining({
          kind: 'order-cancelled',
          data: expect.objectContaining({ reason: 'staff', paid: true }),
        }),
      ]);
      expect(await rowsOf(refused.id)).toEqual([
        expect.objectContaining({
          kind: 'order-cancelled',
          data: expect.objectContaining({ reason: 'refused', paid: false }),
        }),
      ]);
      expect(await rowsOf(expired.id)).toEqual([]);
    });

    it('mail a refund with its amount, reason and credit note', async () => {
      const id = orderId();
      const refunded = eventEnvelope(EVENTS.orderRefunded, {
        orderId: id,
        userId: customer.id,
        paymentId: 'pay_9',
        amountPaise: 99900,
        reason: 'cancelled',
        refundedAt: new Date().toISOString(),
        creditNoteNumber: 'CN/26-27/000001',
      });
      await publish(refunded);
      expect(await rowsOf(refunded.id)).toEqual([
        expect.objectContaining({
          kind: 'order-refunded',
          recipient: customer.email,
          data: expect.objectContaining({
            amountPaise: 99900,
            reason: 'cancelled',
            creditNoteNumber: 'CN/26-27/000001',
          }),
        }),
      ]);
    });

    it('send no status mail while customer updates are off, but still the order confirmation', async () => {
      await useSettings({ customerUpdates: false });
      const id = orderId();
      const shipped = statusChanged(id, 'Processing', 'Shipped');
      const codPlaced = placed(id, 'cod');
      await publish(shipped, codPlaced);
      expect(await rowsOf(shipped.id)).toEqual([]);
      expect((await rowsOf(codPlaced.id)).map((r) => r.kind)).toEqual(['new-order', 'order-confirmation']);
      await useSettings({ customerUpdates: true });
    });

    it('write to no one for an account the user service does not hold', async () => {
      const stranger = eventEnvelope(EVENTS.orderStatusChanged, {
        orderId: orderId(),
        userId: randomUUID(),
        from: 'Processing',
        to: 'Shipped',
        at: new Date().toISOString(),
        trackingNumber: null,
      });
      await publish(stranger);
      expect(await rowsOf(stranger.id)).toEqual([]);
    });
  });

  it('send only password resets (and verification links) while e-mail notifications are off', async () => {
    await useSettings({ emailNotifications: false });
    const low = stockLow(`Muted Labels ${seq}`);
    const codPlaced = placed(orderId(), 'cod');
    const shipped = statusChanged(orderId(), 'Processing', 'Shipped');
    await publish(low, codPlaced, shipped);
    expect(await rowsOf(low.id)).toEqual([]);
    expect(await rowsOf(codPlaced.id)).toEqual([]);
    expect(await rowsOf(shipped.id)).toEqual([]);

    expect((await api(backend.url).post('/auth/forgot-password', { email: customer.email })).status).toBe(
      200,
    );
    await backend.mailbox!.waitFor({ to: customer.email, subject: 'Reset your MS & Jaksh password' });
    await useSettings({ emailNotifications: true });
  });

  it('loses no mail and doubles none when the user service is killed while sending', async () => {
    const names = Array.from({ length: 120 }, (_, i) => `Killed Batch ${seq} Label ${i}`);
    await publishEvents(
      backend.namespace,
      names.map((name) => stockLow(name)),
    );
    // Killed once mail is going out: some mails are sent, some claimed and half-sent, some waiting.
    await backend.mailbox!.waitFor(
      { to: TEST_ADMIN.email, subject: new RegExp(`^Low stock: Killed Batch ${seq} `) },
      { count: 5 },
    );
    await backend.kill('user');
    await backend.restart('user');

    const subject = new RegExp(`^Low stock: Killed Batch ${seq} `);
    const mails = await backend.mailbox!.waitFor(
      { to: TEST_ADMIN.email, subject },
      { count: names.length, timeoutMs: 60_000 },
    );
    // A copy sent twice would arrive after the first: give it the lease and a pass to do so.
    await new Promise((r) => setTimeout(r, 3000));
    const all = await backend.mailbox!.waitFor({ to: TEST_ADMIN.email, subject }, { count: names.length });
    expect(all).toHaveLength(mails.length);
    expect(all.map((m) => m.subject).sort()).toEqual(
      names.map((name) => `Low stock: ${name} (4 left)`).sort(),
    );
    const { rows } = await db.query(
      `SELECT state, count(*)::int AS n FROM mails WHERE kind = 'low-stock' AND data->>'name' LIKE $1 GROUP BY state`,
      [`Killed Batch ${seq} %`],
    );
    expect(rows).toEqual([{ state: 'sent', n: names.length }]);
  });
});
