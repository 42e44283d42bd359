import {
  EVENTS,
  InvoiceIssuedEvent,
  OrderDocumentView,
  OrderRefundedEvent,
} from '@shop/proto';
import { adminToken } from './catalog-support';
import {
  BENGALURU,
  checkoutBody,
  createProduct,
  downloadDocument,
  gstinOf,
  Http,
  issuedDocument,
  SELLER,
  SELLER_GSTIN,
} from './order-fixtures';
import {
  customerToken,
  eventually,
  pause,
  placePaidOrder,
  RefundShop,
  startRefundShop,
} from './payment-fixtures';

jest.setTimeout(180_000);

const BUYER_GSTIN = gstinOf('29AAACB1234C1Z');

/**
 * GST tax invoices, receipts and credit notes through the gateway, with the real catalog, order,
 * payment and admin-reporting services and the simulated Razorpay: a paid order's invoice is a PDF
 * its customer and staff download (anyone else gets 404), it never changes once issued, a
 * staff-cancelled paid order gets a credit note once its payment is refunded, and a shop without a
 * GSTIN issues receipts.
 */
describe('order documents', () => {
  let shop: RefundShop;
  let http: Http;
  const admin = adminToken();

  beforeAll(async () => {
    shop = await startRefundShop([EVENTS.invoiceIssued, EVENTS.orderRefunded], {}, ['admin-reporting']);
    http = shop.http;
    await useSettings(SELLER);
  });
  afterAll(async () => {
    await shop?.stop();
  });

  /** Saves settings in the back office and waits until the order service keeps them. */
  async function useSettings(changes: Record<string, unknown>): Promise<void> {
    const res = await http.patch('/admin2009/settings', changes, admin);
    expect(res.status).toBe(200);
    await eventually(async () => {
      const [row] = (await shop.orders.query(`SELECT data FROM shop_settings WHERE id = 1`)).rows;
      return Object.entries(changes).every(([key, value]) => row?.data[key] === value);
    }, 'the order service to keep the settings');
  }

  const paidOrder = (token: string, product: string, extra: Record<string, unknown> = {}) =>
    placePaidOrder(http, token, checkoutBody([{ product, quantity: 3 }], extra));

  const documentsOf = async (orderId: string, token: string): Promise<OrderDocumentView[]> =>
    (await http.get(`/orders/${orderId}`, token)).body.order.documents;

  const issued = (orderId: string, token: string, kind: OrderDocumentView['kind']) =>
    issuedDocument(http, orderId, token, kind);

  const download = (path: string, token?: string) => downloadDocument(shop.backend.url, path, token);

  it('lets the customer download a paid order’s tax invoice as a PDF with both GSTINs, the HSN code and IGST', async () => {
    const product = await createProduct(http, admin, { name: 'Invoice Test Lanyard', price: 450, stock: 50 });
    const { token } = customerToken();
    const order = await paidOrder(token, product, {
      shippingAddress: BENGALURU,
      gstin: BUYER_GSTIN,
      companyName: 'Bengaluru Badges Pvt Ltd',
    });
    const invoice = await issued(order._id, token, 'invoice');
    expect(invoice).toMatchObject({
      number: expect.stringMatching(/^INV\/\d{2}-\d{2}\/\d{6}$/),
      total: order.totalAmount,
    });

    const file = await download(`/orders/${order._id}/documents/invoice`, token);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="${invoice.number.replace(/\//g, '-')}.pdf"`,
    );
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(file.bytes.subarray(0, 4).toString()).toBe('%PDF');
    for (const expected of [
      'TAX INVOICE',
      invoice.number,
      `GSTIN: ${SELLER_GSTIN}`,
      `GSTIN: ${BUYER_GSTIN}`,
      'Bengaluru Badges Pvt Ltd',
      'Invoice Test Lanyard',
      '6307',
      'Place of supply',
      'Karnataka (29)',
      'IGST',
      'Amount in words: Rupees',
    ])
      expect(file.text).toContain(expected);
    expect(file.text).not.toContain('CGST');
    expect(shop.bus.of<InvoiceIssuedEvent>(EVENTS.invoiceIssued, order._id).map((e) => e.data)).toEqual([
      expect.objectContaining({ kind: 'invoice', number: invoice.number, trigger: 'paid' }),
    ]);
  });

  it('charges CGST and SGST to a buyer in the seller’s state', async () => {
    const product = await createProduct(http, admin, { name: 'Invoice Test Diary', price: 300, stock: 50 });
    const { token } = customerToken();
    const order = await paidOrder(token, product);
    await issued(order._id, token, 'invoice');
    const file = await download(`/orders/${order._id}/documents/invoice`, token);
    expect(file.text).toContain('CGST');
    expect(file.text).toContain('SGST');
    expect(file.text).toContain('Maharashtra (27)');
    expect(file.text).not.toContain('IGST');
  });

  it('answers 404 to a stranger and for a document the order does not have, and the same bytes to staff', async () => {
    const product = await createProduct(http, admin, { name: 'Invoice Test Mug', price: 250, stock: 50 });
    const { token } = customerToken();
    const order = await paidOrder(token, product);
    await issued(order._id, token, 'invoice');
    const own = await download(`/orders/${order._id}/documents/invoice`, token);

    const stranger = await http.get(`/orders/${order._id}/documents/invoice`, customerToken().token);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ success: false, message: 'Document not found' });
    expect((await http.get(`/orders/${order._id}/documents/credit-note`, token)).status).toBe(404);
    expect((await http.get(`/orders/${order._id}/documents/receipt`, token)).status).toBe(404);
    expect((await http.get(`/orders/${crypto.randomUUID()}/documents/invoice`, token)).status).toBe(404);
    expect((await http.get(`/orders/${order._id}/documents/invoice`)).status).toBe(401);
    const badKind = await http.get(`/orders/${order._id}/documents/bill`, token);
    expect(badKind.status).toBe(400);
    expect(badKind.body.message).toBe('Document must be invoice, receipt or credit-note');

    const staff = await download(`/admin2009/orders/${order._id}/documents/invoice`, admin);
    expect(staff.status).toBe(200);
    expect(staff.bytes.equals(own.bytes)).toBe(true);
    expect((await http.get(`/admin2009/orders/${order._id}/documents/invoice`, token)).status).toBe(401);
    expect((await http.get(`/admin2009/orders/${order._id}`, admin)).body.order.documents).toEqual([
      expect.objectContaining({ kind: 'invoice' }),
    ]);
  });

  it('keeps an issued invoice byte for byte when the product’s price and the settings change', async () => {
    const product = await createProduct(http, admin, { name: 'Invoice Test Pen', price: 120, stock: 50 });
    const { token } = customerToken();
    const order = await paidOrder(token, product);
    await issued(order._id, token, 'invoice');
    const before = await download(`/orders/${order._id}/documents/invoice`, token);

    expect((await http.patch(`/admin2009/products/${product}`, { price: '999' }, admin)).status).toBe(200);
    await useSettings({
      businessName: 'Renamed Traders',
      businessAddress: '1 New Road, Mumbai',
      defaultTaxRate: 12,
    });
    try {
      const after = await download(`/orders/${order._id}/documents/invoice`, token);
      expect(after.bytes.equals(before.bytes)).toBe(true);
      expect(after.text).toContain('MS & Jaksh');
      expect(after.text).not.toContain('Renamed Traders');
    } finally {
      await useSettings({ ...SELLER, defaultTaxRate: 18 });
    }
  });

  it('issues a credit note against the invoice of a paid order staff cancelled, once its payment is refunded', async () => {
    const product = await createProduct(http, admin, { name: 'Invoice Test Frame', price: 800, stock: 50 });
    const { token } = customerToken();
    const order = await paidOrder(token, product);
    const invoice = await issued(order._id, token, 'invoice');

    expect(
      (await http.patch(`/admin2009/orders/${order._id}`, { orderStatus: 'Cancelled' }, admin)).status,
    ).toBe(200);
    const note = await issued(order._id, token, 'credit-note');
    expect(note).toMatchObject({
      number: expect.stringMatching(/^CN\/\d{2}-\d{2}\/\d{6}$/),
      total: order.totalAmount,
    });
    expect((await documentsOf(order._id, token)).map((d) => d.kind)).toEqual(['invoice', 'credit-note']);

    const file = await download(`/orders/${order._id}/documents/credit-note`, token);
    expect(file.status).toBe(200);
    for (const expected of ['CREDIT NOTE', note.number, `${invoice.number} dated`, 'Total credited'])
      expect(file.text).toContain(expected);
    await eventually(() => shop.bus.of(EVENTS.orderRefunded, order._id).length === 1, 'order.refunded');
    expect(shop.bus.of<OrderRefundedEvent>(EVENTS.orderRefunded, order._id)[0].data).toMatchObject({
      reason: 'cancelled',
      creditNoteNumber: note.number,
    });
    await pause(1500);
    expect(shop.bus.of(EVENTS.orderRefunded, order._id)).toHaveLength(1);
  });

  it('issues a receipt, RCT/…, with no GSTIN while the shop has none', async () => {
    await useSettings({ gstNumber: '' });
    try {
      const product = await createProduct(http, admin, {
        name: 'Receipt Test Sticker',
        price: 200,
        stock: 50,
      });
      const { token } = customerToken();
      const order = await paidOrder(token, product);
      const receipt = await issued(order._id, token, 'receipt');
      expect(receipt.number).toMatch(/^RCT\/\d{2}-\d{2}\/\d{6}$/);
      expect((await http.get(`/orders/${order._id}/documents/invoice`, token)).status).toBe(404);
      const file = await download(`/orders/${order._id}/documents/receipt`, token);
      expect(file.status).toBe(200);
      expect(file.text).toContain('RECEIPT');
      expect(file.text).toContain('The seller is not registered for GST');
      expect(file.text).not.toContain('GSTIN: 27');
    } finally {
      await useSettings({ gstNumber: SELLER_GSTIN });
    }
  });
});
