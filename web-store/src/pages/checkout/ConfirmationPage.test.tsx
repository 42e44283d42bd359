import { screen, waitFor } from '@testing-library/react';
import { makeCart, makeOrder, signedIn, uuid } from '../../test/fixtures';
import { mockApi, type Handler } from '../../test/mockApi';
import { currentLocation, renderApp } from '../../test/renderApp';

const paid = makeOrder(1, {
  orderStatus: 'Processing',
  coupon: 'WELCOME10',
  discountAmount: 100,
  paymentDetails: {
    status: 'paid',
    amount: 1180,
    currency: 'INR',
    razorpayOrderId: 'order_sbx_1',
    paymentMethod: 'card',
    paymentId: 'pay_sbx_1',
    paidAt: '2025-03-02T09:05:00Z',
  },
});

function confirmationApi(orderId: string, reply: Handler) {
  return mockApi({
    ...signedIn(),
    'GET /cart': () => ({ data: { cart: makeCart([]) } }),
    [`GET /orders/${orderId}`]: reply,
  });
}

describe('the order confirmation', () => {
  it('shows the order, its status and its payment status', async () => {
    confirmationApi(paid._id, () => ({ data: { success: true, order: paid } }));
    renderApp(`/confirmation/${paid._id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' }),
    ).toBeInTheDocument();
    expect(screen.getByText(`#${paid._id.slice(-8)}`)).toBeInTheDocument();
    expect(screen.getByText('Order status').nextSibling).toHaveTextContent('Processing');
    expect(screen.getByText('Payment status').nextSibling).toHaveTextContent('Paid');
    expect(screen.getByText('Product 1 × 2')).toBeInTheDocument();
    expect(screen.getByText('Coupon (WELCOME10)').nextSibling).toHaveTextContent('−₹100');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('₹1,180');
    expect(screen.getByRole('heading', { name: 'Delivery address' }).parentElement).toHaveTextContent(
      '12 MG Road',
    );
    expect(screen.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/account');
  });

  it('names each chosen option from the customization library, as the cart does', async () => {
    const base = makeOrder(3);
    const order = {
      ...base,
      products: [
        {
          ...base.products[0],
          customization: {
            size: 'A4',
            dynamicCustomizations: { [uuid(70)]: ['Pen loop'], [uuid(71)]: true },
          },
        },
      ],
    };
    mockApi({
      ...signedIn(),
      'GET /cart': () => ({ data: { cart: makeCart([]) } }),
      [`GET /orders/${order._id}`]: () => ({ data: { order } }),
      'GET /customizations': () => ({
        data: {
          success: true,
          customizations: [
            {
              _id: uuid(70),
              name: 'Add-ons',
              type: 'multi-select',
              description: '',
              options: [],
              priceModifier: null,
            },
            {
              _id: uuid(71),
              name: 'Gift wrap',
              type: 'boolean',
              description: '',
              options: [],
              priceModifier: null,
            },
          ],
        },
      }),
    });
    renderApp(`/confirmation/${order._id}`);
    expect(await screen.findByText('Add-ons: Pen loop')).toBeInTheDocument();
    expect(screen.getByText('Gift wrap: Yes')).toBeInTheDocument();
    expect(screen.getByText('Size: A4')).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(uuid(70)))).toBeNull();
  });

  it('offers to pay an order still waiting for payment', async () => {
    const pending = makeOrder(2);
    confirmationApi(pending._id, () => ({ data: { order: pending } }));
    renderApp(`/confirmation/${pending._id}`);
    expect(await screen.findByText('Payment status')).toBeInTheDocument();
    expect(screen.getByText('Payment pending')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute(
      'href',
      `/payment?orderId=${pending._id}`,
    );
  });

  it.each([
    ['refund_pending', 'Refund pending', 'tone-amber'],
    ['refunded', 'Refunded', 'tone-blue'],
    ['refund_failed', 'Refund failed', 'tone-red'],
  ] as const)('shows a cancelled paid order whose payment is %s as %s', async (status, label, tone) => {
    const cancelled = makeOrder(3, {
      orderStatus: 'Cancelled',
      paymentDetails: { ...paid.paymentDetails, status },
    });
    confirmationApi(cancelled._id, () => ({ data: { order: cancelled } }));
    renderApp(`/confirmation/${cancelled._id}`);
    expect(await screen.findByText('Payment status')).toBeInTheDocument();
    expect(screen.getByText('Payment status').nextSibling).toHaveTextContent(label);
    expect(screen.getByText(label)).toHaveClass(tone);
    expect(screen.queryByRole('link', { name: 'Pay now' })).not.toBeInTheDocument();
  });

  it("says 'Order not found' on a 404", async () => {
    confirmationApi(uuid(404), () => ({ status: 404, data: { message: 'Order not found' } }));
    renderApp(`/confirmation/${uuid(404)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found');
  });

  it("says 'You do not have permission to view this order' on a 403, in place", async () => {
    confirmationApi(uuid(403), () => ({ status: 403, data: { message: 'Forbidden' } }));
    renderApp(`/confirmation/${uuid(403)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You do not have permission to view this order',
    );
    expect(currentLocation()).toBe(`/confirmation/${uuid(403)}`);
  });

  it("says 'Failed to load order details' otherwise, with Try again", async () => {
    let fail = true;
    confirmationApi(paid._id, () => (fail ? { status: 502, data: {} } : { data: { order: paid } }));
    renderApp(`/confirmation/${paid._id}`);
    expect(await screen.findByText('Failed to load order details')).toBeInTheDocument();
    fail = false;
    screen.getByRole('button', { name: 'Try again' }).click();
    await waitFor(() => expect(screen.getByText('Thank you for your order!')).toBeInTheDocument());
  });
});
