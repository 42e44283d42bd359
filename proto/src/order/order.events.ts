import type { Paise } from '../money';
import type { PaymentRefundReason } from '../payment/payment.types';
import type { DocumentKind, OrderStatus, ShippingMethod } from './order.constants';

/** A line as order events carry it: what the catalog needs to commit or release stock. */
export interface OrderEventLine {
  productId: string;
  quantity: number;
  unitPricePaise: Paise;
  name: string;
}

/** `order.placed`: stock is reserved and the order waits for its payment. */
export interface OrderPlacedEvent {
  orderId: string;
  userId: string;
  totalPaise: Paise;
  subtotalPaise: Paise;
  discountPaise: Paise;
  shippingPaise: Paise;
  taxPaise: Paise;
  coupon: string | null;
  currency: 'INR';
  lines: OrderEventLine[];
  /**
   * When an unpaid order expires; null for cash on delivery, which is paid at the door and never
   * expires (staff record it paid or refused).
   */
  expiresAt: string | null;
  createdAt: string;
  /** Added later: `cod` for cash on delivery (placed without payment), else the online method. */
  paymentMethod?: string;
  /** Added later: how it is shipped. */
  shippingMethod?: ShippingMethod;
}

/** `order.paid`: the catalog commits the reserved stock; the cart is cleared. Published once per order. */
export interface OrderPaidEvent {
  orderId: string;
  userId: string;
  totalPaise: Paise;
  lines: OrderEventLine[];
  /** The provider's payment (`pay_...`); for cash on delivery, which has none, `cod_<orderId>`. */
  paymentId: string;
  paidAt: string;
  /**
   * Added later: how it was paid: Razorpay's method (card, upi...), or `cod` when staff recorded a
   * cash-on-delivery order paid at the door.
   */
  paymentMethod?: string;
}

/**
 * `order.cancelled` and `order.expired`: the catalog releases the order's reservation. `paid` says
 * whether money was taken: the payment service then refunds the payment (reason `cancelled`).
 */
export interface OrderCancelledEvent {
  orderId: string;
  userId: string;
  lines: OrderEventLine[];
  reason: string;
  paid: boolean;
  cancelledAt: string;
}

export type OrderExpiredEvent = OrderCancelledEvent;

/** `order.status-changed`: every move of an order's status, as recorded in its history. */
export interface OrderStatusChangedEvent {
  orderId: string;
  userId: string;
  from: OrderStatus;
  to: OrderStatus;
  at: string;
  trackingNumber: string | null;
}

/**
 * `order.refunded`: one payment of the order was given back in full (`payment.refunded`, as the
 * order service recorded it), once per payment. A refund that cancels a sale (`cancelled`) comes
 * with the credit note issued against the order's invoice, in the same transaction.
 */
export interface OrderRefundedEvent {
  orderId: string;
  userId: string;
  paymentId: string;
  amountPaise: Paise;
  reason: PaymentRefundReason;
  refundedAt: string;
  /** The credit note's number, when the refund reversed an invoiced sale. */
  creditNoteNumber: string | null;
}

/**
 * `invoice.issued`: the order service issued a document for an order: a tax invoice (or, while the
 * shop has no GSTIN, a receipt) once it is paid online or, for cash on delivery, when it ships; a
 * credit note when a refund reverses it. Issued once per order and kind, never changed after.
 */
export interface InvoiceIssuedEvent {
  documentId: string;
  orderId: string;
  userId: string;
  kind: DocumentKind;
  /** `INV/26-27/000001`, `RCT/26-27/000001`, `CN/26-27/000001`: at most 16 characters. */
  number: string;
  issuedAt: string;
  totalPaise: Paise;
  /**
   * What issued it: the online payment, the shipment of a cash-on-delivery order, or a refund; a
   * credit note issued with no refund (`cancelled`: a cash-on-delivery order invoiced at shipment
   * and refused at the door).
   */
  trigger: 'paid' | 'shipped' | 'refunded' | 'cancelled';
  paymentMethod: string;
}
