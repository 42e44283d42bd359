import { emailNotVerifiedMessage, SHIPPING_METHOD_LABELS, verificationLinkSentMessage } from '@shop/proto';
import { addAddress, PASSWORD, placeOrder, registerCustomer, type ProductKey } from '../harness/shop';
import {
  atPath,
  browserSuite,
  hasText,
  hides,
  journey,
  openVerificationLink,
  rupees,
  seriousViolations,
  shows,
  signInToBackOffice,
  signInToStore,
  until,
  type Visitor,
} from './support';

jest.setTimeout(180_000);

/**
 * Issue 30 at checkout: a new account is refused until its e-mail address is verified, Express
 * delivery at its own price, and cash on delivery, which staff settle in the back office.
 */
describe('checkout: e-mail verification, Express delivery and cash on delivery', () => {
  const suite = browserSuite();
  const current = () => suite.visitors;

  /** A verified customer with the journeys' address and one product in the cart, at checkout. */
  const atCheckout = async (prefix: string, product: ProductKey, quantity: number) => {
    const { shop } = suite;
    const customer = await registerCustomer(shop, prefix);
    await addAddress(shop, customer);
    const added = await shop.http.post(
      '/cart',
      { productId: shop.products[product]._id, quantity, customization: {} },
      customer.token,
    );
    expect(added.status).toBe(200);
    const visitor = await suite.visit();
    await signInToStore(visitor, customer.token);
    await visitor.page.goto('/checkout');
    await shows(visitor.page.getByRole('radio', { name: /Asha Kulkarni/ }));
    return { customer, visitor, summary: visitor.page.getByRole('complementary', { name: 'Order summary' }) };
  };

  /** The back office in a browser of its own, signed in with the seeded admin's token. */
  const backOffice = async (path: string): Promise<Visitor> => {
    const visitor = await suite.visit();
    await signInToBackOffice(visitor, suite.shop.admin);
    await visitor.page.goto(`/admin2009${path}`);
    return visitor;
  };

  const stockOf = async (product: ProductKey): Promise<number> =>
    (await suite.shop.http.get(`/products/${suite.shop.products[product]._id}`)).body.product.stock;

  journey(
    'a new shopper is refused at checkout until they open the verification link, resent from the refusal',
    current,
    async () => {
      const { shop } = suite;
      const visitor = await suite.visit();
      const { page } = visitor;
      const username = `nisha${Date.now().toString(36)}`;
      const email = `${username}@example.com`;

      await page.goto('/register');
      await page.getByLabel('Username', { exact: true }).fill(username);
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await shows(nav.getByRole('link', { name: 'My Account' }));

      // An unverified account may fill its cart.
      const { cards } = shop.products;
      await page.goto(`/product/${cards._id}`);
      await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
      await shows(page.getByRole('status').filter({ hasText: 'Added to cart.' }));
      const token = (await page.evaluate(() => localStorage.getItem('token')))!;
      await addAddress(shop, { token });

      // Checkout refuses the order, says why, and offers the link again.
      await page.goto('/checkout');
      await shows(page.getByRole('radio', { name: /Asha Kulkarni/ }));
      const summary = page.getByRole('complementary', { name: 'Order summary' });
      await hasText(summary, `${cards.name} × 1`);
      await summary.getByRole('button', { name: 'Place Order' }).click();
      const refusal = summary.getByRole('alert').filter({ hasText: emailNotVerifiedMessage(email) });
      await shows(refusal);
      expect(await seriousViolations(page)).toEqual([]);
      await summary.getByRole('button', { name: 'Resend verification link' }).click();
      await shows(summary.getByRole('status').filter({ hasText: verificationLinkSentMessage(email) }));

      // The second mail's link, opened from the inbox in another tab; back at checkout, the order
      // is placed. (The refusal also goes when the tab is shown again, which headless chromium,
      // whose every tab is always shown, never signals.)
      await openVerificationLink(visitor, shop.backend, email, 2);
      await summary.getByRole('button', { name: 'Place Order' }).click();
      await atPath(page, /^\/payment\?orderId=/);
      const orderId = new URL(page.url()).searchParams.get('orderId')!;
      const order = await shop.http.get(`/orders/${orderId}`, token);
      expect(order.body.order).toMatchObject({
        orderStatus: 'Pending',
        paymentDetails: { status: 'pending' },
      });
    },
  );

  journey(
    'Express delivery is priced at the express cost in the checkout summary and on the confirmation',
    current,
    async () => {
      const { shop } = suite;
      const settings = (await shop.http.get('/settings/public')).body.settings;
      const express = settings.expressShippingCost as number;
      expect(express).toBeGreaterThan(0);
      const { visitor, summary } = await atCheckout('rohan', 'labels', 1);
      const { page } = visitor;

      const option = page.getByRole('radio', { name: SHIPPING_METHOD_LABELS.express });
      await hasText(page.locator('label', { has: option }), rupees(express));
      await option.check();
      await hasText(summary, `Shipping ${rupees(express)}`);
      await hasText(summary, SHIPPING_METHOD_LABELS.express);
      const total = await summary.locator('.total dd').innerText();

      await summary.getByRole('button', { name: 'Place Order' }).click();
      await atPath(page, /^\/payment\?orderId=/);
      const orderId = new URL(page.url()).searchParams.get('orderId')!;
      await page.getByRole('button', { name: `Pay ${total}` }).click();
      const checkout = page.getByRole('dialog', { name: 'MS & Jaksh' });
      await checkout.getByRole('button', { name: /^Pay / }).click();

      await atPath(page, `/confirmation/${orderId}`);
      await hasText(page.locator('.confirmation-status'), 'Paid');
      await hasText(page.locator('.confirmation-status'), `Delivery ${SHIPPING_METHOD_LABELS.express}`);
      await hasText(page.getByRole('main'), `Shipping ${rupees(express)}`);
    },
  );

  journey(
    'cash on delivery: the order is placed unpaid and staff mark the cash received; a second, refused at the door, is cancelled and its stock comes back',
    current,
    async () => {
      const { shop } = suite;
      const { diary } = shop.products;
      const { customer, visitor, summary } = await atCheckout('kiran', 'diary', 1);
      const { page } = visitor;

      await page.getByRole('radio', { name: /Cash on delivery/ }).check();
      const total = await summary.locator('.total dd').innerText();
      await hasText(summary, `You pay ${total} in cash when your order arrives.`);
      await summary.getByRole('button', { name: 'Place Order' }).click();

      // No payment step: straight to the confirmation, the cart emptied.
      await atPath(page, /^\/confirmation\//);
      const orderId = page.url().split('/confirmation/')[1];
      await shows(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }));
      await shows(page.getByText(`Pay ${total} when your order arrives.`));
      const nav = page.getByRole('navigation', { name: 'Main' });
      await shows(nav.getByRole('link', { name: 'Cart' }));
      expect(await nav.getByLabel(/items in cart/).count()).toBe(0);
      expect((await shop.http.get('/cart', customer.token)).body.cart.items).toHaveLength(0);

      // The courier brought the cash: staff record it in the order's dialog.
      const staff = await backOffice(`/orders/${orderId}`);
      const details = staff.page.getByRole('dialog', { name: 'Order Details' });
      const cod = details.getByRole('region', { name: 'Cash on delivery' });
      await shows(cod.getByRole('button', { name: 'Mark paid (cash received)' }));
      expect(await seriousViolations(staff.page)).toEqual([]);
      await cod.getByRole('button', { name: 'Mark paid (cash received)' }).click();
      await staff.page.getByRole('alertdialog').getByRole('button', { name: 'Mark paid' }).click();
      await hides(cod);
      await hasText(details, /Payment ?Paid ?Cash on delivery/i);
      expect(
        (await shop.http.get(`/orders/${orderId}`, customer.token)).body.order.paymentDetails,
      ).toMatchObject({
        status: 'paid',
        paymentMethod: 'cod',
      });

      // A second order, refused at the door: cancelled, and its two diaries are for sale again.
      const before = await stockOf('diary');
      const refused = await placeOrder(shop, customer, [{ product: diary._id, quantity: 2 }], {
        paymentMethod: 'cod',
      });
      await until(
        () => stockOf('diary'),
        (stock) => stock === before - 2,
        'the order to hold two diaries',
      );
      await staff.page.goto(`/admin2009/orders/${refused._id}`);
      await details.getByRole('button', { name: 'Refused at delivery' }).click();
      await staff.page.getByRole('alertdialog').getByRole('button', { name: 'Cancel as refused' }).click();
      await until(
        () => details.getByLabel('Status', { exact: true }).inputValue(),
        (status) => status === 'Cancelled',
        'the refused order to show Cancelled',
      );
      await until(
        () => stockOf('diary'),
        (stock) => stock === before,
        'the refused order’s stock to come back',
      );
    },
  );
});
