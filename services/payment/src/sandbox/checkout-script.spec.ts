import { JSDOM } from 'jsdom';
import { SANDBOX_CHECKOUT_SCRIPT } from './checkout-script';

interface FetchCall {
  url: string;
  body: Record<string, unknown>;
}

/** A page on the storefront's origin with the script loaded and `fetch` answered by `reply`. */
function page(reply: (body: Record<string, unknown>) => { status: number; body: unknown }) {
  const dom = new JSDOM(
    '<!doctype html><html><head></head><body><button id="place">Place order</button></body></html>',
    {
      url: 'https://shop.example/payment',
      runScripts: 'outside-only',
      pretendToBeVisual: true,
    },
  );
  const calls: FetchCall[] = [];
  const window = dom.window as typeof dom.window & { Razorpay: any };
  // Only what the script reads of a response.
  const fetch = async (url: string, init: { body: string }) => {
    const body = JSON.parse(init.body);
    calls.push({ url, body });
    const answer = reply(body);
    return { ok: answer.status < 400, status: answer.status, json: async () => answer.body };
  };
  Object.assign(window, { fetch });
  window.eval(SANDBOX_CHECKOUT_SCRIPT);
  const doc = window.document;
  const dialog = () => doc.querySelector('[role="dialog"]') as HTMLElement | null;
  const button = (text: RegExp) =>
    [...doc.querySelectorAll('button')].find((b) => text.test(b.textContent ?? '')) as HTMLButtonElement;
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return { window, doc, calls, dialog, button, flush };
}

const OPTIONS = {
  key: 'rzp_test_sandbox',
  amount: 123_400,
  currency: 'INR',
  order_id: 'order_Abc123Def456Gh',
  name: 'MS & Jaksh',
  description: 'Order 1f2e3d4c',
  prefill: { name: 'Asha', email: 'asha@example.com', contact: '9876543210' },
};

const SIGNED = {
  razorpay_order_id: OPTIONS.order_id,
  razorpay_payment_id: 'pay_Xyz987Wvu654Ts',
  razorpay_signature: 'a'.repeat(64),
};

describe('the sandbox checkout script', () => {
  it('opens an accessible dialog named after the shop, showing the amount in rupees, with focus on Pay', () => {
    const { window, dialog, doc } = page(() => ({ status: 200, body: SIGNED }));
    new window.Razorpay({ ...OPTIONS, handler: () => undefined }).open();
    const shown = dialog()!;
    expect(shown.getAttribute('aria-modal')).toBe('true');
    expect(doc.getElementById(shown.getAttribute('aria-labelledby')!)!.textContent).toBe('MS & Jaksh');
    expect(shown.textContent).toContain('₹1,234.00');
    expect(shown.textContent).toContain('Sandbox');
    expect(doc.activeElement!.textContent).toBe('Pay ₹1,234.00');
  });

  it('on Pay asks the sandbox next to the script for a payment and hands the signed result to handler', async () => {
    const { window, calls, dialog, button, flush, doc } = page(() => ({ status: 200, body: SIGNED }));
    const handler = jest.fn();
    (doc.getElementById('place') as HTMLButtonElement).focus();
    new window.Razorpay({ ...OPTIONS, handler }).open();
    (doc.querySelector('select') as HTMLSelectElement).value = 'upi';
    button(/^Pay/).click();
    await flush();
    await flush();
    expect(calls).toEqual([
      {
        url: 'https://shop.example/api/payments/sandbox/pay',
        body: { key: OPTIONS.key, order_id: OPTIONS.order_id, outcome: 'success', method: 'upi' },
      },
    ]);
    expect(handler).toHaveBeenCalledWith(SIGNED);
    expect(dialog()).toBeNull();
    expect(doc.activeElement!.id).toBe('place');
  });

  it("on Fail fires payment.failed with Razorpay's error and keeps the dialog open for another try", async () => {
    const failure = {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Payment failed',
        source: 'customer',
        step: 'payment_authentication',
        reason: 'payment_failed',
        metadata: { order_id: OPTIONS.order_id, payment_id: 'pay_1' },
      },
    };
    const { window, calls, dialog, button, flush } = page(() => ({ status: 200, body: failure }));
    const handler = jest.fn();
    const failed = jest.fn();
    new window.Razorpay({ ...OPTIONS, handler }).on('payment.failed', failed).open();
    button(/^Fail/).click();
    await flush();
    await flush();
    expect(calls[0].body.outcome).toBe('failure');
    expect(failed).toHaveBeenCalledWith(failure);
    expect(handler).not.toHaveBeenCalled();
    expect(dialog()!.querySelector('[role="status"]')!.textContent).toContain('Payment failed');
    expect(button(/^Pay/).disabled).toBe(false);
  });

  it('shows the server message when the sandbox refuses, without calling handler', async () => {
    const { window, dialog, button, flush } = page(() => ({
      status: 400,
      body: { success: false, message: 'Order has already been paid' },
    }));
    const handler = jest.fn();
    new window.Razorpay({ ...OPTIONS, handler }).open();
    button(/^Pay/).click();
    await flush();
    await flush();
    expect(dialog()!.querySelector('[role="status"]')!.textContent).toBe('Order has already been paid');
    expect(handler).not.toHaveBeenCalled();
  });

  it('calls modal.ondismiss when the shopper presses Escape or closes the window', () => {
    const { window, dialog, doc } = page(() => ({ status: 200, body: SIGNED }));
    const ondismiss = jest.fn();
    new window.Razorpay({ ...OPTIONS, modal: { ondismiss } }).open();
    dialog()!.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(dialog()).toBeNull();
    new window.Razorpay({ ...OPTIONS, modal: { ondismiss } }).open();
    (doc.querySelector('[aria-label="Close payment window"]') as HTMLButtonElement).click();
    expect(dialog()).toBeNull();
    expect(ondismiss).toHaveBeenCalledTimes(2);
  });

  it('refuses to open without a key or an order id, as Checkout does', () => {
    const { window } = page(() => ({ status: 200, body: SIGNED }));
    expect(() => new window.Razorpay({ ...OPTIONS, key: '' })).toThrow('No key passed');
    expect(() => new window.Razorpay({ ...OPTIONS, order_id: undefined })).toThrow('order_id is required');
  });
});
