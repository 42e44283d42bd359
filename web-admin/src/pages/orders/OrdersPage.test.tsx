import { REVENUE_COUNTS, type AdminOrderListReply, type OrderView } from '@shop/proto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { blobError, captureDownloads, pdfReply } from '@shop/web-kit/test/downloads';
import { aCustomization, anOrder as aBaseOrder } from '../../test/fixtures';
import { mockApi, type RecordedCall } from '../../test/mockApi';
import { ADMIN, renderAdmin } from '../../test/renderApp';

const engraving = aCustomization({ name: 'Engraving' });

/** The screen's order: a Photo Mug line with a size, comments, an uploaded photo and an engraving. */
function anOrder(overrides: Partial<OrderView> = {}): OrderView {
  const base = aBaseOrder({ _id: '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e5f6' });
  const [line] = base.products;
  return {
    ...base,
    products: [
      {
        ...line,
        customization: {
          size: 'Large',
          comments: 'Print on both sides',
          uploadedFiles: [
            { name: 'family.jpg', size: 2048, type: 'image/jpeg', url: '/uploads/customer/family.jpg' },
          ],
          dynamicCustomizations: { [engraving._id]: { value: 'Happy Diwali' } },
        },
      },
    ],
    ...overrides,
  };
}

const order = anOrder();
const listReply = (orders: OrderView[], extra: Partial<AdminOrderListReply> = {}): AdminOrderListReply => ({
  success: true,
  orders,
  total: orders.length,
  page: 1,
  pages: 1,
  limit: 10,
  summary: { totalOrders: 42, totalRevenue: 125000, pending: 7, processing: 3 },
  ...extra,
});

type Routes = Parameters<typeof mockApi>[0];

function server(routes: Routes = {}) {
  return mockApi({
    'GET /admin2009/profile': () => ({ data: { success: true, admin: ADMIN } }),
    'GET /admin2009/orders': () => ({ data: listReply([order]) }),
    [`GET /admin2009/orders/${order._id}`]: () => ({ data: { success: true, order } }),
    'GET /customizations': () => ({ data: { success: true, customizations: [engraving] } }),
    ...routes,
  });
}

const listCalls = (api: ReturnType<typeof server>) => api.callsTo('GET', '/admin2009/orders');
const lastParams = (api: ReturnType<typeof server>) =>
  listCalls(api).at(-1)?.params as Record<string, unknown>;

async function openMenu(user: ReturnType<typeof renderAdmin>['user'], item: string) {
  await user.click(await screen.findByRole('button', { name: 'Actions for ORD-C3D4E5F6' }));
  await user.click(screen.getByRole('menuitem', { name: item }));
}

