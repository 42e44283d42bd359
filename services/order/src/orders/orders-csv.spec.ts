import type { OrderView } from '@shop/proto';
import { ordersCsv } from './orders-csv';

const order = (overrides: Partial<OrderView> = {}): OrderView =>
  ({
    _id: 'a1b2c3d4-0000-4000-8000-000000000001',
    user: { _id: 'u1', username: 'asha', email: 'asha@example.com' },
    shippingAddress: { fullName: 'Asha K' },
    createdAt: '2025-06-01T10:00:00.000Z',
    orderStatus: 'Pending',
    paymentDetails: { status: 'paid', paymentMethod: 'card' },
    totalAmount: 1179,
    products: [{ name: 'Notebook "A5"', quantity: 2 }],
    trackingNumber: null,
    shippingMethod: 'standard',
    gstin: null,
    companyName: null,
    ...overrides,
  }) as OrderView;

describe('the orders CSV export', () => {
  it('quotes every cell, doubling quotes inside, one CRLF line per order', () => {
    expect(ordersCsv([order()])).toBe(
      '"Order ID","Customer","Email","Date","Status","Payment","Amount","Items","Tracking Number","Refund Status","Refunded","Payment Method","Shipping","GSTIN","Company"\r\n' +
        '"a1b2c3d4-0000-4000-8000-000000000001","asha","asha@example.com","2025-06-01T10:00:00.000Z","Pending","paid","1179.00","Notebook ""A5"" x 2","","","0.00","card","standard","",""\r\n',
    );
  });

  it('keeps text a spreadsheet would run as a formula as text', () => {
    const csv = ordersCsv([order({ user: { _id: 'u', username: '=HYPERLINK("x")', email: '+1' } })]);
    expect(csv).toContain(`"'=HYPERLINK(""x"")","'+1"`);
  });

  it('carries where the refunds stand and how much was given back', () => {
    const refund = (status: 'pending' | 'processed' | 'failed', amount: number) =>
      ({
        amount,
        status,
        reason: 'duplicate',
        paymentId: 'pay_X',
        refundId: null,
        refundedAt: null,
      }) as const;
    const row = (refunds: OrderView['refunds']) => ordersCsv([order({ refunds })]).split('\r\n')[1];
    expect(row([refund('processed', 1179)])).toContain(',"processed","1179.00",');
    expect(row([refund('processed', 100.5), refund('pending', 1179)])).toContain(',"pending","100.50",');
    expect(row([refund('failed', 1179), refund('processed', 20)])).toContain(',"failed","20.00",');
    expect(
      ordersCsv([
        order({
          orderStatus: 'Cancelled',
          paymentDetails: { status: 'refunded' } as OrderView['paymentDetails'],
        }),
      ]),
    ).toContain('"Cancelled","refunded"');
  });

  it('says how the order is paid and shipped, and the business buyer it is invoiced to', () => {
    const row = ordersCsv([
      order({
        paymentDetails: { status: 'pending', paymentMethod: 'cod' } as OrderView['paymentDetails'],
        shippingMethod: 'express',
        gstin: '27AAPFU0939F1ZV',
        companyName: 'Kulkarni Traders',
      }),
    ]).split('\r\n')[1];
    expect(row).toMatch(/,"cod","express","27AAPFU0939F1ZV","Kulkarni Traders"$/);
  });

  it('falls back to the delivery name when the customer is not known yet', () => {
    expect(ordersCsv([order({ user: { _id: 'u', username: null, email: null } })])).toContain('"Asha K",""');
  });
});
