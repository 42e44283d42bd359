import jwt from 'jsonwebtoken';
import type { Browser } from 'playwright-core';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@shop/proto';
import { TEST_JWT_SECRET } from '../harness/backend';
import { FakeGoogle, startFakeGoogle } from '../harness/fake-google';
import { launchBrowser } from '../harness/browser';
import {
  addAddress,
  Customer,
  payOrder,
  placeOrder,
  registerCustomer,
  Shop,
  startShop,
} from '../harness/shop';
import {
  alerted,
  atPath,
  hasText,
  hides,
  journey,
  openVisitor,
  rupees,
  shows,
  until,
  Visitor,
} from './support';

jest.setTimeout(180_000);

/**
 * Issue 7, second journey: the wishlist's move to cart, a review and a helpful vote, reordering a
 * past order, a failed payment and its retry, a session the server no longer accepts, and Google
 * sign-in (against a stand-in Google: this machine cannot reach Google).
 */
describe('the storefront for a returning customer', () => {
  let shop: Shop;
  let browser: Browser;
  let google: FakeGoogle;
  const visitors: Visitor[] = [];

  beforeAll(async () => {
    google = await startFakeGoogle();
    [shop, browser] = await Promise.all([startShop({ env: google.env }), launchBrowser()]);
  });
  afterEach(async () => {
    await Promise.all(visitors.splice(0).map((v) => v.context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await google?.close();
  });

  /** A new browser for this customer, signed in by the token the storefront keeps in storage. */
  const signedIn = async (customer: Customer): Promise<Visitor> => {
    const visitor = await openVisitor(browser, shop.url);
    visitors.push(visitor);
    await visitor.page.goto('/terms');
    await visitor.page.evaluate((token) => localStorage.setItem('token', token), customer.token);
    return visitor;
  };
  const current = () => visitors.slice(-1);

  journey('a product saved to the wishlist moves to the cart', current, async () => {
    const customer = await registerCustomer(shop);
    const visitor = await openVisitor(browser, shop.url);
    visitors.push(visitor);
    const { page } = visitor;
    const { bottle } = shop.products;

    // Signing in with the username, through the login page.
    await page.goto('/login');
    await page.getByLabel('Email or username').fill(customer.username);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await atPath(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await shows(nav.getByRole('link', { name: 'My Account' }));

    // The bottle has little stock left; it goes to the wishlist.
    await page.goto(`/product/${bottle._id}`);
    await shows(page.getByRole('heading', { level: 1, name: bottle.name }));
    await shows(page.getByText(`Only ${bottle.stock} left in stock!`));
    await page.getByRole('button', { name: 'Add to Wishlist' }).click();
    await shows(page.getByRole('button', { name: 'In Wishlist', pressed: true }));
    await shows(nav.getByLabel('1 saved items'));

    // From My Wishlist to the cart.
    await nav.getByRole('link', { name: /Wishlist/ }).click();
    await shows(page.getByRole('heading', { name: 'My Wishlist' }));
    const card = page.getByRole('article', { name: bottle.name });
    await shows(card);
    await card.getByRole('button', { name: /Move to Cart/ }).click();
    await alerted(visitor, 'Product moved to cart');
    await shows(page.getByText('Your wishlist is empty'));
    await hides(nav.getByLabel(/saved items/));
    await shows(nav.getByLabel('1 items in cart'));

    await nav.getByRole('link', { name: /Cart/ }).click();
    const line = page.getByRole('article', { name: bottle.name });
    await shows(line);
    await hasText(line, `${rupees(bottle.price)} each`);
    const wishlist = await shop.http.get('/auth/wishlist', customer.token);
    expect(wishlist.body.wishlist ?? wishlist.body).toHaveLength(0);
  });

  journey(
    'a customer reviews a product with pros and cons and marks another review helpful',
    current,
    async () => {
      const { diary } = shop.products;
      const other = await registerCustomer(shop, 'ravi');
      const earlier = await shop.http.post(
        '/reviews',
        {
          productId: diary._id,
          rating: 5,
          comment: 'Lovely leather and the debossing is crisp.',
          pros: ['Soft leather'],
          cons: [],
        },
        other.token,
      );
      expect(earlier.status).toBe(201);
      const customer = await registerCustomer(shop, 'meera');
      const { page } = await signedIn(customer);

      await page.goto(`/product/${diary._id}`);
      await shows(page.getByRole('heading', { level: 1, name: diary.name }));
      const reviews = page.getByRole('region', { name: 'Customer reviews' });
      // The reviews load as the shopper scrolls near them.
      await reviews.scrollIntoViewIfNeeded();
      const theirs = reviews.getByRole('article', { name: `Review by ${other.username}` });
      await shows(theirs);
      await hasText(theirs, 'Soft leather');

      // The form's own rule first, then a review that passes it.
      const form = page.getByRole('form', { name: 'Write a review' });
      await form.getByRole('radio', { name: '4 stars' }).check();
      await form.getByLabel('Your review').fill('Too short');
      await form.getByRole('button', { name: 'Submit Review' }).click();
      await shows(form.getByText('Comment must be at least 10 characters long'));
      await form.getByLabel('Your review').fill('Sturdy diary, the name came out exactly as I typed it.');
      await form.getByLabel('Pros 1').fill('Neat debossing');
      await form.getByLabel('Cons 1').fill('Ships in a plain box');
      await form.getByRole('button', { name: 'Submit Review' }).click();
      await shows(form.getByText('Thank you! Your review has been posted.'));
      const mine = reviews.getByRole('article', { name: `Review by ${customer.username}` });
      await shows(mine);
      await hasText(mine, 'Sturdy diary, the name came out exactly as I typed it.');
      await hasText(mine, 'Pros Neat debossing');
      await hasText(mine, 'Cons Ships in a plain box');
      await hasText(page.locator('.product-info .product-rating'), /4\.5 \(2 reviews\)/);

      // A helpful vote on the other shopper's review, and taking it back.
      await theirs.getByRole('button', { name: 'Helpful (0)', pressed: false }).click();
      await shows(theirs.getByRole('button', { name: 'Helpful (1)', pressed: true }));
      const stored = await shop.http.get(`/reviews/product/${diary._id}`, customer.token);
      const voted = stored.body.reviews.find((r: { _id: string }) => r._id === earlier.body.review._id);
      expect(voted).toMatchObject({ helpfulCount: 1, votedHelpful: true });
      await theirs.getByRole('button', { name: 'Helpful (1)' }).click();
      await shows(theirs.getByRole('button', { name: 'Helpful (0)', pressed: false }));
    },
  );

  journey('reorder puts an earlier order back in the cart, with its customization', current, async () => {
    const { lanyard, cards } = shop.products;
    const { width, hook } = shop.customizations;
    const customer = await registerCustomer(shop, 'kabir');
    const earlier = await placeOrder(shop, customer, [
      {
        product: lanyard._id,
        quantity: 3,
        customization: { dynamicCustomizations: { [width._id]: '25 mm', [hook._id]: true } },
      },
      { product: cards._id, quantity: 2 },
    ]);
    await payOrder(shop, customer, earlier._id);
    const visitor = await signedIn(customer);
    const { page } = visitor;

    await page.goto('/account');
    await page
      .getByRole('navigation', { name: 'Account sections' })
      .getByRole('button', { name: 'Order History' })
      .click();
    const card = page.getByRole('article', { name: `Order ${earlier._id.slice(-8)}` });
    await shows(card);
    await hasText(card, `${lanyard.name} Qty: 3`);
    await hasText(card, `${cards.name} Qty: 2`);
    await card.getByRole('button', { name: 'Reorder' }).click();
    await alerted(visitor, 'Items added to cart');

    const nav = page.getByRole('navigation', { name: 'Main' });
    await shows(nav.getByLabel('5 items in cart'));
    await nav.getByRole('link', { name: /Cart/ }).click();
    const lanyardLine = page.getByRole('article', { name: lanyard.name });
    await shows(lanyardLine);
    await hasText(lanyardLine, 'Strap Width: 25 mm');
    await hasText(lanyardLine, 'Metal Hook: Yes');
    await hasText(lanyardLine, `${rupees(150 + 25 + 15)} each`);
    await hasText(lanyardLine, rupees(3 * 190));
    await hasText(page.getByRole('article', { name: cards.name }), rupees(2 * cards.price));
  });

  journey('a failed payment leaves the order payable, and the retry pays it', current, async () => {
    const { penSet } = shop.products;
    const customer = await registerCustomer(shop, 'zoya');
    await addAddress(shop, customer);
    expect(
      (
        await shop.http.post(
          '/cart',
          { productId: penSet._id, quantity: 1, customization: {} },
          customer.token,
        )
      ).status,
    ).toBe(200);
    const visitor = await signedIn(customer);
    const { page } = visitor;

    await page.goto('/checkout');
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await hasText(summary, `${penSet.name} × 1`);
    await summary.getByRole('button', { name: 'Place Order' }).click();
    await atPath(page, /^\/payment\?orderId=/);
    const orderId = new URL(page.url()).searchParams.get('orderId')!;

    // The shopper's card is declined in the Checkout window.
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    const checkout = page.getByRole('dialog', { name: 'MS & Jaksh' });
    await shows(checkout);
    await checkout.getByRole('button', { name: 'Fail payment' }).click();
    await shows(
      checkout.getByText('Payment failed: Payment failed. You can try again or close this window.'),
    );
    await shows(
      page.getByRole('alert').filter({ hasText: 'Payment failed: Payment failed. You can try again.' }),
    );
    await checkout.getByRole('button', { name: 'Close payment window' }).click();
    await hides(checkout);
    await until(
      async () =>
        (await shop.http.get(`/orders/${orderId}`, customer.token)).body.order.paymentDetails.status,
      (status) => status === 'failed',
      'the order to show the failed payment',
    );

    // Retrying opens the window again; this time the payment goes through.
    await page.getByRole('button', { name: 'Retry Payment' }).click();
    await shows(checkout);
    await checkout.getByRole('button', { name: /^Pay / }).click();
    await atPath(page, `/confirmation/${orderId}`);
    await shows(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }));
    await hasText(page.locator('.confirmation-status'), 'Paid');
  });

  journey(
    'a session the server refuses ends at /login?session=expired with its message',
    current,
    async () => {
      const { cards } = shop.products;
      const customer = await registerCustomer(shop, 'neel');
      const { page } = await signedIn(customer);
      await page.goto(`/product/${cards._id}`);
      await shows(page.getByRole('heading', { level: 1, name: cards.name }));
      const nav = page.getByRole('navigation', { name: 'Main' });
      await shows(nav.getByRole('link', { name: 'My Account' }));

      // The token lapses while the page is open: the next call that needs it is refused with 401.
      // The page's own loading calls must be done first, or one of them meets the 401 before the
      // click does and the button is gone by the time it is pressed.
      await page.waitForLoadState('networkidle');
      const expired = jwt.sign(
        { sub: customer.userId, role: 'customer', exp: Math.floor(Date.now() / 1000) - 60 },
        TEST_JWT_SECRET,
        { audience: TOKEN_AUDIENCE.customer, issuer: TOKEN_ISSUER },
      );
      await page.evaluate((token) => localStorage.setItem('token', token), expired);
      await page.getByRole('button', { name: 'Add to Wishlist' }).click();

      await atPath(page, '/login?session=expired');
      await shows(
        page.getByRole('status').filter({ hasText: 'Your session has expired. Please sign in again.' }),
      );
      await shows(nav.getByRole('link', { name: 'Sign In' }));
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

      // Signing in again works as usual.
      await page.getByLabel('Email or username').fill(customer.email);
      await page.getByLabel('Password', { exact: true }).fill(customer.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await shows(nav.getByRole('link', { name: 'My Account' }));
    },
  );

  journey(
    'Continue with Google signs a new shopper in and back to the home page; Cancel on Google explains',
    current,
    async () => {
      const visitor = await openVisitor(browser, shop.url);
      visitors.push(visitor);
      const { page } = visitor;
      const nav = page.getByRole('navigation', { name: 'Main' });

      // Cancelling on Google's page comes back to the login page with the spec's message.
      google.nextChoice('deny');
      await page.goto('/login');
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await atPath(page, '/login');
      await shows(page.getByText('Google authentication failed. Please try again.'));

      google.nextChoice({
        sub: '117711223344556677889',
        email: 'tara.bose@gmail.com',
        email_verified: true,
        name: 'Tara Bose',
      });
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await atPath(page, '/');
      await shows(nav.getByRole('link', { name: 'My Account' }));
      // The token left the address bar: the callback page replaced its history entry.
      expect(page.url()).not.toContain('token=');
      await nav.getByRole('link', { name: 'My Account' }).click();
      await shows(page.getByText('tara.bose@gmail.com').first());
      await shows(page.getByText('Tara Bose').first());
    },
  );
});