describe('the orders screen', () => {
  it('shows the summary cards: total orders, total revenue, pending and processing', async () => {
    server();
    renderAdmin('/orders');
    const summary = await screen.findByLabelText('Order summary');
    await waitFor(() =>
      expect(within(summary).getByText('Total Orders').nextSibling).toHaveTextContent('42'),
    );
    expect(within(summary).getByText('Total Revenue').nextSibling).toHaveTextContent('₹1,25,000');
    expect(within(summary).getByText('Total Revenue').nextSibling).toHaveTextContent(REVENUE_COUNTS);
    expect(within(summary).getByText('Pending').nextSibling).toHaveTextContent('7');
    expect(within(summary).getByText('Processing').nextSibling).toHaveTextContent('3');
  });

  it("lists Order ID ('ORD-' + last 8 characters), Customer, Date, Status, Payment and Amount", async () => {
    server();
    renderAdmin('/orders');
    const row = (await screen.findByText('ORD-C3D4E5F6')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('asha');
    expect(row).toHaveTextContent('asha@example.in');
    expect(row).toHaveTextContent('10 Jun 2025');
    expect(row).toHaveTextContent('Pending');
    expect(row).toHaveTextContent('Paid');
    expect(row).toHaveTextContent('₹848');
  });

  it("shows a dismissible 'Failed to load orders. Please try again.' banner", async () => {
    vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    server({ 'GET /admin2009/orders': () => ({ status: 500, data: {} }) });
    const { user } = renderAdmin('/orders');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to load orders. Please try again.');
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Failed to load orders. Please try again.')).not.toBeInTheDocument();
  });

  it('searches once typing has paused for 300 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = server();
      const { user } = renderAdmin('/orders');
      await screen.findByText('ORD-C3D4E5F6');
      const before = listCalls(api).length;
      await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'asha');
      act(() => void vi.advanceTimersByTime(250));
      expect(listCalls(api).length).toBe(before);
      act(() => void vi.advanceTimersByTime(100));
      await waitFor(() => expect(lastParams(api)).toMatchObject({ search: 'asha', page: 1, limit: 10 }));
      expect(listCalls(api).length).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('filters by status and by date', async () => {
    const api = server();
    const { user } = renderAdmin('/orders');
    await screen.findByText('ORD-C3D4E5F6');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Shipped');
    await waitFor(() => expect(lastParams(api)).toMatchObject({ status: 'Shipped' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Date' }), 'Yesterday');
    await waitFor(() => expect(lastParams(api)).toHaveProperty('to'));
    const { from, to } = lastParams(api) as { from: string; to: string };
    expect(new Date(to).getTime() - new Date(from).getTime()).toBe(24 * 60 * 60 * 1000 - 1);
    for (const label of ['Today', 'Last 7 Days', 'Last 30 Days']) {
      expect(screen.getByRole('option', { name: label })).toBeInTheDocument();
    }
  });

  it("pages 10 at a time with 'Page X of Y (N total orders)'", async () => {
    const api = server({
      'GET /admin2009/orders': (call: RecordedCall) => {
        const page = Number((call.params as { page: number }).page);
        return {
          data: listReply([anOrder({ _id: `00000000-0000-4000-8000-00000000000${page}` })], {
            page,
            pages: 3,
            total: 25,
          }),
        };
      },
    });
    const { user } = renderAdmin('/orders');
    expect(await screen.findByText('Page 1 of 3 (25 total orders)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3 (25 total orders)')).toBeInTheDocument();
    expect(lastParams(api)).toMatchObject({ page: 2, limit: 10 });
  });

  it("says 'No orders yet' without filters and 'No orders match the current filters' with them", async () => {
    server({ 'GET /admin2009/orders': () => ({ data: listReply([]) }) });
    const { user } = renderAdmin('/orders');
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Cancelled');
    expect(await screen.findByText('No orders match the current filters')).toBeInTheDocument();
  });

  it('alerts that Edit Order is not implemented', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    server();
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'Edit Order');
    expect(alert).toHaveBeenCalledWith('Edit Order is not implemented yet.');
  });

  it("processes pending orders and alerts 'Successfully processed N orders'", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const api = server({
      'POST /admin2009/orders/process': () => ({ data: { success: true, processed: 3 } }),
    });
    const { user } = renderAdmin('/orders');
    await screen.findByText('ORD-C3D4E5F6');
    const before = listCalls(api).length;
    await user.click(screen.getByRole('button', { name: 'Process Orders' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Successfully processed 3 orders'));
    await waitFor(() => expect(listCalls(api).length).toBeGreaterThan(before));
  });

  it("alerts 'Failed to process some orders. Please try again.' when processing fails", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    server({ 'POST /admin2009/orders/process': () => ({ status: 409, data: { message: 'Conflict' } }) });
    const { user } = renderAdmin('/orders');
    await screen.findByText('ORD-C3D4E5F6');
    await user.click(screen.getByRole('button', { name: 'Process Orders' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Failed to process some orders. Please try again.'),
    );
  });

  it('exports the filtered orders as the CSV file the server writes, every cell quoted', async () => {
    const csv = '"Order ID","Customer"\r\n"7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e5f6","asha"\r\n';
    const api = server({ 'GET /admin2009/orders/export.csv': () => ({ data: csv }) });
    const blobs: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:orders';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderAdmin('/orders');
    await screen.findByText('ORD-C3D4E5F6');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Pending');
    await user.click(screen.getByRole('button', { name: 'Export Orders' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.callsTo('GET', '/admin2009/orders/export.csv')[0].params).toMatchObject({ status: 'Pending' });
    expect(create).toHaveBeenCalled();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]);
    });
    expect(text).toBe(csv);
  });
});

describe('the order details modal', () => {
  it('shows the customer, the order and each product with its customization and uploaded files', async () => {
    server();
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'View Details');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    expect(dialog).toHaveTextContent('Nameasha');
    expect(dialog).toHaveTextContent('asha@example.in');
    expect(dialog).toHaveTextContent('12 MG Road, Bengaluru, Karnataka 560001');
    expect(dialog).toHaveTextContent('ORD-C3D4E5F6');
    expect(within(dialog).getByLabelText('Status')).toHaveValue('Pending');
    expect(dialog).toHaveTextContent('₹848');
    expect(dialog).toHaveTextContent('Paid');
    expect(dialog).toHaveTextContent('Photo Mug');
    expect(dialog).toHaveTextContent('Quantity: 2');
    const customization = within(dialog).getByLabelText('Customization');
    expect(customization).toHaveTextContent('SizeLarge');
    expect(customization).toHaveTextContent('CommentsPrint on both sides');
    await waitFor(() => expect(customization).toHaveTextContent('EngravingHappy Diwali'));
    expect(within(dialog).getByRole('link', { name: 'Design: family.jpg' })).toHaveAttribute(
      'href',
      '/uploads/customer/family.jpg',
    );
  });

  it('shows the shipping address with its state and PIN code', async () => {
    server();
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'View Details');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    const address = within(dialog).getByText('Address').nextElementSibling;
    expect(address).toHaveTextContent(/^12 MG Road, Bengaluru, Karnataka 560001$/);
  });

  it('styles the status selector like the other inputs', async () => {
    server();
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'View Details');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    expect(within(dialog).getByLabelText('Status')).toHaveClass('input');
  });

  it('closes on Escape', async () => {
    server();
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'View Details');
    await screen.findByRole('dialog', { name: 'Order Details' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('puts the focus on the status selector for View & Update Status', async () => {
    server();
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'View & Update Status');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    await waitFor(() => expect(within(dialog).getByLabelText('Status')).toHaveFocus());
  });

  it('changes the status with PATCH {orderStatus}', async () => {
    const api = server({
      [`PATCH /admin2009/orders/${order._id}`]: () => ({
        data: { success: true, order: { ...order, orderStatus: 'Processing' } },
      }),
    });
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'View & Update Status');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Processing');
    await waitFor(() =>
      expect(api.callsTo('PATCH', `/admin2009/orders/${order._id}`)[0]?.body).toEqual({
        orderStatus: 'Processing',
      }),
    );
    await waitFor(() => expect(within(dialog).getByLabelText('Status')).toHaveValue('Processing'));
  });

  it('asks before cancelling a paid order, saying its payment is refunded, and shows the refund pending', async () => {
    const cancelled: OrderView = {
      ...order,
      orderStatus: 'Cancelled',
      paymentDetails: { ...order.paymentDetails, status: 'refund_pending' },
    };
    const api = server({
      [`PATCH /admin2009/orders/${order._id}`]: () => ({ data: { success: true, order: cancelled } }),
    });
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'View & Update Status');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Cancelled');
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel this order?' });
    expect(confirm).toHaveTextContent('Cancelling it refunds ₹848 to the customer through Razorpay');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH', `/admin2009/orders/${order._id}`)[0]?.body).toEqual({
        orderStatus: 'Cancelled',
      }),
    );
    const details = await screen.findByRole('dialog', { name: 'Order Details' });
    await waitFor(() => expect(details).toHaveTextContent('Refund pending'));
  });

  it('keeps the order as it is when the cancellation is not confirmed', async () => {
    const api = server();
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'View & Update Status');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Cancelled');
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel this order?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep order' }));
    expect(api.callsTo('PATCH', `/admin2009/orders/${order._id}`)).toHaveLength(0);
    expect(
      within(await screen.findByRole('dialog', { name: 'Order Details' })).getByLabelText('Status'),
    ).toHaveValue('Pending');
  });

  it('shows a refunded order as Refunded, with each refund, and a failed refund with what to do', async () => {
    const refunded = anOrder({
      orderStatus: 'Cancelled',
      paymentDetails: { ...order.paymentDetails, status: 'refund_failed' },
      refunds: [
        {
          amount: 848,
          reason: 'cancelled',
          status: 'failed',
          refundedAt: null,
          paymentId: 'pay_Paid0001',
          refundId: null,
          error: 'refund rfnd_X failed at Razorpay',
        },
        {
          amount: 848,
          reason: 'duplicate',
          status: 'processed',
          refundedAt: '2025-06-01T10:00:00.000Z',
          paymentId: 'pay_Twice0001',
          refundId: 'rfnd_Twice0001',
        },
      ],
    });
    server({
      'GET /admin2009/orders': () => ({ data: listReply([refunded]) }),
      [`GET /admin2009/orders/${order._id}`]: () => ({ data: { success: true, order: refunded } }),
    });
    const { user } = renderAdmin('/orders');
    expect(await screen.findByText('Refund failed')).toBeInTheDocument();
    await openMenu(user, 'View Details');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    const refunds = within(dialog).getByRole('heading', { name: 'Refunds' }).parentElement!;
    expect(refunds).toHaveTextContent('Order cancelled · Payment pay_Paid0001');
    expect(refunds).toHaveTextContent(
      'Razorpay could not refund this payment (refund rfnd_X failed at Razorpay)',
    );
    expect(refunds).toHaveTextContent('RefundedPaid twice · Payment pay_Twice0001 · Refund rfnd_Twice0001');
  });

  it("says 'Failed to update order status. Please try again.' when the change is refused", async () => {
    server({
      [`PATCH /admin2009/orders/${order._id}`]: () => ({
        status: 409,
        data: { message: 'An order cannot move from Pending to Delivered' },
      }),
    });
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'View Details');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Delivered');
    expect(
      await within(dialog).findByText('Failed to update order status. Please try again.'),
    ).toBeInTheDocument();
  });

  it("refuses an empty tracking number with 'Tracking number cannot be empty'", async () => {
    const api = server();
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'View Details');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    await user.type(within(dialog).getByLabelText('Tracking number'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Update Tracking' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Tracking number cannot be empty');
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('sends the trimmed tracking number with PATCH {trackingNumber}', async () => {
    const api = server({
      [`PATCH /admin2009/orders/${order._id}`]: () => ({
        data: { success: true, order: { ...order, trackingNumber: 'DTDC123' } },
      }),
    });
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'View Details');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    await user.type(within(dialog).getByLabelText('Tracking number'), '  DTDC123 ');
    await user.click(within(dialog).getByRole('button', { name: 'Update Tracking' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH', `/admin2009/orders/${order._id}`)[0]?.body).toEqual({
        trackingNumber: 'DTDC123',
      }),
    );
  });

  it("says 'Failed to update tracking number. Please try again.' when the update fails", async () => {
    server({
      [`PATCH /admin2009/orders/${order._id}`]: () => ({ status: 404, data: { message: 'Order not found' } }),
    });
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'View Details');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    await user.type(within(dialog).getByLabelText('Tracking number'), 'DTDC123');
    await user.click(within(dialog).getByRole('button', { name: 'Update Tracking' }));
    expect(
      await within(dialog).findByText('Failed to update tracking number. Please try again.'),
    ).toBeInTheDocument();
  });
});

