import { REVENUE_COUNTS, type CustomerListReply, type CustomerOrderView, type CustomerRowView } from '@shop/proto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { aCustomerDetail, aCustomerRow } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { ADMIN, renderAdmin } from '../../test/renderApp';

const asha = aCustomerRow({ _id: '0b7c1f52-1111-4aaa-8bbb-000000000001' });
const ravi = aCustomerRow({
  _id: '0b7c1f52-2222-4aaa-8bbb-000000000002',
  username: 'ravi',
  name: null,
  email: 'ravi@example.in',
  phone: null,
  companyName: null,
  city: '',
  type: 'individual',
  totalOrders: 0,
  totalSpent: 0,
  lastOrderDate: null,
});

const listReply = (
  customers: CustomerRowView[],
  summary: Partial<CustomerListReply['summary']> = {},
): CustomerListReply => ({
  success: true,
  customers,
  total: customers.length,
  page: 1,
  pages: 1,
  limit: 20,
  summary: { total: 32, business: 12, individual: 20, vip: 3, totalRevenue: 254000, ...summary },
});

function anOrderOf(day: number): CustomerOrderView {
  const id = `9a9a9a9a-0000-4000-8000-0000000000${String(day).padStart(2, '0')}`;
  return {
    _id: id,
    displayId: `ORD-${id.slice(-8).toUpperCase()}`,
    totalAmount: 1000 + day,
    orderStatus: 'Delivered',
    paymentStatus: 'paid',
    createdAt: `2025-05-${String(day).padStart(2, '0')}T10:00:00.000Z`,
    items: [{ productId: 'p1', name: 'Photo Mug', quantity: 1, price: 1000 + day }],
  };
}

type Routes = Parameters<typeof mockApi>[0];

function server(routes: Routes = {}) {
  return mockApi({
    'GET /admin2009/profile': () => ({ data: { success: true, admin: ADMIN } }),
    'GET /admin2009/customers': () => ({ data: listReply([asha, ravi]) }),
    [`GET /admin2009/customers/${asha._id}`]: () => ({
      data: {
        success: true,
        customer: aCustomerDetail({
          ...asha,
          wishlistCount: 6,
          orders: [3, 9, 1, 12, 7, 5, 10].map(anOrderOf),
        }),
      },
    }),
    [`DELETE /admin2009/customers/${asha._id}`]: () => ({
      data: { success: true, message: 'Customer deactivated successfully' },
    }),
    ...routes,
  });
}

