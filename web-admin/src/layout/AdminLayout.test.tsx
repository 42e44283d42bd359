import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { useReportDirty } from '../components/UnsavedChanges';
import { AdminLayout } from './AdminLayout';
import { mockApi, type MockReply } from '../test/mockApi';
import { ADMIN, renderAdmin } from '../test/renderApp';

function signedInApi() {
  return mockApi({
    'GET /admin2009/profile': () => ({ data: { success: true, admin: ADMIN } }),
    'GET /admin2009/products': () => ({ data: { success: true, products: [], total: 0, page: 1 } }),
    'GET /admin2009/orders': () => ({ data: { success: true, orders: [], total: 0, page: 1 } }),
    'POST /admin2009/logout': () => ({ data: { success: true, message: 'Logged out' } }),
  });
}

/** A page holding a form whose dirty state the test controls. */
function DirtyPage({ dirty }: { dirty: boolean }) {
  useReportDirty(dirty);
  return <p>Editing a product</p>;
}

function renderWithDirtyPage(dirty: boolean) {
  return renderAdmin('/products', {
    children: (
      <Routes>
        <Route path="login" element={<p>Login screen</p>} />
        <Route element={<AdminLayout />}>
          <Route path="products" element={<DirtyPage dirty={dirty} />} />
          <Route path="orders" element={<p>Orders screen</p>} />
        </Route>
      </Routes>
    ),
  });
}

const location = () => screen.getByTestId('location').textContent;

