import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { blobError, captureDownloads, pdfReply } from '@shop/web-kit/test/downloads';
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

function confirmationApi(orderId: string, reply: Handler, extra: Record<string, Handler> = {}) {
  return mockApi({
    ...signedIn(),
    'GET /cart': () => ({ data: { cart: makeCart([]) } }),
    [`GET /orders/${orderId}`]: reply,
    ...extra,
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

describe('the order confirmation: delivery, payment method and GST details', () => {
  it('shows the delivery method and the online payment method', async () => {
    const express = makeOrder(6, { ...paid, _id: uuid(706), shippingMethod: 'express' });
    confirmationApi(express._id, () => ({ data: { order: express } }));
    renderApp(`/confirmation/${express._id}`);
    expect(await screen.findByText('Delivery')).toBeInTheDocument();
    expect(screen.getByText('Delivery').nextSibling).toHaveTextContent(
      'Express delivery (1-2 business days)',
    );
    expect(screen.getByText('Payment method').nextSibling).toHaveTextContent('Online (Razorpay)');
  });

  it("shows a cash-on-delivery order as 'Cash on delivery', with 'Pay ₹X when your order arrives' and no Pay now", async () => {
    const cod = makeOrder(7, {
      totalAmount: 1297,
      paymentDetails: { ...makeOrder(7).paymentDetails, paymentMethod: 'cod' },
    });
    const api = confirmationApi(cod._id, () => ({ data: { order: cod } }));
    renderApp(`/confirmation/${cod._id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Payment method').nextSibling).toHaveTextContent('Cash on delivery');
    expect(screen.getByText('Payment status').nextSibling).toHaveTextContent('Pay on delivery');
    expect(screen.getByText('Pay ₹1,297 when your order arrives.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
    // Nothing to wait for: the order is paid at the door, so the page does not keep asking.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(api.calls(`GET /orders/${cod._id}`)).toHaveLength(1);
  });

  it('shows the GSTIN and company name the tax invoice is made out to', async () => {
    const business = makeOrder(8, {
      ...paid,
      _id: uuid(708),
      gstin: '27AAPFU0939F1ZV',
      companyName: 'Rao Prints',
    });
    confirmationApi(business._id, () => ({ data: { order: business } }));
    renderApp(`/confirmation/${business._id}`);
    const heading = await screen.findByRole('heading', { name: 'GST invoice to' });
    expect(heading.nextSibling).toHaveTextContent('Rao Prints');
    expect(heading.nextSibling).toHaveTextContent('GSTIN: 27AAPFU0939F1ZV');
  });
});

describe('the order confirmation: documents', () => {
  const invoiced = makeOrder(9, {
    ...paid,
    _id: uuid(709),
    documents: [
      { kind: 'invoice', number: 'INV/26-27/000001', issuedAt: '2026-05-02T09:05:00Z', total: 1180 },
      { kind: 'credit-note', number: 'CN/26-27/000001', issuedAt: '2026-05-04T09:05:00Z', total: 1180 },
    ],
  });

  it("downloads the invoice with the customer's token under the server's file name, beside its number", async () => {
    const api = confirmationApi(invoiced._id, () => ({ data: { order: invoiced } }), {
      [`GET /orders/${invoiced._id}/documents/invoice`]: () => pdfReply('INV-26-27-000001.pdf'),
    });
    const saved = captureDownloads();
    renderApp(`/confirmation/${invoiced._id}`);
    const download = await screen.findByRole('button', { name: 'Download invoice' });
    expect(download).toHaveAccessibleDescription('Tax invoice INV/26-27/000001');
    await userEvent.setup().click(download);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].filename).toBe('INV-26-27-000001.pdf');
    expect(saved[0].file.type).toBe('application/pdf');
    const [call] = api.calls(`GET /orders/${invoiced._id}/documents/invoice`);
    expect(call.headers.Authorization).toBe('Bearer jwt-test');
  });

  it('offers the credit note beside the invoice', async () => {
    confirmationApi(invoiced._id, () => ({ data: { order: invoiced } }), {
      [`GET /orders/${invoiced._id}/documents/credit-note`]: () => pdfReply('CN-26-27-000001.pdf'),
    });
    const saved = captureDownloads();
    renderApp(`/confirmation/${invoiced._id}`);
    const documents = await screen.findByRole('list', { name: 'Documents' });
    const creditNote = within(documents).getByRole('button', { name: 'Download credit note' });
    expect(creditNote).toHaveAccessibleDescription('Credit note CN/26-27/000001');
    await userEvent.setup().click(creditNote);
    await waitFor(() => expect(saved.map((s) => s.filename)).toEqual(['CN-26-27-000001.pdf']));
  });

  it("names a receipt 'Download receipt'", async () => {
    const receipted = makeOrder(10, {
      ...paid,
      _id: uuid(710),
      documents: [
        { kind: 'receipt', number: 'RCT/26-27/000004', issuedAt: '2026-05-02T09:05:00Z', total: 1180 },
      ],
    });
    confirmationApi(receipted._id, () => ({ data: { order: receipted } }));
    renderApp(`/confirmation/${receipted._id}`);
    expect(await screen.findByRole('button', { name: 'Download receipt' })).toHaveAccessibleDescription(
      'Receipt RCT/26-27/000004',
    );
    expect(screen.queryByRole('button', { name: 'Download invoice' })).toBeNull();
  });

  it("says the server's 'Document not found' when the download is refused", async () => {
    confirmationApi(invoiced._id, () => ({ data: { order: invoiced } }), {
      [`GET /orders/${invoiced._id}/documents/invoice`]: () => blobError(404, 'Document not found'),
    });
    renderApp(`/confirmation/${invoiced._id}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download invoice' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Document not found'));
  });

  it('reads a paid order again until its invoice is issued, then offers it', async () => {
    let reads = 0;
    confirmationApi(invoiced._id, () => {
      reads += 1;
      return { data: { order: reads === 1 ? { ...invoiced, documents: [] } : invoiced } };
    });
    renderApp(`/confirmation/${invoiced._id}`);
    await screen.findByText('Payment status');
    expect(screen.queryByRole('button', { name: 'Download invoice' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Download invoice' }, { timeout: 5000 })).toBeVisible();
  });

  it('shows no documents before any is issued', async () => {
    confirmationApi(paid._id, () => ({ data: { order: paid } }));
    renderApp(`/confirmation/${paid._id}`);
    await screen.findByText('Payment status');
    expect(screen.queryByRole('list', { name: 'Documents' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
  });
});
