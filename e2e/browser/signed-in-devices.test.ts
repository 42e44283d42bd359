import type { Page } from 'playwright-core';
import { MESSAGES } from '@shop/proto';
import { TEST_ADMIN } from '../harness/backend';
import { watchPage } from '../harness/browser';
import { Customer, registerCustomer } from '../harness/shop';
import {
  alerted,
  atPath,
  browserSuite,
  hasText,
  journey,
  openVisitor,
  shows,
  STEP_TIMEOUT_MS,
  until,
  Visitor,
} from './support';

jest.setTimeout(180_000);

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/**
 * Issue 23, in real browsers: a shopper with a laptop and a phone, and staff sharing the admin
 * account. Signing out of one device leaves the others signed in; Settings lists the devices and
 * signs any of them out, or all of them.
 */
describe('sessions that end one at a time', () => {
  const suite = browserSuite();
  const { visitors } = suite;

  const laptop = async () => {
    const visitor = await openVisitor(suite.browser, suite.shop.url);
    visitors.push(visitor);
    return visitor;
  };

  /** A phone's browser: Safari on an iPhone, as the devices list will name it. */
  const phone = async (): Promise<Visitor> => {
    const context = await suite.browser.newContext({
      baseURL: suite.shop.url,
      userAgent: IPHONE,
      viewport: { width: 390, height: 844 },
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
    });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const page = await context.newPage();
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept().catch(() => undefined);
    });
    const visitor = { context, page, alerts, errors: watchPage(page).errors };
    visitors.push(visitor);
    return visitor;
  };

  const signIn = async (page: Page, customer: Customer) => {
    await page.goto('/login');
    await page.getByLabel('Email or username').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await atPath(page, '/');
  };

  const devices = (page: Page) => page.getByRole('region', { name: 'Signed-in devices' });
  const accountOverview = (page: Page) => page.getByRole('heading', { name: 'Account Overview' });

  journey(
    'a shopper signs their phone out from the laptop: the phone is sent to sign in, the laptop stays signed in',
    () => visitors,
    async () => {
      const customer = await registerCustomer(suite.shop, 'twodevices');
      const [onLaptop, onPhone] = [await laptop(), await phone()];
      await signIn(onLaptop.page, customer);
      await signIn(onPhone.page, customer);
      await onPhone.page.goto('/account');
      await shows(accountOverview(onPhone.page));

      const { page } = onLaptop;
      await page.goto('/profile');
      const list = devices(page);
      await shows(list.getByText('Safari on iOS'));
      // The registration, made here through the API, signed in a third device.
      const items = list.getByRole('listitem');
      expect(await items.count()).toBe(3);
      await hasText(items.filter({ hasText: 'This device' }), 'Chrome on Linux');
      await hasText(items.filter({ hasText: 'Unknown browser' }), 'Last used');

      await list.getByRole('button', { name: /^Sign out Safari on iOS/ }).click();
      await alerted(onLaptop, MESSAGES.deviceSignedOut);
      await until(
        () => items.count(),
        (n) => n === 2,
        'the phone to leave the list',
      );
      expect(await list.getByText('Safari on iOS').count()).toBe(0);

      await onPhone.page.goto('/account');
      await atPath(onPhone.page, '/login?session=expired');
      await page.goto('/account');
      await shows(accountOverview(page));
    },
  );

  journey(
    'Sign out of all devices, from Settings, signs the laptop and the phone out',
    () => visitors,
    async () => {
      const customer = await registerCustomer(suite.shop, 'everywhere');
      const [onLaptop, onPhone] = [await laptop(), await phone()];
      await signIn(onLaptop.page, customer);
      await signIn(onPhone.page, customer);

      const { page } = onLaptop;
      await page.goto('/profile');
      await shows(devices(page).getByText('Safari on iOS'));
      await devices(page).getByRole('button', { name: 'Sign out of all devices' }).click();
      await alerted(onLaptop, MESSAGES.signedOutEverywhere);
      await atPath(page, '/');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

      await onPhone.page.goto('/account');
      await atPath(onPhone.page, '/login?session=expired');
    },
  );

  journey(
    "one member of staff signing out of the back office leaves a colleague's browser signed in",
    () => visitors,
    async () => {
      const [mine, theirs] = [await laptop(), await laptop()];
      for (const { page } of [mine, theirs]) {
        await page.goto('/admin2009/login');
        await page.getByLabel('Email').fill(TEST_ADMIN.email);
        await page.getByLabel('Password', { exact: true }).fill(TEST_ADMIN.password);
        await page.getByRole('button', { name: 'Login' }).click();
        await atPath(page, '/admin2009/dashboard');
      }

      await mine.page.getByRole('button', { name: 'Sign Out' }).click();
      const confirm = mine.page.getByRole('alertdialog');
      await hasText(confirm, 'Are you sure you want to sign out?');
      await confirm.getByRole('button', { name: 'Sign Out' }).click();
      await atPath(mine.page, '/admin2009/login');

      await theirs.page
        .getByRole('navigation', { name: 'NAVIGATION' })
        .getByRole('link', { name: 'Orders' })
        .click();
      await shows(theirs.page.getByRole('heading', { level: 1, name: 'Orders' }));
      await theirs.page.reload();
      await shows(theirs.page.getByRole('heading', { level: 1, name: 'Orders' }));
      await atPath(theirs.page, '/admin2009/orders');
    },
  );
});
