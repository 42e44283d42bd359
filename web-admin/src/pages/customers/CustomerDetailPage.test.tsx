import { screen, waitFor, within } from '@testing-library/react';
import { aCustomerDetail, anOrder } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { ADMIN, renderAdmin } from '../../test/renderApp';

const ORDER_ID = '5e6f7a8b-1234-4cde-8f00-abcdef987654';
const customer = aCustomerDetail({
  _id: 'c0ffee00-0000-4000-8000-000000000042',
  username: 'asha',
  email: 'asha@example.in',
  createdAt: '2024-11-02T10:00:00.000Z',
  orders: [
    {
      _id: ORDER_ID,
      displayId: 'ORD-EF987654',
      totalAmount: 1598,
      orderStatus: 'Shipped',
      paymentStatus: 'paid',
      createdAt: '2025-06-01T10:00:00.000Z',
      items: [{ productId: 'p1', name: 'Photo Mug', quantity: 2, price: 799 }],
    },
  ],
  wishlist: [
    { _id: 'p9', name: 'Brass Pen Stand', price: 650, image: null, addedAt: '2025-05-01T10:00:00.000Z' },
  ],
  wishlistCount: 1,
  addresses: [
    {
      _id: 'a1',
      name: 'Asha Rao',
      phone: '9876543210',
      street: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pinCode: '560001',
      country: 'India',
      isDefault: true,
    },
  ],
});
const PATH = `/admin2009/customers/${customer._id}`;

type Routes = Parameters<typeof mockApi>[0];

function server(routes: Routes = {}) {
  return mockApi({
    'GET /admin2009/profile': () => ({ data: { success: true, admin: ADMIN } }),
    [`GET ${PATH}`]: () => ({ data: { success: true, customer } }),
    [`DELETE ${PATH}`]: () => ({ data: { success: true, message: 'Customer deactivated successfully' } }),
    'GET /admin2009/customers': () => ({
      data: {
        success: true,
        customers: [],
        total: 0,
        page: 1,
        pages: 1,
        limit: 20,
        summary: { total: 0, business: 0, individual: 0, vip: 0, totalRevenue: 0 },
      },
    }),
    ...routes,
  });
}

const location = () => screen.getByTestId('location').textContent;

describe('the customer detail page', () => {
  it('shows username, email, joined date and whether the customer is an admin', async () => {
    server();
    renderAdmin(`/customers/${customer._id}`);
    expect(await screen.findByText('Username')).toBeInTheDocument();
    expect(screen.getByText('Username').nextSibling).toHaveTextContent('asha');
    expect(screen.getByText('Email').nextSibling).toHaveTextContent('asha@example.in');
    expect(screen.getByText('Joined').nextSibling).toHaveTextContent('2 Nov 2024');
    expect(screen.getByText('Admin').nextSibling).toHaveTextContent('No');
  });

  it('lists the order history linking each order to /admin2009/orders/{id}, the wishlist and the addresses', async () => {
    server();
    renderAdmin(`/customers/${customer._id}`);
    const link = await screen.findByRole('link', { name: 'ORD-EF987654' });
    expect(link).toHaveAttribute('href', `/admin2009/orders/${ORDER_ID}`);
    expect(link.closest('tr')).toHaveTextContent('Shipped');
    expect(link.closest('tr')).toHaveTextContent('₹1,598');
    expect(
      within(screen.getByRole('list', { name: 'Wishlist' })).getByText('Brass Pen Stand'),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Addresses' })).toHaveTextContent(
      '12 MG Road, Bengaluru, Karnataka 560001, India',
    );
  });

  it("opens the order's details from the order history", async () => {
    server({
      [`GET /admin2009/orders/${ORDER_ID}`]: () => ({
        data: { success: true, order: anOrder({ _id: ORDER_ID, orderStatus: 'Shipped' }) },
      }),
      'GET /admin2009/orders': () => ({
        data: { success: true, orders: [], total: 0, page: 1, pages: 1, limit: 10 },
      }),
      'GET /customizations': () => ({ data: { success: true, customizations: [] } }),
    });
    const { user } = renderAdmin(`/customers/${customer._id}`);
    await user.click(await screen.findByRole('link', { name: 'ORD-EF987654' }));
    await waitFor(() => expect(location()).toBe(`/orders/${ORDER_ID}`));
    expect(await screen.findByRole('dialog')).toHaveTextContent('ORD-EF987654');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(location()).toBe('/orders'));
  });

  it("deactivates after confirmation, alerts 'Customer deactivated successfully' and returns to the customers", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const api = server();
    const { user } = renderAdmin(`/customers/${customer._id}`);
    await user.click(await screen.findByRole('button', { name: 'Deactivate Customer' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Are you sure you want to deactivate this customer?');
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Customer deactivated successfully'));
    expect(api.callsTo('DELETE', PATH)).toHaveLength(1);
    await waitFor(() => expect(location()).toBe('/customers'));
  });

  it('sets the Deactivate Customer button in its own spaced action row below the explanation', async () => {
    server();
    renderAdmin(`/customers/${customer._id}`);
    const zone = await screen.findByRole('region', { name: 'Deactivate Customer' });
    const row = within(zone).getByRole('button', { name: 'Deactivate Customer' }).parentElement;
    expect(row).toHaveClass('section-actions');
    expect(row?.previousElementSibling).toHaveTextContent('The customer can no longer sign in.');
  });

  it('does nothing when the deactivation is cancelled', async () => {
    const api = server();
    const { user } = renderAdmin(`/customers/${customer._id}`);
    await user.click(await screen.findByRole('button', { name: 'Deactivate Customer' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', PATH)).toHaveLength(0);
    expect(location()).toBe(`/customers/${customer._id}`);
  });

  it("alerts 'Error: Failed to deactivate customer' when the deactivation fails", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    server({ [`DELETE ${PATH}`]: () => ({ status: 409, data: {} }) });
    const { user } = renderAdmin(`/customers/${customer._id}`);
    await user.click(await screen.findByRole('button', { name: 'Deactivate Customer' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }),
    );
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error: Failed to deactivate customer'));
    expect(location()).toBe(`/customers/${customer._id}`);
  });

  it('marks a deactivated account and offers no second deactivation', async () => {
    server({
      [`GET ${PATH}`]: () => ({ data: { success: true, customer: { ...customer, isActive: false } } }),
    });
    renderAdmin(`/customers/${customer._id}`);
    expect(await screen.findByText('Deactivated')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate Customer' })).toBeDisabled();
  });

  it("shows 'Customer not found' for an unknown customer", async () => {
    server({ [`GET ${PATH}`]: () => ({ status: 404, data: { message: 'Customer not found' } }) });
    renderAdmin(`/customers/${customer._id}`);
    expect(await screen.findByText('Customer not found')).toBeInTheDocument();
  });

  it("shows 'Error: Failed to fetch customer details' when the customer cannot be read", async () => {
    server({ [`GET ${PATH}`]: () => ({ status: 400, data: {} }) });
    renderAdmin(`/customers/${customer._id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Failed to fetch customer details');
  });
});
