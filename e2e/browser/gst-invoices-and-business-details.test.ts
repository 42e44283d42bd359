import { readFile } from 'node:fs/promises';
import { GSTIN_MESSAGES, gstinCheckCharacter } from '@shop/proto';
import type { Download, Locator, Page } from 'playwright-core';
import { ADDRESS, addAddress, registerCustomer } from '../harness/shop';
import {
  atPath,
  browserSuite,
  hasText,
  hides,
  journey,
  seriousViolations,
  shows,
  signInToBackOffice,
  signInToStore,
  until,
  type VisitorOptions,
} from './support';

jest.setTimeout(180_000);

/** A well-formed GSTIN: state code, PAN, entity number, Z, and its check character. */
const gstin = (stateCode: string, pan: string) => {
  const first14 = `${stateCode}${pan}1Z`;
  return first14 + gstinCheckCharacter(first14);
};

/** The shop's business details as the owner saves them in Settings (Karnataka, state code 29). */
const BUSINESS = {
  name: 'MS & Jaksh Prints',
  phone: '8041235678',
  address: '42 Residency Road, Bengaluru 560025',
  state: 'Karnataka',
  gstin: gstin('29', 'AAFCM4821K'),
};

/** The business buyer's company, at the journeys' Karnataka address, and a GSTIN of Maharashtra (27). */
const BUYER = {
  company: 'Tarang Events Pvt Ltd',
  gstin: gstin('29', 'AABCT4321K'),
  otherState: gstin('27', 'AABCT4321K'),
};

const INVOICE_FILE = /^INV-\d{2}-\d{2}-\d{6}\.pdf$/;

/** Clicks the button and answers the file the browser saved: its name and whether it is a PDF. */
async function download(page: Page, button: Locator): Promise<{ filename: string; pdf: boolean }> {
  const [saved] = await Promise.all([page.waitForEvent('download') as Promise<Download>, button.click()]);
  const bytes = await readFile((await saved.path())!);
  return { filename: saved.suggestedFilename(), pdf: bytes.subarray(0, 4).toString('latin1') === '%PDF' };
}

/**
 * Issue 30's business settings and GST tax invoices: what the owner saves in Settings reaches the
 * dashboard and the storefront, and a business buyer's GSTIN reaches a tax invoice that shopper and
 * staff download and the confirmation mail carries.
 */
