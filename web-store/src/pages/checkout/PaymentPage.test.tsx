import type { RazorpayFailureResponse, RazorpaySuccessResponse } from '@shop/proto';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CheckoutOptions } from '../../api/payments';
import { makeCart, makeCartItem, makeOrder, publicSettings, signedIn } from '../../test/fixtures';
import { mockApi, type Handler } from '../../test/mockApi';
import { currentLocation, renderApp } from '../../test/renderApp';

const order = makeOrder(1, { totalAmount: 1297 });
const signed: RazorpaySuccessResponse = {
  razorpay_order_id: 'order_sbx_1',
  razorpay_payment_id: 'pay_sbx_1',
  razorpay_signature: 'sig',
};

/** Stands in for Razorpay Checkout: records what the page opened it with. */
class FakeCheckout {
  static opened: FakeCheckout[] = [];
  failed: ((response: RazorpayFailureResponse) => void)[] = [];
  constructor(readonly options: CheckoutOptions) {}
  on(_event: 'payment.failed', callback: (response: RazorpayFailureResponse) => void) {
    this.failed.push(callback);
  }
  open() {
    FakeCheckout.opened.push(this);
  }
}

let scriptNo = 0;

function paymentApi(extra: Record<string, Handler> = {}) {
  const scriptUrl = `/api/payments/sandbox/checkout.js?test=${++scriptNo}`;
  const api = mockApi({
    ...signedIn(),
    'GET /cart': () => ({ data: { cart: makeCart([makeCartItem(1)]) } }),
    'DELETE /cart': () => ({ data: { cart: makeCart([]) } }),
    [`GET /orders/${order._id}`]: () => ({ data: { success: true, order } }),
    'GET /payments/config': () => ({
      data: { success: true, mode: 'sandbox', keyId: 'rzp_test_sbx', checkoutScriptUrl: scriptUrl },
    }),
    'POST /payments/create-order': () => ({
      status: 201,
      data: {
        success: true,
        order: { id: 'order_sbx_1', key: 'rzp_test_sbx', amount: 129700, currency: 'INR', receipt: 'r' },
      },
    }),
    'POST /payments/verify': () => ({ data: { success: true, orderId: order._id, paymentId: 'pay_sbx_1' } }),
    ...extra,
  });
  return { api, scriptUrl };
}

const openPayment = () => renderApp(`/payment?orderId=${order._id}`);
const payButton = () => screen.findByRole('button', { name: 'Pay ₹1,297' });

