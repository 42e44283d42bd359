import type { OrderView } from '@shop/proto';
import { ordersCsv } from './orders-csv';

const order = (overrides: Partial<OrderView> = {}): OrderView =>
  ({
    _id: 'a1b2c3d4-0000-4000-8000-000000000001',
    user: { _id: 'u1', username: 'asha', email: 'asha@example.com' },
    shippingAddress: { fullName: 'Asha K' },
    createdAt: '2025-06-01T10:00:00.000Z',
    orderStatus: 'Pending',
    paymentDetails: { status: 'paid' },
    totalAmount: 1179,
    products: [{ name: 'Notebook "A5"', quantity: 2 }],
    trackingNumber: null,
    ...overrides,
  }) as OrderView;

describe('the orders CSV export', () => {
  it('quotes every cell, doubling quotes inside, one CRLF line per order', () => {
    expect(ordersCsv([order()])).toBe(
      '"Order ID","Customer","Email","Date","Status","Payment","Amount","Items","Tracking Number"\r\n' +
        '"a1b2c3d4-0000-4000-8000-000000000001","asha","asha@example.com","2025-06-01T10:00:00.000Z","Pending","paid","1179.00","Notebook ""A5"" x 2",""\r\n',
    );
  });

  it('keeps text a spreadsheet would run as a formula as text', () => {
    const csv = ordersCsv([order({ user: { _id: 'u', username: '=HYPERLINK("x")', email: '+1' } })]);
    expect(csv).toContain(`"'=HYPERLINK(""x"")","'+1"`);
  });

  it('falls back to the delivery name when the customer is not known yet', () => {
    expect(ordersCsv([order({ user: { _id: 'u', username: null, email: null } })])).toContain('"Asha K",""');
  });
});
