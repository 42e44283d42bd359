import { SEEDED_SETTINGS, type OrderView } from '@shop/proto';
import { emailVerificationMail, passwordResetMail } from './account-mails';
import { renderMail } from './mail-content';
import type { BusinessDetails } from './mail-frame';
import {
  newOrderMail,
  type OrderMailContext,
  orderCancelledMail,
  orderConfirmationMail,
  orderRefundedMail,
  orderShippedMail,
} from './order-mails';
import { lowStockMail } from './stock-mails';

const BUSINESS: BusinessDetails = {
  businessName: 'MS & Jaksh',
  businessEmail: 'hello@msjaksh.in',
  businessPhone: '+91 98765 43210',
  businessAddress: '12 Industrial Estate, Surat, Gujarat 395003',
  gstNumber: '24AAACM1234F1Z5',
};

const ORDER: OrderView = {
  _id: '0f6c1a2e-5d7b-4c1e-9a3b-1234abcd5678',
  user: { _id: 'u1', username: 'asha', email: 'asha@example.com' },
  products: [
    {
      product: { _id: 'p1', name: 'Custom Labels', brand: 'ms', price: 499, images: [] },
      productId: 'p1',
      name: 'Custom Labels',
      image: null,
      quantity: 2,
      price: 499,
      lineTotal: 998,
      customization: {
        size: 'Large',
        comments: 'Print in gold',
        uploadedFiles: [{ name: 'logo.png', url: '/uploads/logo.png' }],
        dynamicCustomizations: { 'opt-colour': { value: 'Red' }, 'opt-gone': 'Matte' },
      },
    },
    {
      product: { _id: 'p2', name: 'Corporate Mug', brand: 'jaksh', price: 150, images: [] },
      productId: 'p2',
      name: 'Corporate Mug',
      image: null,
      quantity: 1,
      price: 150,
      lineTotal: 150,
      customization: {},
    },
  ],
  shippingAddress: {
    fullName: 'Asha Patel',
    name: 'Asha Patel',
    phone: '9876543210',
    email: 'asha@example.com',
    street: '4 MG Road',
    city: 'Pune',
    state: 'Maharashtra',
    pinCode: '411001',
    country: 'India',
  },
  paymentDetails: {
    status: 'paid',
    amount: 1234.5,
    currency: 'INR',
    razorpayOrderId: 'order_1',
    paymentMethod: 'upi',
    paymentId: 'pay_1',
    paidAt: '2026-05-12T09:30:00.000Z',
  },
  orderStatus: 'Processing',
  totalAmount: 1234.5,
  subtotal: 1148,
  shipping: 200,
  tax: 192.1,
  taxRate: 18,
  discountAmount: 114.8,
  coupon: 'SAVE10',
  trackingNumber: null,
  statusHistory: [],
  estimatedDelivery: null,
  cancelReason: null,
  shippingMethod: 'express',
  gstin: '27AAACB1234C1Z9',
  companyName: 'Buyer Pvt Ltd',
  documents: [],
  createdAt: '2026-05-12T09:00:00.000Z',
  updatedAt: '2026-05-12T09:30:00.000Z',
};

const CTX: OrderMailContext = {
  business: BUSINESS,
  order: ORDER,
  optionNames: new Map([['opt-colour', 'Colour']]),
  orderUrl: 'https://shop.test/confirmation/0f6c1a2e-5d7b-4c1e-9a3b-1234abcd5678',
  adminOrderUrl: 'https://shop.test/admin2009/orders/0f6c1a2e-5d7b-4c1e-9a3b-1234abcd5678',
};

/** Both parts of a mail must say it: the HTML for mail apps, the text for the rest. */
function expectBothParts(mail: { html: string; text: string }, phrases: string[]) {
  for (const phrase of phrases) {
    expect({
      part: 'html',
      has: mail.html
        .replace(/<!-- -->/g, '')
        .replace(/&amp;/g, '&')
        .includes(phrase),
      phrase,
    }).toEqual({ part: 'html', has: true, phrase });
    expect({ part: 'text', has: mail.text.includes(phrase), phrase }).toEqual({
      part: 'text',
      has: true,
      phrase,
    });
  }
}