describe('the order details modal: delivery, buyer and documents', () => {
  it("shows the shipping method, and the buyer's company and GSTIN when given", async () => {
    const business = anOrder({
      shippingMethod: 'express',
      gstin: '29AAPFU0939F1ZV',
      companyName: 'Rao Prints',
    });
    server({ [`GET /admin2009/orders/${order._id}`]: () => ({ data: { success: true, order: business } }) });
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'View Details');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    await waitFor(() =>
      expect(within(dialog).getByText('Shipping').nextElementSibling).toHaveTextContent(
        'Express delivery (1-2 business days)',
      ),
    );
    expect(within(dialog).getByText('Company').nextElementSibling).toHaveTextContent('Rao Prints');
    expect(within(dialog).getByText('GSTIN').nextElementSibling).toHaveTextContent('29AAPFU0939F1ZV');
  });

  it('leaves out company and GSTIN for a buyer who gave none', async () => {
    server();
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'View Details');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    expect(within(dialog).getByText('Shipping').nextElementSibling).toHaveTextContent(
      'Standard delivery (3-5 business days)',
    );
    expect(within(dialog).queryByText('GSTIN')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: 'Documents' })).not.toBeInTheDocument();
  });

  it("downloads each document with the admin token, saved under the server's file name", async () => {
    const invoiced = anOrder({
      documents: [
        { kind: 'invoice', number: 'INV/26-27/000001', issuedAt: '2026-05-02T09:05:00.000Z', total: 848 },
        { kind: 'credit-note', number: 'CN/26-27/000001', issuedAt: '2026-05-04T09:05:00.000Z', total: 848 },
      ],
    });
    const api = server({
      [`GET /admin2009/orders/${order._id}`]: () => ({ data: { success: true, order: invoiced } }),
      [`GET /admin2009/orders/${order._id}/documents/invoice`]: () => pdfReply('INV-26-27-000001.pdf'),
      [`GET /admin2009/orders/${order._id}/documents/credit-note`]: () => pdfReply('CN-26-27-000001.pdf'),
    });
    const saved = captureDownloads();
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'View Details');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    const invoice = await within(dialog).findByRole('button', { name: 'Download invoice' });
    expect(invoice).toHaveAccessibleDescription(expect.stringContaining('Tax invoice INV/26-27/000001'));
    await user.click(invoice);
    await user.click(within(dialog).getByRole('button', { name: 'Download credit note' }));
    await waitFor(() =>
      expect(saved.map((s) => s.filename)).toEqual(['INV-26-27-000001.pdf', 'CN-26-27-000001.pdf']),
    );
    expect(saved[0].file.type).toBe('application/pdf');
    const [call] = api.callsTo('GET', `/admin2009/orders/${order._id}/documents/invoice`);
    expect(call.headers.Authorization).toBe('Bearer admin-jwt');
  });

  it("names a receipt 'Download receipt', and shows the server's 'Document not found' beside it", async () => {
    const receipted = anOrder({
      documents: [
        { kind: 'receipt', number: 'RCT/26-27/000009', issuedAt: '2026-05-02T09:05:00.000Z', total: 848 },
      ],
    });
    server({
      [`GET /admin2009/orders/${order._id}`]: () => ({ data: { success: true, order: receipted } }),
      [`GET /admin2009/orders/${order._id}/documents/receipt`]: () => blobError(404, 'Document not found'),
    });
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'View Details');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    await user.click(await within(dialog).findByRole('button', { name: 'Download receipt' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Document not found');
  });
});

