import type { OrderLineEntity } from './order-line.entity';
import type { OrderRefundEntity } from './order-refund.entity';
import type { OrderStatusHistoryEntity } from './order-status-history.entity';
import type { OrderEntity } from './order.entity';
import { toOrderView } from './order-view';
import { unitsByProduct } from './checkout-pricing';

const now = new Date('2025-06-01T00:00:00.000Z');
const entity = (overrides: Partial<OrderEntity> = {}): OrderEntity =>
  ({
    id: 'o1',
    userId: 'u1',
    status: 'Pending',
    paymentStatus: 'pending',
    paymentMethod: 'razorpay',
    razorpayOrderId: null,
    paymentId: null,
    paidAt: null,
    currency: 'INR',
    subtotalPaise: 90_050,
    discountPaise: 0,
    shippingPaise: 9_900,
    taxPaise: 18_000,
    taxRate: 18,
    totalPaise: 118_000,
    couponCode: null,
    shippingAddress: {
      fullName: 'Asha',
      phone: '9876543210',
      email: null,
      street: 's',
      city: 'Pune',
      state: 'Maharashtra',
      pinCode: '411001',
      country: 'India',
    },
    trackingNumber: null,
    cancelReason: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  }) as OrderEntity;
const line = {
  orderId: 'o1',
  position: 0,
  productId: 'p1',
  name: 'Pen',
  brand: 'ms',
  image: '/p.webp',
  unitPricePaise: 45_025,
  quantity: 2,
  customization: {},
} as OrderLineEntity;
const history = [{ id: '1', orderId: 'o1', status: 'Pending', at: now }] as OrderStatusHistoryEntity[];

describe('an order as the apps read it', () => {
  it('speaks rupees and the spec’s field names', () => {
    const view = toOrderView(entity(), [line], history, null, [], now);
    expect(view).toMatchObject({
      _id: 'o1',
      subtotal: 900.5,
      totalAmount: 1180,
      paymentDetails: { status: 'pending', amount: 1180, currency: 'INR' },
      shippingAddress: { fullName: 'Asha', name: 'Asha' },
      products: [
        {
          product: { _id: 'p1', name: 'Pen', price: 450.25, images: ['/p.webp'] },
          quantity: 2,
          price: 450.25,
          lineTotal: 900.5,
        },
      ],
      statusHistory: [{ status: 'Pending', at: now.toISOString() }],
    });
  });

  it('expects delivery 7 days from now while the order is on its way, and not once it has ended', () => {
    expect(toOrderView(entity({ status: 'Shipped' }), [], history, null, [], now).estimatedDelivery).toBe(
      '2025-06-08T00:00:00.000Z',
    );
    expect(
      toOrderView(entity({ status: 'Delivered' }), [], history, null, [], now).estimatedDelivery,
    ).toBeNull();
    expect(
      toOrderView(entity({ status: 'Cancelled' }), [], history, null, [], now).estimatedDelivery,
    ).toBeNull();
  });
});

describe('an order’s refunded payments', () => {
  const refund = (paymentId: string, at: string, overrides: Partial<OrderRefundEntity> = {}) =>
    ({
      paymentId,
      orderId: 'o1',
      refundId: `rfnd_${paymentId}`,
      amountPaise: 118_000,
      reason: 'duplicate',
      status: 'processed',
      error: null,
      refundedAt: new Date(at),
      recordedAt: new Date(at),
      ...overrides,
    }) as OrderRefundEntity;

  it('lists none for an order nothing was refunded for', () => {
    expect(toOrderView(entity(), [], history, null, [], now).refunds).toEqual([]);
  });

  it('lists each refund oldest first, in rupees, with its reason and the refunded payment', () => {
    const view = toOrderView(
      entity({ status: 'Cancelled', paymentStatus: 'refunded', cancelReason: 'expired' }),
      [],
      history,
      null,
      [
        refund('pay_B', '2025-06-01T10:05:00.000Z', { amountPaise: 45_050 }),
        refund('pay_A', '2025-06-01T10:00:00.000Z', { reason: 'order_closed' }),
      ],
      now,
    );
    expect(view.paymentDetails.status).toBe('refunded');
    expect(view.refunds).toEqual([
      {
        amount: 1180,
        reason: 'order_closed',
        status: 'processed',
        refundedAt: '2025-06-01T10:00:00.000Z',
        paymentId: 'pay_A',
        refundId: 'rfnd_pay_A',
        error: null,
      },
      {
        amount: 450.5,
        reason: 'duplicate',
        status: 'processed',
        refundedAt: '2025-06-01T10:05:00.000Z',
        paymentId: 'pay_B',
        refundId: 'rfnd_pay_B',
        error: null,
      },
    ]);
  });

  it('lists a refund not made yet with its state and no refund date, and a failed one with why', () => {
    const view = toOrderView(
      entity({ status: 'Cancelled', paymentStatus: 'refund_failed', cancelReason: 'staff' }),
      [],
      history,
      null,
      [
        refund('pay_A', '2025-06-01T10:00:00.000Z', {
          reason: 'cancelled',
          status: 'failed',
          refundId: null,
          refundedAt: null,
          error: '400 Only captured payments can be refunded',
        }),
      ],
      now,
    );
    expect(view.paymentDetails.status).toBe('refund_failed');
    expect(view.refunds).toEqual([
      {
        amount: 1180,
        reason: 'cancelled',
        status: 'failed',
        refundedAt: null,
        paymentId: 'pay_A',
        refundId: null,
        error: '400 Only captured payments can be refunded',
      },
    ]);
  });
});

describe('the documents of an order', () => {
  it('lists them oldest first in rupees, a credit note after the invoice it reverses', () => {
    const at = new Date('2026-05-10T05:30:00.000Z');
    const view = toOrderView(entity({ status: 'Cancelled' }), [], history, null, [], now, [
      { kind: 'credit-note', number: 'CN/26-27/000001', issuedAt: at, totalPaise: 118_000 },
      { kind: 'invoice', number: 'INV/26-27/000007', issuedAt: at, totalPaise: 118_000 },
    ]);
    expect(view.documents).toEqual([
      { kind: 'invoice', number: 'INV/26-27/000007', issuedAt: '2026-05-10T05:30:00.000Z', total: 1180 },
      { kind: 'credit-note', number: 'CN/26-27/000001', issuedAt: '2026-05-10T05:30:00.000Z', total: 1180 },
    ]);
  });

  it('is empty before anything was issued', () => {
    expect(toOrderView(entity(), [], history, null, [], now).documents).toEqual([]);
  });
});

describe('units per product', () => {
  it('adds the lines of one product together', () => {
    expect(
      unitsByProduct([
        { productId: 'a', quantity: 1 },
        { productId: 'b', quantity: 2 },
        { productId: 'a', quantity: 3 },
      ]),
    ).toEqual([
      { productId: 'a', quantity: 4 },
      { productId: 'b', quantity: 2 },
    ]);
  });
});
