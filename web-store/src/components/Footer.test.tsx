import { screen, waitFor, within } from '@testing-library/react';
import { SHOP } from '../content/shop';
import { makeCart, makeCartItem, makeUser, publicSettings, signedIn } from '../test/fixtures';
import { mockApi } from '../test/mockApi';
import { renderApp } from '../test/renderApp';
import { accountApi } from '../pages/account/testSupport';

const contact = () => screen.getByRole('heading', { name: 'Contact us' }).closest('section')!;

const business = publicSettings({
  businessName: 'Jaksh Stationers Pvt Ltd',
  businessEmail: 'orders@jaksh.example',
  businessPhone: '+91 80 4000 1234',
  businessAddress: '3 Residency Road, Bengaluru, Karnataka 560025',
  businessState: 'Karnataka',
  gstNumber: '29AAPFU0939F1ZV',
});

describe("the footer's contact details", () => {
  it("show the business name, e-mail, phone, address and GSTIN of the shop's settings", async () => {
    mockApi({ ...business });
    renderApp('/');
    await waitFor(() => expect(contact()).toHaveTextContent('Jaksh Stationers Pvt Ltd'));
    expect(contact()).toHaveTextContent('3 Residency Road, Bengaluru, Karnataka 560025');
    expect(within(contact()).getByRole('link', { name: '+91 80 4000 1234' })).toHaveAttribute(
      'href',
      'tel:+918040001234',
    );
    expect(within(contact()).getByRole('link', { name: 'orders@jaksh.example' })).toHaveAttribute(
      'href',
      'mailto:orders@jaksh.example',
    );
    expect(contact()).toHaveTextContent('GSTIN: 29AAPFU0939F1ZV');
    expect(screen.getByText(/^©/)).toHaveTextContent('Jaksh Stationers Pvt Ltd');
  });

  it("keep the build's own details while the settings cannot be read, and leave out a GSTIN", async () => {
    const api = mockApi({ 'GET /settings/public': () => ({ status: 404, data: {} }) });
    renderApp('/');
    await waitFor(() => expect(api.calls('GET /settings/public')).toHaveLength(1));
    expect(contact()).toHaveTextContent(SHOP.address);
    expect(within(contact()).getByRole('link', { name: SHOP.email })).toBeInTheDocument();
    expect(within(contact()).getByRole('link', { name: SHOP.phone })).toBeInTheDocument();
    expect(contact()).not.toHaveTextContent('GSTIN');
  });

  it("keep the build's own figure for each setting the owner has left blank", async () => {
    mockApi({
      ...publicSettings({ businessName: 'Jaksh Stationers', businessEmail: '', businessPhone: '' }),
    });
    renderApp('/');
    await waitFor(() => expect(contact()).toHaveTextContent('Jaksh Stationers'));
    expect(within(contact()).getByRole('link', { name: SHOP.email })).toBeInTheDocument();
    expect(within(contact()).getByRole('link', { name: SHOP.phone })).toBeInTheDocument();
  });
});

describe('contact details elsewhere follow the business settings', () => {
  it("in the cart's bulk-order alert", async () => {
    mockApi({
      ...signedIn(),
      ...business,
      'GET /cart': () => ({ data: { cart: makeCart([makeCartItem(1)], { bulkOrder: true }) } }),
    });
    renderApp('/cart');
    await waitFor(() =>
      expect(screen.getByText(/Bulk order: 50 or more items/)).toHaveTextContent(
        'Contact us at orders@jaksh.example or +91 80 4000 1234 for a quote.',
      ),
    );
  });

  it('in Help & FAQs: whom to contact for a return, and cash on delivery while it is offered', async () => {
    accountApi({ ...business }, makeUser());
    renderApp({ pathname: '/account', state: { section: 'faqs' } });
    await screen.findByRole('heading', { name: 'Help & FAQs' });
    await waitFor(() =>
      expect(screen.getByText(/within 7 days of delivery/)).toHaveTextContent(
        'Contact our support team at orders@jaksh.example or +91 80 4000 1234 within 7 days of delivery',
      ),
    );
    expect(screen.getByText(/cards, UPI and net banking/)).toHaveTextContent(
      'You can also pay in cash on delivery for orders up to ₹10,000.',
    );
  });

  it('in the terms: who we are, with the GSTIN, and cash on delivery up to its limit', async () => {
    mockApi({ ...business });
    renderApp('/terms');
    const whoWeAre = (await screen.findByRole('heading', { name: '1. Who we are' })).nextElementSibling!;
    await waitFor(() =>
      expect(whoWeAre).toHaveTextContent(
        'Jaksh Stationers Pvt Ltd, 3 Residency Road, Bengaluru, Karnataka 560025, GSTIN 29AAPFU0939F1ZV.',
      ),
    );
    expect(whoWeAre).toHaveTextContent('orders@jaksh.example or +91 80 4000 1234');
    expect(screen.getByText(/Cash on delivery is available/)).toHaveTextContent(
      'Cash on delivery is available for orders up to ₹10,000',
    );
  });

  it("in the privacy policy's grievance contact", async () => {
    mockApi({ ...business });
    renderApp('/privacy');
    const grievances = (await screen.findByRole('heading', { name: '8. Contact and grievances' }))
      .nextElementSibling!;
    await waitFor(() => expect(grievances).toHaveTextContent('orders@jaksh.example'));
    expect(grievances).toHaveTextContent('3 Residency Road, Bengaluru, Karnataka 560025');
  });
});
