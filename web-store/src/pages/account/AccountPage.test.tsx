import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeOrder, makeUser } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { currentLocation, renderApp } from '../../test/renderApp';
import { displayName } from './sections';
import { accountApi, emptyStats } from './testSupport';

const sidebar = () => screen.findByRole('complementary', { name: 'My Account' });
const sections = () => screen.getByRole('navigation', { name: 'Account sections' });

describe('My Account', () => {
  it('sends a visitor to login and back here afterwards', async () => {
    mockApi({});
    renderApp('/account');
    await waitFor(() => expect(currentLocation()).toBe('/login'));
  });

  it('lists the sidebar sections and opens on the overview', async () => {
    accountApi();
    renderApp('/account');
    await sidebar();
    expect(
      within(sections())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Overview',
      'Order History',
      'My Wishlist',
      'Manage Addresses',
      'Track Your Order',
      'Help & FAQs',
      'Settings',
    ]);
    expect(within(sections()).getByRole('button', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByRole('heading', { name: 'Account Overview' })).toBeInTheDocument();
  });

  it('opens on the section given in navigation state, and /wishlist on the wishlist', async () => {
    accountApi();
    const view = renderApp({ pathname: '/account', state: { section: 'orders' } });
    expect(await screen.findByRole('heading', { name: 'Order History' })).toBeInTheDocument();
    view.unmount();
    accountApi();
    renderApp('/wishlist');
    expect(await screen.findByRole('heading', { name: 'My Wishlist' })).toBeInTheDocument();
  });

  it("names the user by name, else the e-mail's local part, else 'Guest User'", async () => {
    expect(displayName({ name: 'Asha Rao', email: 'asha@example.in' })).toBe('Asha Rao');
    expect(displayName({ name: null, email: 'ravi.k@example.in' })).toBe('ravi.k');
    expect(displayName({ name: null, email: '' })).toBe('Guest User');
    accountApi({}, makeUser({ name: null, email: 'ravi.k@example.in' }));
    renderApp('/account');
    const aside = await sidebar();
    expect(within(aside).getByText('ravi.k')).toBeInTheDocument();
    expect(within(aside).getByText('ravi.k@example.in')).toBeInTheDocument();
  });

  it('signs out from the sidebar and goes home', async () => {
    accountApi();
    renderApp('/account');
    await userEvent.setup().click(within(await sidebar()).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  describe('the overview', () => {
    it('welcomes the user with e-mail, phone and the four stat cards', async () => {
      accountApi({
        'GET /auth/stats': () => ({
          data: {
            success: true,
            stats: {
              totalOrders: 4,
              totalSpent: 3200.5,
              deliveredOrders: 2,
              wishlistCount: 3,
              recentOrders: [],
            },
          },
        }),
      });
      renderApp('/account');
      expect(await screen.findByText('Welcome back, Asha Rao!')).toBeInTheDocument();
      expect(screen.getByText('asha@example.in', { selector: 'dd' })).toBeInTheDocument();
      expect(screen.getByText('9876543210')).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Total Orders 4' })).toBeInTheDocument();
      expect(screen.getByText('Total Spent').nextSibling).toHaveTextContent('₹3,200.50');
      expect(screen.getByText('Delivered').nextSibling).toHaveTextContent('2');
      expect(screen.getByRole('button', { name: 'Wishlist 3' })).toBeInTheDocument();
      expect(screen.queryByText('Premium Member')).toBeNull();
      expect(screen.queryByRole('table')).toBeNull();
    });

    it("shows 'Premium Member' only above 5000 spent", async () => {
      accountApi({ 'GET /auth/stats': () => ({ data: { stats: { ...emptyStats, totalSpent: 5000 } } }) });
      const view = renderApp('/account');
      await screen.findByRole('button', { name: 'Total Orders 0' });
      expect(screen.queryByText('Premium Member')).toBeNull();
      view.unmount();
      accountApi({ 'GET /auth/stats': () => ({ data: { stats: { ...emptyStats, totalSpent: 5000.01 } } }) });
      renderApp('/account');
      expect(await screen.findByText('Premium Member')).toBeInTheDocument();
    });

    it('lists recent orders by the last 8 characters of their id, with View Details and View All', async () => {
      const order = makeOrder(1, { orderStatus: 'Shipped', totalAmount: 1499 });
      accountApi({
        'GET /auth/stats': () => ({
          data: { stats: { ...emptyStats, totalOrders: 1, recentOrders: [order] } },
        }),
      });
      renderApp('/account');
      const table = await screen.findByRole('table');
      const [, row] = within(table).getAllByRole('row');
      expect(
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual([
        `#${order._id.slice(-8)}`,
        '₹1,499.00',
        'Shipped',
        `View Details of order ${order._id.slice(-8)}`,
      ]);
      expect(within(row).getByRole('link')).toHaveAttribute('href', `/confirmation/${order._id}`);
      await userEvent.setup().click(screen.getByRole('button', { name: 'View All' }));
      expect(await screen.findByRole('heading', { name: 'Order History' })).toBeInTheDocument();
    });

    it('links the Orders and Wishlist cards to their sections', async () => {
      accountApi();
      renderApp('/account');
      const u = userEvent.setup();
      await u.click(await screen.findByRole('button', { name: 'Wishlist 0' }));
      expect(await screen.findByRole('heading', { name: 'My Wishlist' })).toBeInTheDocument();
      await u.click(within(sections()).getByRole('button', { name: 'Overview' }));
      await u.click(await screen.findByRole('button', { name: 'Total Orders 0' }));
      expect(await screen.findByRole('heading', { name: 'Order History' })).toBeInTheDocument();
    });

    it("says 'Failed to load data' with Try again", async () => {
      let fail = true;
      accountApi({
        'GET /auth/stats': () => (fail ? { status: 400, data: {} } : { data: { stats: emptyStats } }),
      });
      renderApp('/account');
      expect(await screen.findByText('Failed to load data')).toBeInTheDocument();
      fail = false;
      await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('button', { name: 'Total Orders 0' })).toBeInTheDocument();
    });
  });

  it('reloads section data each time the section opens', async () => {
    const api = accountApi();
    renderApp('/account');
    const u = userEvent.setup();
    await screen.findByRole('button', { name: 'Total Orders 0' });
    await u.click(within(sections()).getByRole('button', { name: 'Order History' }));
    await screen.findByText('No orders yet');
    await u.click(within(sections()).getByRole('button', { name: 'Overview' }));
    await screen.findByRole('button', { name: 'Total Orders 0' });
    await u.click(within(sections()).getByRole('button', { name: 'Order History' }));
    await screen.findByText('No orders yet');
    await waitFor(() => expect(api.calls('GET /auth/stats')).toHaveLength(2));
    await waitFor(() => expect(api.calls('GET /orders/me')).toHaveLength(2));
  });

  it('shows the six FAQs', async () => {
    accountApi();
    renderApp({ pathname: '/account', state: { section: 'faqs' } });
    await screen.findByRole('heading', { name: 'Help & FAQs' });
    const questions = screen.getAllByText(/\?$/, { selector: 'summary' }).map((s) => s.textContent);
    expect(questions).toEqual([
      'How can I track my order?',
      'What is your return policy?',
      'How do I change my password?',
      'How do I add a new address?',
      'What payment methods do you accept?',
      'Can I customize products?',
    ]);
    expect(screen.getByText(/within 7 days of delivery/)).toBeInTheDocument();
    expect(screen.getByText(/Settings > Change Password/)).toBeInTheDocument();
    expect(screen.getByText(/cards, UPI and net banking/)).toBeInTheDocument();
    expect(screen.getByText(/upload images, add text and choose options/)).toBeInTheDocument();
  });

  describe('while the e-mail address is not verified', () => {
    const banner = () => screen.findByRole('region', { name: 'E-mail verification' });

    it("says 'Please verify your e-mail address to place orders' and sends a new link", async () => {
      const api = accountApi(
        {
          'POST /auth/verify-email/resend': () => ({
            data: { success: true, message: 'We sent a new verification link to asha@example.in' },
          }),
        },
        makeUser({ emailVerified: false }),
      );
      renderApp('/account');
      const shown = await banner();
      expect(shown).toHaveTextContent(
        'Please verify your e-mail address to place orders. We sent a link to asha@example.in.',
      );
      await userEvent.setup().click(within(shown).getByRole('button', { name: 'Resend link' }));
      await waitFor(() =>
        expect(within(shown).getByRole('status')).toHaveTextContent(
          'We sent a new verification link to asha@example.in',
        ),
      );
      expect(api.calls('POST /auth/verify-email/resend')).toHaveLength(1);
    });

    it('shows no banner to a verified customer, nor to one whose account predates verification', async () => {
      accountApi({}, makeUser({ emailVerified: true }));
      const first = renderApp('/account');
      expect(await screen.findByRole('heading', { name: 'Account Overview' })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'E-mail verification' })).toBeNull();
      first.unmount();
      // A user object from before the field existed.
      accountApi({}, makeUser({ emailVerified: undefined }));
      renderApp('/account');
      expect(await screen.findByRole('heading', { name: 'Account Overview' })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'E-mail verification' })).toBeNull();
    });

    it('takes the banner away once the customer comes back with the address verified', async () => {
      let verified = false;
      accountApi({
        'GET /auth/me': () => ({ data: { success: true, user: makeUser({ emailVerified: verified }) } }),
      });
      renderApp('/account');
      await banner();
      verified = true;
      act(() => void fireEvent.focus(window));
      await waitFor(() => expect(screen.queryByRole('region', { name: 'E-mail verification' })).toBeNull());
    });

    it("says so, and takes the banner away, when the address was verified meanwhile (409 'already verified')", async () => {
      let verified = false;
      accountApi({
        'GET /auth/me': () => ({ data: { success: true, user: makeUser({ emailVerified: verified }) } }),
        'POST /auth/verify-email/resend': () => {
          verified = true;
          return { status: 409, data: { message: 'Your e-mail address is already verified' } };
        },
      });
      renderApp('/account');
      await userEvent.setup().click(within(await banner()).getByRole('button', { name: 'Resend link' }));
      await waitFor(() => expect(screen.queryByRole('region', { name: 'E-mail verification' })).toBeNull());
      expect(window.alert).not.toHaveBeenCalled();
    });
  });
});