describe('payment', () => {
  beforeEach(() => {
    FakeCheckout.opened = [];
    window.Razorpay = FakeCheckout;
  });
  afterEach(() => {
    delete window.Razorpay;
  });

  it('sends a visitor to login and a customer with an empty cart to the cart', async () => {
    mockApi({});
    const first = renderApp(`/payment?orderId=${order._id}`);
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    first.unmount();
    mockApi({ ...signedIn(), 'GET /cart': () => ({ data: { cart: makeCart([]) } }) });
    renderApp(`/payment?orderId=${order._id}`);
    await waitFor(() => expect(currentLocation()).toBe('/cart'));
  });

  it('opens Checkout for the order, verifies the signed result, empties the cart and shows the confirmation', async () => {
    const { api } = paymentApi();
    openPayment();
    await userEvent.setup().click(await payButton());
    await waitFor(() => expect(FakeCheckout.opened).toHaveLength(1));
    expect(api.calls('POST /payments/create-order')[0].body).toEqual({ orderId: order._id });
    const { options } = FakeCheckout.opened[0];
    expect(options).toMatchObject({
      key: 'rzp_test_sbx',
      amount: 129700,
      currency: 'INR',
      order_id: 'order_sbx_1',
      name: 'MS & Jaksh',
      prefill: { email: 'asha@example.in', contact: '9876543210' },
    });
    await act(async () => options.handler(signed));
    await waitFor(() => expect(currentLocation()).toBe(`/confirmation/${order._id}`));
    expect(api.calls('POST /payments/verify')[0].body).toEqual({ ...signed, orderId: order._id });
    expect(api.calls('DELETE /cart')).toHaveLength(1);
  });

  it('names the shop in the payment window as the business settings do', async () => {
    paymentApi(publicSettings({ businessName: 'Jaksh Stationers Pvt Ltd' }));
    openPayment();
    // The footer reads the same settings: once it names the business, the page has them.
    await screen.findAllByText('Jaksh Stationers Pvt Ltd');
    await userEvent.setup().click(await payButton());
    await waitFor(() => expect(FakeCheckout.opened).toHaveLength(1));
    expect(FakeCheckout.opened[0].options.name).toBe('Jaksh Stationers Pvt Ltd');
  });

  it('sends a cash-on-delivery order to its confirmation: it is paid at the door', async () => {
    const cod = { ...order, paymentDetails: { ...order.paymentDetails, paymentMethod: 'cod' } };
    const { api } = paymentApi({ [`GET /orders/${order._id}`]: () => ({ data: { order: cod } }) });
    openPayment();
    await waitFor(() => expect(currentLocation()).toBe(`/confirmation/${order._id}`));
    expect(api.calls('GET /payments/config')).toHaveLength(0);
  });

  it('loads the checkout script from the configured address on demand', async () => {
    delete window.Razorpay;
    const { scriptUrl } = paymentApi();
    openPayment();
    expect(document.querySelector(`script[src="${scriptUrl}"]`)).toBeNull();
    await userEvent.setup().click(await payButton());
    const script = await waitFor(() => {
      const found = document.querySelector<HTMLScriptElement>(`script[src="${scriptUrl}"]`);
      expect(found).not.toBeNull();
      return found!;
    });
    window.Razorpay = FakeCheckout;
    fireEvent.load(script);
    await waitFor(() => expect(FakeCheckout.opened).toHaveLength(1));
  });

  it("alerts 'Failed to load payment gateway' when the script cannot load", async () => {
    delete window.Razorpay;
    const { scriptUrl } = paymentApi();
    openPayment();
    await userEvent.setup().click(await payButton());
    const script = await waitFor(() =>
      document.querySelector<HTMLScriptElement>(`script[src="${scriptUrl}"]`)!,
    );
    fireEvent.error(script);
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Failed to load payment gateway'));
    expect(await payButton()).toBeEnabled();
  });

  it("alerts 'Payment gateway not loaded' when the script ran without providing Checkout", async () => {
    delete window.Razorpay;
    const { scriptUrl } = paymentApi();
    openPayment();
    await userEvent.setup().click(await payButton());
    const script = await waitFor(() =>
      document.querySelector<HTMLScriptElement>(`script[src="${scriptUrl}"]`)!,
    );
    fireEvent.load(script);
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Payment gateway not loaded'));
  });

  it("alerts 'Failed to initiate payment' when the provider order cannot be created", async () => {
    paymentApi({ 'POST /payments/create-order': () => ({ status: 400, data: {} }) });
    openPayment();
    await userEvent.setup().click(await payButton());
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Failed to initiate payment'));
    expect(FakeCheckout.opened).toHaveLength(0);
  });

  it('lets the shopper retry after a failed payment', async () => {
    const { api } = paymentApi();
    openPayment();
    const u = userEvent.setup();
    await u.click(await payButton());
    await waitFor(() => expect(FakeCheckout.opened).toHaveLength(1));
    const [checkout] = FakeCheckout.opened;
    act(() => {
      checkout.failed.forEach((cb) =>
        cb({
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Payment failed',
            source: 'customer',
            step: 'payment_authorization',
            reason: 'payment_failed',
            metadata: { order_id: 'order_sbx_1', payment_id: 'pay_x' },
          },
        }),
      );
      checkout.options.modal?.ondismiss?.();
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Payment failed: Payment failed. You can try again.',
    );
    await u.click(screen.getByRole('button', { name: 'Retry Payment' }));
    await waitFor(() => expect(FakeCheckout.opened).toHaveLength(2));
    expect(api.calls('POST /payments/create-order')).toHaveLength(2);
    expect(currentLocation()).toBe(`/payment?orderId=${order._id}`);
  });

  it("says 'Payment verification failed' when the server cannot verify, and stays to retry", async () => {
    const { api } = paymentApi({ 'POST /payments/verify': () => ({ status: 400, data: {} }) });
    openPayment();
    await userEvent.setup().click(await payButton());
    await waitFor(() => expect(FakeCheckout.opened).toHaveLength(1));
    await act(async () => FakeCheckout.opened[0].options.handler(signed));
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment verification failed');
    expect(screen.getByRole('button', { name: 'Retry Payment' })).toBeEnabled();
    expect(api.calls('DELETE /cart')).toHaveLength(0);
    expect(currentLocation()).toBe(`/payment?orderId=${order._id}`);
  });
});
