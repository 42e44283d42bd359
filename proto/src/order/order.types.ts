import type { Brand } from '../catalog';
import type { CartCustomization } from '../cart/cart.types';
import type { Paise } from '../money';
import type { PaymentRefundReason, RefundState } from '../payment/payment.types';
import type {
  CancelReason,
  CodOutcome,
  CouponContext,
  DocumentKind,
  OrderPaymentStatus,
  OrderStatus,
  ShippingMethod,
} from './order.constants';
import type { OrderCreateInput, OrderQuoteInput } from './order.schemas';

/** The product of an order line as it was when ordered: enough to show it and to reorder it. */
export interface OrderProductView {
  _id: string;
  name: string;
  brand: Brand | null;
  /** One unit with the line's customization, rupees. */
  price: number;
  images: string[];
}

/** An order line (storefront spec, section 3): `price` is one unit's price in rupees. */
export interface OrderLineView {
  product: OrderProductView;
  productId: string;
  name: string;
  image: string | null;
  quantity: number;
  price: number;
  lineTotal: number;
  customization: CartCustomization;
}

export interface ShippingAddressView {
  fullName: string;
  name: string;
  phone: string;
  email: string | null;
  street: string;
  city: string;
  state: string;
  pinCode: string;
  country: string;
}

export interface PaymentDetailsView {
  status: OrderPaymentStatus;
  /** Rupees: the order's total. */
  amount: number;
  currency: string;
  razorpayOrderId: string | null;
  paymentMethod: string;
  paymentId: string | null;
  paidAt: string | null;
}

/**
 * A payment for the order that is given back in full: a second payment for a paid order
 * (`duplicate`; the order stays paid by its first), one that came after the order was cancelled or
 * expired (`order_closed`), or the payment of an order staff cancelled (`cancelled`).
 */
export interface OrderRefundView {
  /** Rupees. */
  amount: number;
  reason: PaymentRefundReason;
  /** Added later: absent from views of refunds recorded before refunds had states (all processed). */
  status?: RefundState;
  /** When the money went back; null until the refund is processed. */
  refundedAt: string | null;
  /** The refunded payment (`pay_...`). */
  paymentId: string;
  /** The provider's refund (`rfnd_...`); null when no attempt was accepted. */
  refundId: string | null;
  /** Added later: why the refund failed, when it was given up. */
  error?: string | null;
}

export interface StatusHistoryEntry {
  status: OrderStatus;
  at: string;
}

/** The customer, for the back office: from the order service's projection of accounts. */
export interface OrderCustomerView {
  _id: string;
  username: string | null;
  email: string | null;
}

/** A document issued for an order: its tax invoice or receipt, and a credit note after a refund. */
export interface OrderDocumentView {
  kind: DocumentKind;
  /** `INV/26-27/000001`. */
  number: string;
  issuedAt: string;
  /** Rupees. */
  total: number;
}

/** An order as both apps read it. Money in rupees. */
export interface OrderView {
  _id: string;
  user: OrderCustomerView;
  products: OrderLineView[];
  shippingAddress: ShippingAddressView;
  paymentDetails: PaymentDetailsView;
  orderStatus: OrderStatus;
  totalAmount: number;
  subtotal: number;
  shipping: number;
  tax: number;
  /** GST percent applied. */
  taxRate: number;
  discountAmount: number;
  coupon: string | null;
  trackingNumber: string | null;
  statusHistory: StatusHistoryEntry[];
  /** Today plus 7 days while the order is on its way; null once Delivered or Cancelled. */
  estimatedDelivery: string | null;
  cancelReason: CancelReason | null;
  /** Payments for this order given back, oldest first; the order service always sends it. */
  refunds?: OrderRefundView[];
  /** Added later: standard or express. */
  shippingMethod: ShippingMethod;
  /** Added later: the business buyer's GSTIN and company name, for the tax invoice. */
  gstin: string | null;
  companyName: string | null;
  /** Added later: the documents issued for the order, oldest first (download: GET /orders/{id}/documents/{kind}). */
  documents: OrderDocumentView[];
  createdAt: string;
  updatedAt: string;
}

/** `order.document.pdf`: one document of an order as a PDF, for its customer or staff (404 for anyone else). */
export interface OrderDocumentRequest {
  orderId: string;
  kind: DocumentKind;
}

export interface OrderDocumentPdf {
  /** `INV-26-27-000001.pdf`. */
  filename: string;
  /** The PDF's bytes, base64. */
  pdfBase64: string;
}

/** `order.admin.codOutcome`. */
export interface AdminCodOutcomeRequest {
  id: string;
  outcome: CodOutcome;
}

/** `order.create`: the validated body plus the `Idempotency-Key` header, when sent. */
export interface OrderCreateRequest {
  order: OrderCreateInput;
  idempotencyKey?: string | null;
}

export interface OrderCreateReply {
  order: OrderView;
  /** True when the Idempotency-Key named an order placed before: nothing new was created. */
  replayed: boolean;
}

export type OrderQuoteRequest = OrderQuoteInput;

/** `POST /orders/quote`: the totals an order of these lines would have now. Rupees. */
export interface OrderQuoteView {
  products: OrderLineView[];
  subtotal: number;
  discountAmount: number;
  coupon: string | null;
  couponPercent: number;
  shipping: number;
  tax: number;
  taxRate: number;
  totalAmount: number;
  freeShippingThreshold: number;
  /** Added later: the method these totals ship by. */
  shippingMethod: ShippingMethod;
}

/** `order.stats.customer`: the order figures of the account overview (storefront spec, section 3). */
export interface CustomerOrderStats {
  totalOrders: number;
  /** Rupees, over paid orders. */
  totalSpent: number;
  deliveredOrders: number;
  recentOrders: OrderView[];
}

/**
 * `order.payable.get`: what the payment service needs to take the money for an order. A customer
 * actor may ask only about their own order (403 otherwise); no actor means another service asks.
 */
export interface OrderPayableRequest {
  orderId: string;
}

export interface OrderPayableView {
  orderId: string;
  userId: string;
  amountPaise: Paise;
  currency: string;
  orderStatus: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  /** False once the order is paid, cancelled or expired, and always for cash on delivery. */
  payable: boolean;
  /** When an unpaid order expires; null for cash on delivery, which never expires. */
  expiresAt: string | null;
  /** Added later: `cod` for cash on delivery, which is never paid online. */
  paymentMethod?: string;
}

export interface AdminOrderListReply {
  success: true;
  orders: OrderView[];
  total: number;
  page: number;
  pages: number;
  limit: number;
  /** The orders screen's summary cards, over every order of the shop. */
  summary: { totalOrders: number; totalRevenue: number; pending: number; processing: number };
}

export interface AdminProcessReply {
  success: true;
  processed: number;
}

export interface AdminOrderExport {
  filename: string;
  csv: string;
}

export interface CouponView {
  code: string;
  percent: number;
  context: CouponContext;
}