const listParams = (api: ReturnType<typeof server>) =>
  api.callsTo('GET', '/admin2009/customers').at(-1)?.params as Record<string, unknown>;

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('the customers screen', () => {
  it('shows the summary cards: total, business, individual, VIP and total revenue as X.XL', async () => {
    server();
    renderAdmin('/customers');
    const summary = await screen.findByLabelText('Customer summary');
    await waitFor(() =>
      expect(within(summary).getByText('Total Customers').nextSibling).toHaveTextContent('32'),
    );
    expect(within(summary).getByText('Business').nextSibling).toHaveTextContent('12');
    expect(within(summary).getByText('Individual').nextSibling).toHaveTextContent('20');
    expect(within(summary).getByText('VIP').nextSibling).toHaveTextContent('3');
    expect(within(summary).getByText('Total Revenue').nextSibling).toHaveTextContent('₹2.5L');
    expect(within(summary).getByText('Total Revenue').nextSibling).toHaveTextContent(REVENUE_COUNTS);
  });

  it('shows total revenue in rupees below 100000', async () => {
    server({ 'GET /admin2009/customers': () => ({ data: listReply([asha], { totalRevenue: 99999 }) }) });
    renderAdmin('/customers');
    const summary = await screen.findByLabelText('Customer summary');
    await waitFor(() =>
      expect(within(summary).getByText('Total Revenue').nextSibling).toHaveTextContent('₹99,999'),
    );
  });

  it('lists initials, type, city, orders, total spent, last order and status', async () => {
    server();
    renderAdmin('/customers');
    const first = await rowOf('Asha Rao');
    expect(within(first).getByText('AR')).toHaveClass('avatar');
    for (const text of ['Business', 'Bengaluru', '4', '₹12,500', '10 Jun 2025', 'Active']) {
      expect(within(first).getByText(text)).toBeInTheDocument();
    }
    const second = await rowOf('ravi');
    expect(within(second).getByText('R')).toHaveClass('avatar');
    expect(second).toHaveTextContent('Individual');
    expect(within(second).getByText('Not specified')).toBeInTheDocument();
    expect(within(second).getByText('No orders yet')).toBeInTheDocument();
  });

  it('offers email to everyone and a call only to customers with a phone', async () => {
    server();
    renderAdmin('/customers');
    const first = await rowOf('Asha Rao');
    expect(within(first).getByRole('link', { name: 'Email Asha Rao' })).toHaveAttribute(
      'href',
      'mailto:asha@example.in',
    );
    expect(within(first).getByRole('link', { name: 'Call Asha Rao' })).toHaveAttribute(
      'href',
      'tel:9876543210',
    );
    const second = await rowOf('ravi');
    expect(within(second).getByRole('link', { name: 'Email ravi' })).toHaveAttribute(
      'href',
      'mailto:ravi@example.in',
    );
    expect(within(second).queryByRole('link', { name: /Call/ })).not.toBeInTheDocument();
  });

  it('searches by name, email, phone or company once typing pauses, and filters by type and status', async () => {
    const api = server();
    const { user } = renderAdmin('/customers');
    await rowOf('Asha Rao');
    await user.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'Rao Prints');
    await waitFor(() => expect(listParams(api)).toMatchObject({ search: 'Rao Prints', page: 1 }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Business');
    await waitFor(() => expect(listParams(api)).toMatchObject({ type: 'business' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'VIP');
    await waitFor(() =>
      expect(listParams(api)).toMatchObject({ search: 'Rao Prints', type: 'business', status: 'vip' }),
    );
    expect(screen.getByRole('option', { name: 'Individual' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Inactive' })).toBeInTheDocument();
  });

  it("says 'No customers match the current filters' when a filter finds nobody", async () => {
    server({
      'GET /admin2009/customers': (call) => ({
        data: listReply((call.params as { status?: string }).status ? [] : [asha]),
      }),
    });
    const { user } = renderAdmin('/customers');
    await rowOf('Asha Rao');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Inactive');
    expect(await screen.findByText('No customers match the current filters')).toBeInTheDocument();
  });

  it('shows the account, the purchase summary with the wishlist count and the 5 latest orders', async () => {
    server();
    const { user } = renderAdmin('/customers');
    await user.click(await screen.findByRole('button', { name: 'View Asha Rao' }));
    const dialog = await screen.findByRole('dialog', { name: 'Asha Rao' });
    expect(within(dialog).getByText('asha@example.in')).toBeInTheDocument();
    expect(within(dialog).getByText('Rao Prints Pvt Ltd')).toBeInTheDocument();
    expect(within(dialog).getByText('Wishlist Items').nextSibling).toHaveTextContent('6');
    await waitFor(() => expect(within(dialog).getAllByRole('row')).toHaveLength(6));
    const ids = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.firstChild?.textContent);
    expect(ids).toEqual(['ORD-00000012', 'ORD-00000010', 'ORD-00000009', 'ORD-00000007', 'ORD-00000005']);
    expect(within(dialog).getByRole('link', { name: 'View Full Profile' })).toHaveAttribute(
      'href',
      `/admin2009/customers/${asha._id}`,
    );
  });

  it('deletes a customer after confirmation, deactivating the account only once the 5-second undo is over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = server();
      const { user } = renderAdmin('/customers');
      await user.click(await screen.findByRole('button', { name: 'View Asha Rao' }));
      await user.click(await screen.findByRole('button', { name: 'Delete Customer' }));
      const confirm = await screen.findByRole('alertdialog');
      expect(confirm).toHaveTextContent('Are you sure you want to delete this customer?');
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByText('Asha Rao')).not.toBeInTheDocument());
      expect(screen.getByText('Customer "Asha Rao" deleted')).toBeInTheDocument();
      act(() => void vi.advanceTimersByTime(4900));
      expect(api.callsTo('DELETE', `/admin2009/customers/${asha._id}`)).toHaveLength(0);
      act(() => void vi.advanceTimersByTime(200));
      await waitFor(() => expect(api.callsTo('DELETE', `/admin2009/customers/${asha._id}`)).toHaveLength(1));
    } finally {
      vi.useRealTimers();
    }
  });

  it('puts a deleted customer back on Undo and never deactivates the account', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = server();
      const { user } = renderAdmin('/customers');
      await user.click(await screen.findByRole('button', { name: 'View Asha Rao' }));
      await user.click(await screen.findByRole('button', { name: 'Delete Customer' }));
      await user.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
      );
      await waitFor(() => expect(screen.queryByText('Asha Rao')).not.toBeInTheDocument());
      await user.click(screen.getByRole('button', { name: 'Undo' }));
      expect(await rowOf('Asha Rao')).toBeInTheDocument();
      act(() => void vi.advanceTimersByTime(6000));
      expect(api.callsTo('DELETE', `/admin2009/customers/${asha._id}`)).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the customer when the delete confirmation is cancelled', async () => {
    server();
    const { user } = renderAdmin('/customers');
    await user.click(await screen.findByRole('button', { name: 'View Asha Rao' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Customer' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Customer "Asha Rao" deleted')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Asha Rao' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(await rowOf('Asha Rao')).toBeInTheDocument();
  });
});
