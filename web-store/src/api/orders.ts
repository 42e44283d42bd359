import type { CouponContext, DocumentKind, OrderQuoteView, OrderView, ShippingMethod } from '@shop/proto';
import { filenameFrom } from '@shop/web-kit/download';
import { api } from './client';

export const CHECKOUT_ERRORS = {
  coupon: 'Invalid coupon code',
  address: 'Failed to add address',
  order: 'Failed to create order',
  proceed: 'Failed to proceed',
} as const;

export const DOCUMENT_ERRORS = {
  download: 'Failed to download the document',
} as const;

export interface OrderLineInput {
  product: string;
  quantity: number;
  customization: Record<string, unknown>;
}

export interface ShippingAddressInput {
  fullName: string;
  phone: string;
  email: string | null;
  street: string;
  city: string;
  state: string;
  pinCode: string;
  country: string;
}

export type Quote = OrderQuoteView;

/** The totals an order of these lines would have now, as the server prices them. */
export async function fetchQuote(
  products: OrderLineInput[],
  coupon: string | null,
  context: CouponContext,
  shippingMethod: ShippingMethod,
  signal?: AbortSignal,
): Promise<Quote> {
  const { data } = await api.post<{ quote: Quote }>(
    '/orders/quote',
    { products, coupon, context, shippingMethod },
    { signal },
  );
  return data.quote;
}

export interface PlaceOrderInput {
  products: OrderLineInput[];
  shippingAddress: ShippingAddressInput;
  coupon: string | null;
  shippingMethod: ShippingMethod;
  paymentMethod: string;
  /** A business buyer's GSTIN and company name, for a tax invoice that carries both; else null. */
  gstin: string | null;
  companyName: string | null;
}

/**
 * Places the order. The same Idempotency-Key on a retried submit answers with the order the first
 * submit placed, so a double click or a lost reply never places two.
 */
export async function placeOrder(input: PlaceOrderInput, idempotencyKey: string): Promise<OrderView> {
  const { data } = await api.post<{ order: OrderView }>(
    '/orders',
    {
      products: input.products,
      shippingAddress: input.shippingAddress,
      coupon: input.coupon,
      shippingMethod: input.shippingMethod,
      gstin: input.gstin,
      companyName: input.companyName,
      paymentDetails: { paymentMethod: input.paymentMethod, status: 'pending', currency: 'INR' },
    },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  return data.order;
}

/** One of the order's documents (invoice, receipt, credit note) as the PDF the server issued, with its file name. */
export async function fetchOrderDocument(
  orderId: string,
  kind: DocumentKind,
): Promise<{ file: Blob; filename: string }> {
  const response = await api.get<Blob>(
    `/orders/${encodeURIComponent(orderId)}/documents/${encodeURIComponent(kind)}`,
    { responseType: 'blob' },
  );
  return { file: response.data, filename: filenameFrom(response.headers, `${kind}.pdf`) };
}