describe('the admin layout', () => {
  it("shows 'Loading admin panel...' while the profile loads, then the panel", async () => {
    signedInApi();
    renderAdmin('/orders');
    expect(screen.getByText('Loading admin panel...')).toBeInTheDocument();
    expect(await screen.findByText('Welcome back, Admin')).toBeInTheDocument();
  });

  it("shows 'Loading admin panel...' with no admin and then redirects to the login", async () => {
    mockApi({});
    renderAdmin('/orders', { signedIn: false });
    expect(screen.getByText('Loading admin panel...')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
  });

  it('redirects to the login when the stored token is refused (401 clears adminToken)', async () => {
    mockApi({
      'GET /admin2009/profile': () => ({ status: 401, data: { message: 'Invalid or expired token' } }),
    });
    renderAdmin('/products');
    await waitFor(() => expect(location()).toBe('/login?session=expired'));
    expect(localStorage.getItem('adminToken')).toBeNull();
  });

  it('keeps the session when the profile cannot be loaded without a 401, says what failed and retries', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    let answer: MockReply = { status: 502, data: {} };
    mockApi({
      'GET /admin2009/profile': () => answer,
      'GET /admin2009/orders': () => ({ data: { success: true, orders: [], total: 0, page: 1 } }),
    });
    const { user } = renderAdmin('/orders');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the admin panel');
    expect(alert).toHaveBeenCalledWith('Server error. Please try again later.');
    expect(location()).toBe('/orders');
    expect(localStorage.getItem('adminToken')).not.toBeNull();

    answer = { data: { success: true, admin: ADMIN } };
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Welcome back, Admin')).toBeInTheDocument();
  });

  it('lists NAVIGATION and QUICK ACTIONS and highlights the active page', async () => {
    signedInApi();
    renderAdmin('/orders');
    const sidebar = await screen.findByRole('complementary', { name: 'Admin sidebar' });
    const nav = within(sidebar).getByRole('navigation', { name: 'NAVIGATION' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Orders', 'Products', 'Customers', 'Reports', 'Settings']);
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Products' })).not.toHaveAttribute('aria-current');
    const actions = within(sidebar).getByRole('group', { name: 'QUICK ACTIONS' });
    expect(within(actions).getByRole('button', { name: 'Back to Site' })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it("shows 'Signed in as Admin', the e-mail's initial and the e-mail in the footer", async () => {
    signedInApi();
    renderAdmin('/orders');
    const sidebar = await screen.findByRole('complementary', { name: 'Admin sidebar' });
    const footer = within(sidebar).getByRole('contentinfo');
    expect(footer).toHaveTextContent('Signed in as Admin');
    expect(footer).toHaveTextContent('O');
    expect(footer).toHaveTextContent('owner@msjaksh.in');
  });

  it("shows the breadcrumb 'Admin Panel / {page label}'", async () => {
    signedInApi();
    renderAdmin('/products');
    const crumb = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(crumb).toHaveTextContent('Admin Panel / Products');
  });

  it('opens the sidebar with the menu button and closes it on every route change', async () => {
    signedInApi();
    const { user } = renderAdmin('/orders');
    const toggle = await screen.findByRole('button', { name: 'Expand menu' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'Products' }));
    await waitFor(() => expect(location()).toBe('/products'));
    expect(await screen.findByRole('button', { name: 'Expand menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it("asks 'Are you sure you want to sign out?' and signs out to the login on confirm", async () => {
    const server = signedInApi();
    const { user } = renderAdmin('/orders');
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to sign out?');
    await user.click(within(dialog).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(server.callsTo('POST', '/admin2009/logout')).toHaveLength(1);
    expect(localStorage.getItem('adminToken')).toBeNull();
  });

  it('keeps the admin signed in when sign-out is cancelled', async () => {
    const server = signedInApi();
    const { user } = renderAdmin('/orders');
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.callsTo('POST', '/admin2009/logout')).toHaveLength(0);
    expect(localStorage.getItem('adminToken')).toBe('admin-jwt');
  });

  it("asks 'Leave admin panel and go back to the site?' before going to /", async () => {
    signedInApi();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const { user } = renderAdmin('/orders');
    await screen.findByText('Welcome back, Admin');
    const [sidebarButton, headerButton] = screen.getAllByRole('button', { name: 'Back to Site' });
    expect(headerButton).toBeInTheDocument();
    await user.click(sidebarButton);
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Leave admin panel and go back to the site?');
    await user.click(within(dialog).getByRole('button', { name: 'Go to site' }));
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('closes the confirm dialog with Escape and discards the pending action', async () => {
    signedInApi();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const { user } = renderAdmin('/orders');
    await screen.findByText('Welcome back, Admin');
    await user.click(screen.getAllByRole('button', { name: 'Back to Site' })[0]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('the dirty-form guard', () => {
  it('navigates directly when no form is dirty', async () => {
    signedInApi();
    const { user } = renderWithDirtyPage(false);
    await user.click(await screen.findByRole('link', { name: 'Orders' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Orders screen')).toBeInTheDocument();
  });

  it("holds navigation while a form is dirty and asks 'Please ensure that you have no unsaved changes.'", async () => {
    signedInApi();
    const { user } = renderWithDirtyPage(true);
    await user.click(await screen.findByRole('link', { name: 'Orders' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Please ensure that you have no unsaved changes.');
    expect(location()).toBe('/products');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(location()).toBe('/products');
    expect(screen.getByText('Editing a product')).toBeInTheDocument();
  });

  it('goes to the held target once the admin confirms', async () => {
    signedInApi();
    const { user } = renderWithDirtyPage(true);
    await user.click(await screen.findByRole('link', { name: 'Orders' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave page' }));
    expect(await screen.findByText('Orders screen')).toBeInTheDocument();
  });

  it('warns the browser before unload only while a form is dirty', async () => {
    signedInApi();
    const view = renderWithDirtyPage(true);
    await screen.findByText('Editing a product');
    await waitFor(() => {
      const dirtyEvent = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(dirtyEvent);
      expect(dirtyEvent.defaultPrevented).toBe(true);
    });

    view.unmount();
    const cleanEvent = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(cleanEvent);
    expect(cleanEvent.defaultPrevented).toBe(false);
  });
});

describe('unknown paths', () => {
  it('send the browser to / with a full page load', async () => {
    mockApi({});
    const replace = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, replace });
    renderAdmin('/no-such-page');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/'));
  });
});
