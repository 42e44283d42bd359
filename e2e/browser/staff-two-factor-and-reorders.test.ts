import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { isRecoveryCode, normalizeSignInCode, RECOVERY_CODE_COUNT } from '@shop/proto';
import { TEST_ADMIN } from '../harness/backend';
import { placeOrder, registerCustomer } from '../harness/shop';
import {
  atPath,
  browserSuite,
  hasText,
  hides,
  journey,
  seriousViolations,
  shows,
  signInToBackOffice,
  until,
} from './support';

jest.setTimeout(180_000);

/** The code an authenticator app shows `steps` time steps (30 s each) from now. */
const totp = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/**
 * Issue 30 for staff: auto reorder's requests on the Products screen, and two-factor sign-in with
 * an authenticator app enrolled from a QR code.
 */
describe('the back office: reorder requests and two-factor sign-in', () => {
  const suite = browserSuite();
  const current = () => suite.visitors;

  const signOut = async (page: Page) => {
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign Out' }).click();
    await atPath(page, '/admin2009/login');
  };

  const passwordStep = async (page: Page) => {
    await page.getByLabel('Email').fill(TEST_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
  };

  journey(
    'with auto reorder on, a product whose stock falls to the threshold gets a reorder request on the Products screen, and Mark received adds its stock',
    current,
    async () => {
      const { shop } = suite;
      const { penSet } = shop.products;
      const settings = await shop.http.patch(
        '/admin2009/settings',
        { lowStockThreshold: 10, autoReorderEnabled: true, autoReorderQuantity: 40 },
        shop.admin,
      );
      expect(settings.status).toBe(200);
      // Orders take the pen sets down to the threshold: 80 in stock, 70 ordered.
      const customer = await registerCustomer(shop, 'bulk');
      await placeOrder(shop, customer, [{ product: penSet._id, quantity: 70 }]);

      const staff = await suite.visit();
      await signInToBackOffice(staff, shop.admin);
      const { page } = staff;
      await page.goto('/admin2009/products');
      const requests = page.getByRole('table', { name: 'Reorder requests' });
      const row = requests.getByRole('row').filter({ hasText: penSet.name });
      await until(
        async () => {
          if ((await row.count()) === 0) await page.reload();
          return row.innerText({ timeout: 5000 });
        },
        (text) => /40 units/.test(text) && /Open/.test(text),
        'the open reorder request',
      );
      expect(await seriousViolations(page)).toEqual([]);

      await row.getByRole('button', { name: `Mark received: ${penSet.name}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Mark received' }).click();
      await shows(
        page.getByRole('status').filter({ hasText: `✅ 40 units of ${penSet.name} added to stock` }),
      );
      await hasText(row, 'Received');
      await hides(row.getByRole('button', { name: `Mark received: ${penSet.name}` }));
      await until(
        async () => (await shop.http.get(`/products/${penSet._id}`)).body.product.stock,
        (stock) => stock === 10 + 40,
        'the received units in stock',
      );
    },
  );

  journey(
    'an admin turns on two-factor sign-in, enrols an authenticator from the QR code at the next sign-in, keeps the recovery codes, and later signs in with a code',
    current,
    async () => {
      const { page } = await suite.visit();
      await page.goto('/admin2009/login');
      await passwordStep(page);
      await atPath(page, '/admin2009/dashboard');

      await page.goto('/admin2009/settings');
      await page.getByRole('tab', { name: 'Security' }).click();
      await page.getByRole('switch', { name: 'Two-factor authentication' }).check();
      await page.getByRole('button', { name: 'Save All Settings' }).click();
      await shows(page.getByRole('button', { name: 'Saved Successfully' }));
      try {
        await signOut(page);

        // The first sign-in after: the password, then the authenticator app set up from the QR code.
        await passwordStep(page);
        await shows(page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' }));
        await shows(page.getByRole('img', { name: 'QR code to scan with your authenticator app' }));
        const secret = (await page.locator('.two-factor-key').innerText()).replace(/\s+/g, '');
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByLabel('6-digit code').fill(await totp(secret));
        await page.getByRole('button', { name: 'Verify and sign in' }).click();

        await shows(page.getByRole('heading', { level: 1, name: 'Save your recovery codes' }));
        const codes = await page
          .getByRole('list', { name: 'Recovery codes' })
          .getByRole('listitem')
          .allInnerTexts();
        expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
        expect(codes.every((code) => isRecoveryCode(normalizeSignInCode(code)))).toBe(true);
        expect(await seriousViolations(page)).toEqual([]);
        const onward = page.getByRole('button', { name: 'Continue to the dashboard' });
        expect(await onward.isDisabled()).toBe(true);
        await page.getByRole('checkbox', { name: 'I have saved these codes' }).check();
        await onward.click();
        await atPath(page, '/admin2009/dashboard');
        await shows(page.getByText('Welcome back, Admin'));

        // Every later sign-in asks for the app's code: the next time step's, as the one used to
        // enrol is not taken twice.
        await signOut(page);
        await passwordStep(page);
        await shows(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' }));
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByLabel('6-digit code').fill(await totp(secret, 1));
        await page.getByRole('button', { name: 'Verify' }).click();
        await atPath(page, '/admin2009/dashboard');
        await shows(page.getByText('Welcome back, Admin'));
      } finally {
        await suite.shop.http.patch('/admin2009/settings', { twoFactorAuth: false }, suite.shop.admin);
      }
    },
  );
});
