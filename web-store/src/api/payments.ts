import type {
  PaymentConfigView,
  PaymentOrderView,
  RazorpayFailureResponse,
  RazorpaySuccessResponse,
  VerifyPaymentResult,
} from '@shop/proto';
import { api } from './client';

export const PAYMENT_ERRORS = {
  loadGateway: 'Failed to load payment gateway',
  gatewayMissing: 'Payment gateway not loaded',
  initiate: 'Failed to initiate payment',
  verify: 'Payment verification failed',
} as const;

/** What the storefront needs to open Checkout: the mode, the public key and the script's address. */
export async function fetchPaymentConfig(signal?: AbortSignal): Promise<PaymentConfigView> {
  const { data } = await api.get<PaymentConfigView>('/payments/config', { signal });
  return { mode: data.mode, keyId: data.keyId, checkoutScriptUrl: data.checkoutScriptUrl };
}

/** The provider order for a shop order; the server takes the amount from the order itself. */
export async function createPaymentOrder(orderId: string): Promise<PaymentOrderView> {
  const { data } = await api.post<{ order: PaymentOrderView }>('/payments/create-order', { orderId });
  return data.order;
}

export async function verifyPayment(
  result: RazorpaySuccessResponse,
  orderId: string,
): Promise<VerifyPaymentResult> {
  const { data } = await api.post<VerifyPaymentResult>('/payments/verify', { ...result, orderId });
  return data;
}

/** Razorpay Checkout's options, as far as the shop uses them. Amounts are paise. */
export interface CheckoutOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  prefill?: { name?: string; email?: string; contact?: string };
  theme?: { color: string };
  handler(response: RazorpaySuccessResponse): void;
  modal?: { ondismiss?(): void };
}

export interface CheckoutInstance {
  open(): void;
  on(event: 'payment.failed', callback: (response: RazorpayFailureResponse) => void): void;
}

export type CheckoutConstructor = new (options: CheckoutOptions) => CheckoutInstance;

declare global {
  interface Window {
    Razorpay?: CheckoutConstructor;
  }
}
