import type { CouponContext, OrderQuoteView, OrderView } from '@shop/proto';
import { api } from './client';

export const CHECKOUT_ERRORS = {
  coupon: 'Invalid coupon code',
  address: 'Failed to add address',
  order: 'Failed to create order',
  proceed: 'Failed to proceed',
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
  signal?: AbortSignal,
): Promise<Quote> {
  const { data } = await api.post<{ quote: Quote }>(
    '/orders/quote',
    { products, coupon, context },
    { signal },
  );
  return data.quote;
}

export interface PlaceOrderInput {
  products: OrderLineInput[];
  shippingAddress: ShippingAddressInput;
  coupon: string | null;
  paymentMethod: string;
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
      paymentDetails: { paymentMethod: input.paymentMethod, status: 'pending', currency: 'INR' },
    },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  return data.order;
}