describe('the order details modal: cash on delivery', () => {
  const codOrder = (overrides: Partial<OrderView> = {}) =>
    anOrder({
      paymentDetails: { ...order.paymentDetails, status: 'pending', paymentMethod: 'cod' },
      ...overrides,
    });

  function codServer(current: OrderView, routes: Routes = {}) {
    return server({
      'GET /admin2009/orders': () => ({ data: listReply([current]) }),
      [`GET /admin2009/orders/${order._id}`]: () => ({ data: { success: true, order: current } }),
      ...routes,
    });
  }

  it('shows a Cash on delivery badge beside the payment status', async () => {
    codServer(codOrder());
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'View Details');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    const payment = within(dialog).getByText('Payment').nextElementSibling as HTMLElement;
    expect(payment).toHaveTextContent('Pending');
    expect(within(payment).getByText('Cash on delivery')).toHaveClass('badge');
  });

  it("marks an unsettled order paid after 'Cash received?' is confirmed, refreshing the order and the list", async () => {
    let current = codOrder({ orderStatus: 'Shipped' });
    const api = codServer(current, {
      'GET /admin2009/orders': () => ({ data: listReply([current]) }),
      [`GET /admin2009/orders/${order._id}`]: () => ({ data: { success: true, order: current } }),
      [`POST /admin2009/orders/${order._id}/cash-on-delivery`]: () => {
        current = {
          ...current,
          orderStatus: 'Delivered',
          paymentDetails: { ...current.paymentDetails, status: 'paid' },
        };
        return { data: { success: true, order: current } };
      },
    });
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'View Details');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    const listReads = api.callsTo('GET', '/admin2009/orders').length;
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid (cash received)' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cash received?' });
    expect(confirm).toHaveTextContent(
      'Record that ₹848 was received in cash for this order. The order moves to Delivered.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/admin2009/orders/${order._id}/cash-on-delivery`)[0]?.body).toEqual({
        outcome: 'paid',
      }),
    );
    const details = await screen.findByRole('dialog', { name: 'Order Details' });
    await waitFor(() => expect(within(details).getByLabelText('Status')).toHaveValue('Delivered'));
    expect(within(details).getByText('Payment').nextElementSibling).toHaveTextContent('Paid');
    expect(
      within(details).queryByRole('button', { name: 'Mark paid (cash received)' }),
    ).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/admin2009/orders').length).toBeGreaterThan(listReads));
  });

  it("cancels an order refused at delivery after 'Refused at delivery?' is confirmed", async () => {
    let current = codOrder({ orderStatus: 'Shipped' });
    const api = codServer(current, {
      [`GET /admin2009/orders/${order._id}`]: () => ({ data: { success: true, order: current } }),
      [`POST /admin2009/orders/${order._id}/cash-on-delivery`]: () => {
        current = {
          ...current,
          orderStatus: 'Cancelled',
          cancelReason: 'refused',
          paymentDetails: { ...current.paymentDetails, status: 'cancelled' },
        };
        return { data: { success: true, order: current } };
      },
    });
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'View Details');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    await user.click(within(dialog).getByRole('button', { name: 'Refused at delivery' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Refused at delivery?' });
    expect(confirm).toHaveTextContent('its stock goes back on sale');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel as refused' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/admin2009/orders/${order._id}/cash-on-delivery`)[0]?.body).toEqual({
        outcome: 'refused',
      }),
    );
    const details = await screen.findByRole('dialog', { name: 'Order Details' });
    await waitFor(() => expect(within(details).getByLabelText('Status')).toHaveValue('Cancelled'));
    expect(within(details).queryByRole('heading', { name: 'Cash on delivery' })).not.toBeInTheDocument();
  });

  it('records nothing when the dialog is cancelled', async () => {
    const api = codServer(codOrder());
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'View Details');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    await user.click(within(dialog).getByRole('button', { name: 'Refused at delivery' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Refused at delivery?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep order' }));
    expect(api.callsTo('POST', `/admin2009/orders/${order._id}/cash-on-delivery`)).toHaveLength(0);
  });

  it("shows the server's refusal in its words", async () => {
    const refusal = 'The outcome of this cash on delivery order is already recorded';
    codServer(codOrder(), {
      [`POST /admin2009/orders/${order._id}/cash-on-delivery`]: () => ({
        status: 409,
        data: { message: refusal },
      }),
    });
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'View Details');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid (cash received)' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Cash received?' })).getByRole('button', {
        name: 'Mark paid',
      }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
  });

  it.each([
    [
      'a paid order',
      codOrder({ paymentDetails: { ...order.paymentDetails, status: 'paid', paymentMethod: 'cod' } }),
    ],
    [
      'a cancelled order',
      codOrder({
        orderStatus: 'Cancelled',
        paymentDetails: { ...order.paymentDetails, status: 'cancelled', paymentMethod: 'cod' },
      }),
    ],
    ['an order paid online', anOrder({ paymentDetails: { ...order.paymentDetails, status: 'pending' } })],
  ])('offers no cash-on-delivery actions for %s', async (_name, current) => {
    codServer(current);
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'View Details');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    expect(
      within(dialog).queryByRole('button', { name: 'Mark paid (cash received)' }),
    ).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Refused at delivery' })).not.toBeInTheDocument();
  });

  it('offers only Mark paid for a delivered order whose cash is not recorded yet', async () => {
    codServer(codOrder({ orderStatus: 'Delivered' }));
    const { user } = renderAdmin('/orders');
    await openMenu(user, 'View Details');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    expect(within(dialog).getByRole('button', { name: 'Mark paid (cash received)' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Refused at delivery' })).not.toBeInTheDocument();
  });
});
