import {
  ESTIMATED_DELIVERY_DAYS,
  isTerminalOrderStatus,
  OrderDocumentView,
  OrderLineView,
  OrderRefundView,
  OrderView,
  toRupees,
} from '@shop/proto';
import type { CustomerEntity } from '../customers/customer.entity';
import type { OrderDocumentEntity } from '../invoices/order-document.entity';
import type { OrderLineEntity } from './order-line.entity';
import type { OrderRefundEntity } from './order-refund.entity';
import type { OrderStatusHistoryEntity } from './order-status-history.entity';
import type { OrderEntity } from './order.entity';

const DAY_MS = 24 * 60 * 60 * 1000;

export function toLineView(
  line: Pick<
    OrderLineEntity,
    'productId' | 'name' | 'brand' | 'image' | 'unitPricePaise' | 'quantity' | 'customization'
  >,
): OrderLineView {
  const price = toRupees(line.unitPricePaise);
  return {
    product: {
      _id: line.productId,
      name: line.name,
      brand: line.brand,
      price,
      images: line.image ? [line.image] : [],
    },
    productId: line.productId,
    name: line.name,
    image: line.image,
    quantity: line.quantity,
    price,
    lineTotal: toRupees(line.unitPricePaise * line.quantity),
    customization: line.customization ?? {},
  };
}

/** The order's refunds, oldest first: by when the money went back, or else when the refund was last heard of. */
export function toRefundViews(refunds: readonly OrderRefundEntity[]): OrderRefundView[] {
  const at = (r: OrderRefundEntity) => (r.refundedAt ?? r.recordedAt).getTime();
  return [...refunds]
    .sort((a, b) => at(a) - at(b) || a.paymentId.localeCompare(b.paymentId))
    .map((r) => ({
      amount: toRupees(r.amountPaise),
      reason: r.reason,
      status: r.status,
      refundedAt: r.refundedAt?.toISOString() ?? null,
      paymentId: r.paymentId,
      refundId: r.refundId,
      error: r.error,
    }));
}

/** The documents issued for an order, oldest first (a credit note after the invoice it reverses). */
export function toDocumentViews(
  documents: readonly Pick<OrderDocumentEntity, 'kind' | 'number' | 'issuedAt' | 'totalPaise'>[],
): OrderDocumentView[] {
  return [...documents]
    .sort(
      (a, b) =>
        a.issuedAt.getTime() - b.issuedAt.getTime() ||
        Number(a.kind === 'credit-note') - Number(b.kind === 'credit-note'),
    )
    .map((d) => ({
      kind: d.kind,
      number: d.number,
      issuedAt: d.issuedAt.toISOString(),
      total: toRupees(d.totalPaise),
    }));
}

/**
 * An order as the storefront and back office read it: rupees, the spec's field names, the status
 * timeline, its refunded payments, the documents issued for it, and (while it is on its way)
 * delivery expected 7 days from now, as the track screen says.
 */
export function toOrderView(
  order: OrderEntity,
  lines: readonly OrderLineEntity[],
  history: readonly OrderStatusHistoryEntity[],
  customer: CustomerEntity | null,
  refunds: readonly OrderRefundEntity[],
  now: Date = new Date(),
  documents: readonly Pick<OrderDocumentEntity, 'kind' | 'number' | 'issuedAt' | 'totalPaise'>[] = [],
): OrderView {
  const address = order.shippingAddress;
  return {
    _id: order.id,
    user: {
      _id: order.userId,
      username: customer?.username ?? null,
      email: customer?.email ?? address.email ?? null,
    },
    products: [...lines].sort((a, b) => a.position - b.position).map(toLineView),
    shippingAddress: { ...address, name: address.fullName, email: address.email ?? null },
    paymentDetails: {
      status: order.paymentStatus,
      amount: toRupees(order.totalPaise),
      currency: order.currency,
      razorpayOrderId: order.razorpayOrderId,
      paymentMethod: order.paymentMethod,
      paymentId: order.paymentId,
      paidAt: order.paidAt?.toISOString() ?? null,
    },
    orderStatus: order.status,
    totalAmount: toRupees(order.totalPaise),
    subtotal: toRupees(order.subtotalPaise),
    shipping: toRupees(order.shippingPaise),
    tax: toRupees(order.taxPaise),
    taxRate: order.taxRate,
    discountAmount: toRupees(order.discountPaise),
    coupon: order.couponCode,
    trackingNumber: order.trackingNumber,
    statusHistory: [...history]
      .sort((a, b) => Number(a.id) - Number(b.id))
      .map((h) => ({ status: h.status, at: h.at.toISOString() })),
    estimatedDelivery: isTerminalOrderStatus(order.status)
      ? null
      : new Date(now.getTime() + ESTIMATED_DELIVERY_DAYS * DAY_MS).toISOString(),
    cancelReason: order.cancelReason,
    refunds: toRefundViews(refunds),
    shippingMethod: order.shippingMethod,
    gstin: order.buyerGstin,
    companyName: order.buyerCompany,
    documents: toDocumentViews(documents),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}