describe('the mail templates', () => {
  it("render the order confirmation's lines with their customization, the figures, the address, the link and the attached invoice", async () => {
    const mail = await renderMail(
      orderConfirmationMail(CTX, {
        orderId: ORDER._id,
        cashOnDelivery: false,
        document: { kind: 'invoice', number: 'INV/26-27/000001' },
      }),
    );
    expect(mail.subject).toBe('Order #ABCD5678 confirmed: thank you for your payment');
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expectBothParts(mail, [
      'Custom Labels',
      'Size: Large',
      'Colour: Red',
      'Option: Matte',
      'Uploaded files: logo.png',
      'Comments: Print in gold',
      '2 × ₹499.00',
      '₹998.00',
      'Corporate Mug',
      'Subtotal',
      '₹1,148.00',
      'Discount (coupon SAVE10)',
      '−₹114.80',
      'Shipping: Express delivery (1-2 business days)',
      '₹200.00',
      'GST (18%)',
      '₹192.10',
      'Total',
      '₹1,234.50',
      'Asha Patel',
      '4 MG Road',
      'Pune, Maharashtra 411001, India',
      'Buyer Pvt Ltd',
      'GSTIN: 27AAACB1234C1Z9',
      'tax invoice INV/26-27/000001 is attached',
      CTX.orderUrl,
    ]);
  });

  it("sign every mail with the business's name, address, phone, e-mail and GSTIN", async () => {
    const mail = await renderMail(
      orderConfirmationMail(CTX, { orderId: ORDER._id, cashOnDelivery: false, document: null }),
    );
    expectBothParts(mail, [
      'MS & Jaksh',
      '12 Industrial Estate, Surat, Gujarat 395003',
      'Phone: +91 98765 43210',
      'hello@msjaksh.in',
      'GSTIN: 24AAACM1234F1Z5',
    ]);
  });

  it('leave out the contact details and GSTIN the settings do not have yet', async () => {
    const { businessName, businessEmail, businessPhone, businessAddress, gstNumber } = SEEDED_SETTINGS;
    const seeded = { businessName, businessEmail, businessPhone, businessAddress, gstNumber };
    const mail = await renderMail(
      passwordResetMail(seeded, { username: 'asha', link: 'https://shop.test/r', expiresInMinutes: 60 }),
    );
    expect(mail.text).toContain('MS & Jaksh');
    expect(mail.text).not.toMatch(/GSTIN|Phone:|E-mail:/);
  });

  it('tell a cash-on-delivery shopper the amount to pay at delivery and that the invoice comes when it ships', async () => {
    const cod = {
      ...ORDER,
      paymentDetails: { ...ORDER.paymentDetails, status: 'pending' as const, paymentMethod: 'cod' },
    };
    const mail = await renderMail(
      orderConfirmationMail(
        { ...CTX, order: cod },
        { orderId: ORDER._id, cashOnDelivery: true, document: null },
      ),
    );
    expect(mail.subject).toBe('Order #ABCD5678 placed: ₹1,234.50 to pay on delivery');
    expectBothParts(mail, [
      'keep ₹1,234.50 ready to pay when it is delivered',
      'tax invoice comes by e-mail when the order ships',
    ]);
  });

  it('tell staff of a new order: the customer, the business buyer, the lines and a link to the order', async () => {
    const mail = await renderMail(
      newOrderMail(CTX, { orderId: ORDER._id, totalPaise: 123450, paymentMethod: 'upi' }),
    );
    expect(mail.subject).toBe('New order #ABCD5678: ₹1,234.50 paid');
    expectBothParts(mail, [
      'Paid online (upi): ₹1,234.50',
      'asha, asha@example.com',
      'Buyer Pvt Ltd, GSTIN 27AAACB1234C1Z9',
      'Custom Labels',
      CTX.adminOrderUrl,
    ]);
  });

  it('give the tracking number of a shipped order, and name the invoice attached to a cash-on-delivery one', async () => {
    const mail = await renderMail(
      orderShippedMail(
        CTX,
        { orderId: ORDER._id, trackingNumber: 'DTDC123456' },
        { number: 'INV/26-27/000002' },
      ),
    );
    expect(mail.subject).toBe('Your order #ABCD5678 has shipped');
    expectBothParts(mail, ['Tracking number: DTDC123456', 'Your tax invoice INV/26-27/000002 is attached']);
    const untracked = await renderMail(
      orderShippedMail(CTX, { orderId: ORDER._id, trackingNumber: null }, null),
    );
    expect(untracked.text).not.toContain('Tracking number');
  });

  it('say why an order was cancelled and that a paid one is refunded', async () => {
    const refused = await renderMail(
      orderCancelledMail(CTX, { orderId: ORDER._id, reason: 'refused', paid: false }),
    );
    expectBothParts(refused, ['refused at delivery']);
    expect(refused.text).not.toContain('refunded');
    const paid = await renderMail(
      orderCancelledMail(CTX, { orderId: ORDER._id, reason: 'staff', paid: true }),
    );
    expectBothParts(paid, ['Your payment of ₹1,234.50 is being refunded']);
  });

  it('give the amount refunded, why, when it reaches the shopper, and the credit note attached', async () => {
    const mail = await renderMail(
      orderRefundedMail(CTX, {
        orderId: ORDER._id,
        amountPaise: 123450,
        reason: 'cancelled',
        refundedAt: '2026-05-13T06:30:00.000Z',
        creditNoteNumber: 'CN/26-27/000001',
      }),
    );
    expect(mail.subject).toBe('Refund of ₹1,234.50 for your order #ABCD5678');
    expectBothParts(mail, [
      'We gave back ₹1,234.50 for order #ABCD5678 on 13 May 2026',
      'because your order was cancelled',
      'within 5–7 working days',
      'credit note CN/26-27/000001 is attached',
    ]);
  });

  it('name the product, its stock and threshold in the low-stock mail, and the reorder auto reorder opened', async () => {
    const data = { productId: 'p1', name: 'Custom Labels', brand: 'ms' as const, stock: 3, threshold: 10 };
    const reordered = await renderMail(
      lowStockMail(
        BUSINESS,
        { ...data, reorder: { requestId: 'r1', quantity: 50 } },
        'https://shop.test/admin2009/products',
      ),
    );
    expect(reordered.subject).toBe('Low stock: Custom Labels (3 left)');
    expectBothParts(reordered, [
      '3 in stock, at or below its threshold of 10',
      'reorder request for 50 units',
    ]);
    const manual = await renderMail(
      lowStockMail(BUSINESS, { ...data, reorder: null }, 'https://shop.test/admin2009/products'),
    );
    expectBothParts(manual, ['Auto reorder is off']);
  });

  it('put the reset and verification links in both parts, with how long they work', async () => {
    const reset = await renderMail(
      passwordResetMail(BUSINESS, {
        username: 'asha',
        link: 'https://shop.test/reset-password?token=abc',
        expiresInMinutes: 60,
      }),
    );
    expect(reset.subject).toBe('Reset your MS & Jaksh password');
    expectBothParts(reset, [
      'Hello asha',
      'https://shop.test/reset-password?token=abc',
      'expires in 60 minutes',
    ]);
    const verify = await renderMail(
      emailVerificationMail(BUSINESS, {
        username: 'asha',
        link: 'https://shop.test/verify-email?token=xyz',
        expiresAt: '2026-05-13T09:30:00.000Z',
      }),
    );
    expect(verify.subject).toBe('Verify your e-mail address for MS & Jaksh');
    expectBothParts(verify, ['https://shop.test/verify-email?token=xyz', 'The link works until 13 May 2026']);
  });
});
