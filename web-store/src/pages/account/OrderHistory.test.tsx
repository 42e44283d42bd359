import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { blobError, captureDownloads, pdfReply } from '@shop/web-kit/test/downloads';
import { makeCart, makeOrder, makeProduct } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { accountApi } from './testSupport';

function lineOf(n: number, quantity: number, customization: Record<string, unknown> = {}) {
  const product = makeProduct(n);
  return {
    product: {
      _id: product._id,
      name: product.name,
      brand: product.brand,
      price: 500,
      images: product.images,
    },
    productId: product._id,
    name: product.name,
    image: product.images[0],
    quantity,
    price: 500,
    lineTotal: 500 * quantity,
    customization,
  };
}

const openOrders = () => renderApp({ pathname: '/account', state: { section: 'orders' } });

describe('Order History', () => {
  it('shows each order with its short id, date, status, total and its first 3 products', async () => {
    const order = makeOrder(1, {
      orderStatus: 'Delivered',
      totalAmount: 2950,
      products: [lineOf(1, 1), lineOf(2, 2), lineOf(3, 1), lineOf(4, 5), lineOf(5, 1)],
    });
    accountApi({ 'GET /orders/me': () => ({ data: { success: true, orders: [order] } }) });
    openOrders();
    const card = await screen.findByRole('article', { name: `Order ${order._id.slice(-8)}` });
    expect(within(card).getByRole('heading', { name: `Order #${order._id.slice(-8)}` })).toBeInTheDocument();
    expect(card).toHaveTextContent('Placed on 2 Mar 2025');
    expect(within(card).getByText('Delivered')).toHaveClass('tone-green');
    expect(card).toHaveTextContent('₹2,950.00');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Product 1Qty: 1', 'Product 2Qty: 2', 'Product 3Qty: 1']);
    expect(within(card).getByText('+2 more items')).toBeInTheDocument();
  });

  it('colours statuses: Processing amber, Shipped blue, Cancelled red, others grey', async () => {
    accountApi({
      'GET /orders/me': () => ({
        data: {
          orders: [
            makeOrder(1, { orderStatus: 'Processing' }),
            makeOrder(2, { orderStatus: 'Shipped' }),
            makeOrder(3, { orderStatus: 'Cancelled' }),
            makeOrder(4, { orderStatus: 'Pending' }),
          ],
        },
      }),
    });
    openOrders();
    expect(await screen.findByText('Processing')).toHaveClass('tone-amber');
    expect(screen.getByText('Shipped')).toHaveClass('tone-blue');
    expect(screen.getByText('Cancelled')).toHaveClass('tone-red');
    expect(screen.getByText('Pending')).toHaveClass('tone-grey');
  });

  it('says where the refund of a cancelled paid order stands, and nothing about payment otherwise', async () => {
    const cancelledWith = (n: number, status: 'refund_pending' | 'refunded' | 'refund_failed') => {
      const order = makeOrder(n, { orderStatus: 'Cancelled' });
      return { ...order, paymentDetails: { ...order.paymentDetails, status } };
    };
    accountApi({
      'GET /orders/me': () => ({
        data: {
          orders: [
            cancelledWith(1, 'refund_pending'),
            cancelledWith(2, 'refunded'),
            cancelledWith(3, 'refund_failed'),
            makeOrder(4, { orderStatus: 'Processing' }),
          ],
        },
      }),
    });
    openOrders();
    expect(await screen.findByText('Refund pending')).toHaveClass('tone-amber');
    expect(screen.getByText('Refunded')).toHaveClass('tone-blue');
    expect(screen.getByText('Refund failed')).toHaveClass('tone-red');
    const open = screen.getByRole('article', { name: /Order .*4$/ });
    expect(open).not.toHaveTextContent(/Refund|Payment/);
  });

  it("says 'No orders yet' and 'Start shopping to see your orders here' when there are none", async () => {
    accountApi();
    openOrders();
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByText('Start shopping to see your orders here')).toBeInTheDocument();
  });

  it("says 'Failed to load data' when the orders cannot be loaded", async () => {
    accountApi({ 'GET /orders/me': () => ({ status: 400, data: {} }) });
    openOrders();
    expect(await screen.findByText('Failed to load data')).toBeInTheDocument();
  });

  it("reorders every product with its quantity and customization, then says 'Items added to cart'", async () => {
    const order = makeOrder(1, { products: [lineOf(1, 2, { size: 'A4' }), lineOf(2, 3)] });
    const api = accountApi({
      'GET /orders/me': () => ({ data: { orders: [order] } }),
      'POST /cart': () => ({ data: { cart: makeCart([]) } }),
    });
    openOrders();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Reorder' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Items added to cart'));
    expect(api.calls('POST /cart').map((r) => r.body)).toEqual([
      { productId: order.products[0].productId, quantity: 2, customization: { size: 'A4' } },
      { productId: order.products[1].productId, quantity: 3, customization: {} },
    ]);
  });

  it("alerts the server's reason when a reorder line cannot be added", async () => {
    accountApi({
      'GET /orders/me': () => ({ data: { orders: [makeOrder(1)] } }),
      'POST /cart': () => ({ status: 400, data: { message: 'Product 1 is out of stock' } }),
    });
    openOrders();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Reorder' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Product 1 is out of stock'));
    expect(window.alert).not.toHaveBeenCalledWith('Items added to cart');
  });

  it('tracks an order from its card', async () => {
    const order = makeOrder(1, { orderStatus: 'Shipped', trackingNumber: 'DTDC12345' });
    accountApi({
      'GET /orders/me': () => ({ data: { orders: [order] } }),
      [`GET /orders/${order._id}`]: () => ({ data: { success: true, order } }),
    });
    openOrders();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Track Order' }));
    expect(await screen.findByRole('heading', { name: 'Track Your Order' })).toBeInTheDocument();
    expect(screen.getByLabelText('Order ID')).toHaveValue(order._id);
    expect(await screen.findByText('DTDC12345')).toBeInTheDocument();
  });

  describe("an order's documents", () => {
    const invoiced = makeOrder(1, {
      orderStatus: 'Shipped',
      documents: [
        { kind: 'invoice', number: 'INV/26-27/000042', issuedAt: '2026-05-02T09:05:00Z', total: 1180 },
      ],
    });
    const receipted = makeOrder(2, {
      documents: [
        { kind: 'receipt', number: 'RCT/26-27/000007', issuedAt: '2026-05-02T09:05:00Z', total: 1180 },
      ],
    });
    const refunded = makeOrder(3, {
      orderStatus: 'Cancelled',
      documents: [
        { kind: 'invoice', number: 'INV/26-27/000043', issuedAt: '2026-05-02T09:05:00Z', total: 1180 },
        { kind: 'credit-note', number: 'CN/26-27/000003', issuedAt: '2026-05-03T09:05:00Z', total: 1180 },
      ],
    });
    const card = (order: { _id: string }) =>
      screen.findByRole('article', { name: `Order ${order._id.slice(-8)}` });

    it('offers each document on its order card with its number, and none before one is issued', async () => {
      accountApi({
        'GET /orders/me': () => ({ data: { orders: [invoiced, receipted, refunded, makeOrder(4)] } }),
      });
      openOrders();
      const first = await card(invoiced);
      expect(within(first).getByRole('button', { name: 'Download invoice' })).toHaveAccessibleDescription(
        'Tax invoice INV/26-27/000042',
      );
      expect(
        within(await card(receipted)).getByRole('button', { name: 'Download receipt' }),
      ).toHaveAccessibleDescription('Receipt RCT/26-27/000007');
      const third = await card(refunded);
      expect(within(third).getByRole('button', { name: 'Download invoice' })).toBeInTheDocument();
      expect(within(third).getByRole('button', { name: 'Download credit note' })).toHaveAccessibleDescription(
        'Credit note CN/26-27/000003',
      );
      expect(within(await card(makeOrder(4))).queryByRole('button', { name: /Download/ })).toBeNull();
    });

    it("downloads the invoice with the customer's token, saved under the server's file name", async () => {
      const api = accountApi({
        'GET /orders/me': () => ({ data: { orders: [invoiced] } }),
        [`GET /orders/${invoiced._id}/documents/invoice`]: () => pdfReply('INV-26-27-000042.pdf'),
      });
      const saved = captureDownloads();
      openOrders();
      const u = userEvent.setup();
      await u.click(within(await card(invoiced)).getByRole('button', { name: 'Download invoice' }));
      await waitFor(() => expect(saved.map((s) => s.filename)).toEqual(['INV-26-27-000042.pdf']));
      expect(api.calls(`GET /orders/${invoiced._id}/documents/invoice`)[0].headers.Authorization).toBe(
        'Bearer jwt-test',
      );
    });

    it("alerts the server's 'Document not found' when the download is refused", async () => {
      accountApi({
        'GET /orders/me': () => ({ data: { orders: [invoiced] } }),
        [`GET /orders/${invoiced._id}/documents/invoice`]: () => blobError(404, 'Document not found'),
      });
      openOrders();
      await userEvent
        .setup()
        .click(within(await card(invoiced)).getByRole('button', { name: 'Download invoice' }));
      await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Document not found'));
    });
  });
});