describe('GST tax invoices and the business details from Settings', () => {
  const suite = browserSuite();
  const current = () => suite.visitors;

  /** The back office in a browser of its own, signed in with the seeded admin's token. */
  const backOffice = async (path: string, options?: VisitorOptions): Promise<Page> => {
    const visitor = await suite.visit(options);
    await signInToBackOffice(visitor, suite.shop.admin);
    await visitor.page.goto(`/admin2009${path}`);
    return visitor.page;
  };

  journey(
    'the dashboard warns that tax invoices need a GSTIN until one is saved in Settings; the storefront footer shows the business details saved there',
    current,
    async () => {
      const page = await backOffice('/dashboard');
      const warning = page.getByRole('note', { name: 'GSTIN missing' });
      await hasText(warning, 'Tax invoices need your GSTIN.');
      await warning.getByRole('link', { name: 'Add your GSTIN in Settings' }).click();

      await atPath(page, '/admin2009/settings');
      await page.getByLabel('Business Name').fill(BUSINESS.name);
      await page.getByLabel('Business Phone').fill(BUSINESS.phone);
      await page.getByLabel('Business Address').fill(BUSINESS.address);
      await page.getByLabel('Business State').selectOption(BUSINESS.state);
      await page.getByLabel('GST Number').fill(BUSINESS.gstin);
      await page.getByRole('button', { name: 'Save All Settings' }).click();
      await shows(page.getByRole('button', { name: 'Saved Successfully' }));

      await page
        .getByRole('navigation', { name: 'NAVIGATION' })
        .getByRole('link', { name: 'Dashboard' })
        .click();
      await shows(page.getByText('Welcome back, Admin'));
      await hides(warning);

      const { page: store } = await suite.visit();
      const footer = store.getByRole('contentinfo');
      await until(
        async () => {
          await store.goto('/');
          return (await footer.innerText()).replace(/\s+/g, ' ');
        },
        (text) => text.includes(BUSINESS.name),
        'the footer to show the saved business name',
      );
      await hasText(footer, BUSINESS.phone);
      await hasText(footer, BUSINESS.address);
      await hasText(footer, `GSTIN: ${BUSINESS.gstin}`);
    },
  );

  journey(
    "a business buyer's GSTIN of another state is refused; with the right one they pay and download the tax invoice, staff download it, and the confirmation mail carries it",
    current,
    async () => {
      const { shop } = suite;
      // The shop's GSTIN makes its documents tax invoices (the journey above saves the same).
      const saved = await shop.http.patch(
        '/admin2009/settings',
        { businessName: BUSINESS.name, businessState: BUSINESS.state, gstNumber: BUSINESS.gstin },
        shop.admin,
      );
      expect(saved.status).toBe(200);
      const customer = await registerCustomer(shop, 'tarang');
      await addAddress(shop, customer);
      expect(
        (
          await shop.http.post(
            '/cart',
            { productId: shop.products.penSet._id, quantity: 2, customization: {} },
            customer.token,
          )
        ).status,
      ).toBe(200);
      const shopper = await suite.visit({ acceptDownloads: true });
      await signInToStore(shopper, customer.token);
      const { page } = shopper;

      await page.goto('/checkout');
      await shows(page.getByRole('radio', { name: /Asha Kulkarni/ }));
      await page.getByRole('checkbox', { name: 'Need a GST invoice?' }).check();
      const gstinField = page.getByLabel('GSTIN', { exact: true });
      await gstinField.fill(BUYER.otherState);
      await page.getByLabel('Company name').fill(BUYER.company);
      const summary = page.getByRole('complementary', { name: 'Order summary' });
      await summary.getByRole('button', { name: 'Place Order' }).click();
      await shows(
        page.getByRole('alert').filter({
          hasText: GSTIN_MESSAGES.stateMismatch('Maharashtra', '27', ADDRESS.state),
        }),
      );
      expect(await gstinField.getAttribute('aria-invalid')).toBe('true');
      expect(await seriousViolations(page)).toEqual([]);

      await gstinField.fill(BUYER.gstin);
      expect(await gstinField.getAttribute('aria-invalid')).toBeNull();
      const total = await summary.locator('.total dd').innerText();
      await summary.getByRole('button', { name: 'Place Order' }).click();
      await atPath(page, /^\/payment\?orderId=/);
      const orderId = new URL(page.url()).searchParams.get('orderId')!;
      await page.getByRole('button', { name: `Pay ${total}` }).click();
      await page.getByRole('dialog', { name: 'MS & Jaksh' }).getByRole('button', { name: /^Pay / }).click();

      // The confirmation names the buyer and, once issued, offers the tax invoice.
      await atPath(page, `/confirmation/${orderId}`);
      await hasText(page.locator('.confirmation-buyer'), `${BUYER.company} GSTIN: ${BUYER.gstin}`);
      const fromConfirmation = await download(page, page.getByRole('button', { name: 'Download invoice' }));
      expect(fromConfirmation.filename).toMatch(INVOICE_FILE);
      expect(fromConfirmation.pdf).toBe(true);

      await page.getByRole('link', { name: 'View My Orders' }).click();
      const card = page.getByRole('article', { name: `Order ${orderId.slice(-8)}` });
      const fromHistory = await download(page, card.getByRole('button', { name: 'Download invoice' }));
      expect(fromHistory).toEqual(fromConfirmation);

      // Staff download the same document from the order's dialog.
      const staff = await backOffice(`/orders/${orderId}`, { acceptDownloads: true });
      const documents = staff
        .getByRole('dialog', { name: 'Order Details' })
        .getByRole('region', { name: 'Documents' });
      await hasText(documents, /Tax invoice INV\/\d{2}-\d{2}\/\d{6}/);
      expect(await seriousViolations(staff)).toEqual([]);
      expect(await download(staff, documents.getByRole('button', { name: 'Download invoice' }))).toEqual(
        fromConfirmation,
      );

      // The order confirmation mail, as delivered over SMTP, has the invoice attached.
      const [mail] = await shop.backend.mailbox!.waitFor({
        to: customer.email,
        subject: /confirmed: thank you for your payment$/,
      });
      expect(mail.attachments).toEqual([
        expect.objectContaining({
          contentType: 'application/pdf',
          filename: fromConfirmation.filename,
        }),
      ]);
    },
  );
});
