import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeOrder, uuid } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { accountApi } from './testSupport';
import { estimatedDelivery } from './TrackOrder';

const openTrack = () => renderApp({ pathname: '/account', state: { section: 'track' } });

async function track(orderId: string) {
  const u = userEvent.setup();
  const input = await screen.findByLabelText('Order ID');
  await u.clear(input);
  if (orderId) await u.type(input, orderId);
  await u.click(screen.getByRole('button', { name: 'Track' }));
}

describe('Track Your Order', () => {
  it("alerts 'Please enter an order ID' when the id is empty", async () => {
    const api = accountApi();
    openTrack();
    await track('   ');
    expect(window.alert).toHaveBeenCalledWith('Please enter an order ID');
    expect(api.requests.filter((r) => r.url.startsWith('/orders/') && r.url !== '/orders/me')).toHaveLength(
      0,
    );
  });

  it('shows the timeline Processing, Shipped, Delivered with the current step dated by updatedAt', async () => {
    const order = makeOrder(1, {
      orderStatus: 'Shipped',
      totalAmount: 1180,
      trackingNumber: 'DTDC12345',
      updatedAt: '2025-03-05T10:00:00Z',
    });
    accountApi({ [`GET /orders/${order._id}`]: () => ({ data: { success: true, order } }) });
    openTrack();
    await track(order._id);
    const result = await screen.findByRole('region', { name: `Order ${order._id.slice(-8)}` });
    const steps = within(result).getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('.track-step')?.textContent)).toEqual([
      'Processing',
      'Shipped',
      'Delivered',
    ]);
    expect(steps[0]).toHaveClass('done');
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    expect(steps[1]).toHaveTextContent('5 Mar 2025');
    expect(steps[2]).toHaveClass('upcoming');
    expect(result).toHaveTextContent('Tracking number');
    expect(result).toHaveTextContent('DTDC12345');
    expect(result).toHaveTextContent('₹1,180.00');
    expect(within(result).getByText('Shipped', { selector: '.status-badge' })).toBeInTheDocument();
  });

  it('estimates delivery as today plus 7 days', async () => {
    expect(estimatedDelivery(new Date(2025, 0, 28)).toDateString()).toBe(new Date(2025, 1, 4).toDateString());
    const order = makeOrder(1, { orderStatus: 'Processing' });
    accountApi({ [`GET /orders/${order._id}`]: () => ({ data: { order } }) });
    openTrack();
    await track(order._id);
    const expected = new Intl.DateTimeFormat('en-IN', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }).format(estimatedDelivery(new Date()));
    const label = await screen.findByText('Estimated Delivery');
    expect(label.nextSibling).toHaveTextContent(expected);
  });

  it('highlights no step for an order still awaiting payment, and shows no tracking number it lacks', async () => {
    const order = makeOrder(1, { orderStatus: 'Pending', trackingNumber: null });
    accountApi({ [`GET /orders/${order._id}`]: () => ({ data: { order } }) });
    openTrack();
    await track(order._id);
    const result = await screen.findByRole('region', { name: `Order ${order._id.slice(-8)}` });
    expect(within(result).queryByRole('listitem', { current: 'step' })).toBeNull();
    expect(result).not.toHaveTextContent('Tracking number');
  });

  it("shows the server's message for an unknown order", async () => {
    accountApi({
      [`GET /orders/${uuid(4040)}`]: () => ({ status: 404, data: { message: 'Order not found' } }),
    });
    openTrack();
    await track(uuid(4040));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Order not found'));
  });
});
