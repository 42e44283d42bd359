import { validate } from '../validation/validate';
import {
  adminOrderListQuerySchema,
  adminOrderUpdateSchema,
  orderCreateSchema,
  orderDocumentParamsSchema,
} from './order.schemas';

const product = '0b6f1a64-5f0e-4c6b-9a57-2d1c2f3e4a5b';
const address = {
  fullName: 'Asha K',
  phone: '9876543210',
  email: 'asha@example.com',
  street: '1 Main Rd',
  city: 'Pune',
  state: 'Maharashtra',
  pinCode: '411001',
  country: 'India',
};
const body = (extra: Record<string, unknown> = {}) => ({
  products: [{ product, quantity: 1 }],
  shippingAddress: address,
  ...extra,
});
const firstMessage = (input: unknown) => {
  const result = validate(orderCreateSchema, input);
  return result.ok ? null : result.errors[0].message;
};

describe('POST /orders body', () => {
  it('drops the prices, totals and payment status the client sends', () => {
    const result = validate(
      orderCreateSchema,
      body({
        totalAmount: 1,
        discountAmount: 99,
        products: [{ product: { _id: product }, quantity: '2', price: 1 }],
        paymentDetails: { status: 'paid', amount: 1, paymentMethod: 'upi' },
      }),
    );
    expect(result).toEqual({
      ok: true,
      data: {
        products: [{ product, quantity: 2, customization: {} }],
        shippingAddress: { ...address },
        paymentDetails: { paymentMethod: 'upi' },
        coupon: null,
        shippingMethod: 'standard',
        gstin: null,
        companyName: null,
      },
    });
  });

  it("takes a business buyer's GSTIN of the delivery state with its company name", () => {
    expect(
      validate(
        orderCreateSchema,
        body({ gstin: ' 27aapfu0939f1zv ', companyName: ' Acme Labels Pvt Ltd ', shippingMethod: 'Express' }),
      ),
    ).toMatchObject({
      data: { gstin: '27AAPFU0939F1ZV', companyName: 'Acme Labels Pvt Ltd', shippingMethod: 'express' },
    });
  });

  it('refuses a GSTIN of another state than the delivery address, and one without a company name', () => {
    expect(firstMessage(body({ gstin: '33AAACH7409R1Z8', companyName: 'Acme' }))).toBe(
      'GSTIN is registered in Tamil Nadu (state code 33), but the delivery address is in Maharashtra',
    );
    expect(firstMessage(body({ gstin: '27AAPFU0939F1ZV' }))).toBe(
      'Please enter the company name registered with this GSTIN',
    );
    expect(firstMessage(body({ shippingMethod: 'drone' }))).toBe(
      'Shipping method must be standard or express',
    );
  });

  it('upper-cases a coupon and reads a blank one as none', () => {
    expect(validate(orderCreateSchema, body({ coupon: ' welcome10 ' }))).toMatchObject({
      data: { coupon: 'WELCOME10' },
    });
    expect(validate(orderCreateSchema, body({ coupon: '  ' }))).toMatchObject({ data: { coupon: null } });
  });

  it("asks for an address when there is none, and calls anything else 'Invalid address'", () => {
    expect(firstMessage(body({ shippingAddress: undefined }))).toBe(
      'Please select or add a delivery address',
    );
    expect(firstMessage(body({ shippingAddress: 'Pune' }))).toBe('Invalid address');
    expect(firstMessage(body({ shippingAddress: { isDefault: true } }))).toBe('Invalid address');
    expect(firstMessage(body({ shippingAddress: { ...address, city: ' ' } }))).toBe(
      'Please fill all address fields',
    );
  });

  it('accepts `name` for `fullName` and leaves a missing e-mail empty', () => {
    const { fullName, ...rest } = address;
    expect(
      validate(orderCreateSchema, body({ shippingAddress: { ...rest, email: '', name: fullName } })),
    ).toMatchObject({ data: { shippingAddress: { fullName, email: null } } });
  });
});

describe('back office order queries', () => {
  it('reads a date without a time as that whole day in India', () => {
    const result = validate(adminOrderListQuerySchema, { from: '2025-03-01', to: '2025-03-01' });
    expect(result).toMatchObject({
      ok: true,
      data: { from: '2025-02-28T18:30:00.000Z', to: '2025-03-01T18:29:59.999Z', page: 1, limit: 10 },
    });
  });

  it("treats 'all' as no status filter and matches a status without regard to case", () => {
    expect(validate(adminOrderListQuerySchema, { status: 'all' })).toMatchObject({
      data: { status: undefined },
    });
    expect(validate(adminOrderListQuerySchema, { status: 'shipped' })).toMatchObject({
      data: { status: 'Shipped' },
    });
  });

  it('caps the page size at 100', () => {
    expect(validate(adminOrderListQuerySchema, { limit: '5000' })).toMatchObject({ data: { limit: 100 } });
  });

  it('trims a tracking number and refuses an empty one', () => {
    expect(validate(adminOrderUpdateSchema, { trackingNumber: '  AWB1 ' })).toMatchObject({
      data: { trackingNumber: 'AWB1' },
    });
    expect(validate(adminOrderUpdateSchema, { trackingNumber: '  ' })).toMatchObject({
      errors: [{ message: 'Tracking number cannot be empty' }],
    });
  });
});

describe('order document parameters', () => {
  it('take an order id and one of the three kinds of document', () => {
    for (const kind of ['invoice', 'receipt', 'credit-note'])
      expect(validate(orderDocumentParamsSchema, { id: product, kind })).toEqual({
        ok: true,
        data: { id: product, kind },
      });
  });

  it('refuse another kind with "Document must be invoice, receipt or credit-note", and a bad id as an invalid order ID', () => {
    expect(validate(orderDocumentParamsSchema, { id: product, kind: 'invoices' })).toMatchObject({
      errors: [{ message: 'Document must be invoice, receipt or credit-note' }],
    });
    expect(validate(orderDocumentParamsSchema, { id: '../etc', kind: 'invoice' })).toMatchObject({
      errors: [{ message: 'Invalid order ID' }],
    });
  });
});
