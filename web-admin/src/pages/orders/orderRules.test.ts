import type { OrderView } from '@shop/proto';
import { anOrder } from '../../test/fixtures';
import {
  cancelConfirmText,
  codActions,
  customerName,
  customizationEntries,
  dateRange,
  lineFiles,
  pagerText,
  paymentLabel,
  shippingAddressText,
} from './orderRules';

describe('the orders date filter', () => {
  const now = new Date(2025, 5, 15, 14, 30);

  it('reads today from local midnight', () => {
    expect(dateRange('today', now)).toEqual({ from: new Date(2025, 5, 15).toISOString() });
  });

  it('reads yesterday as the whole previous local day', () => {
    expect(dateRange('yesterday', now)).toEqual({
      from: new Date(2025, 5, 14).toISOString(),
      to: new Date(2025, 5, 14, 23, 59, 59, 999).toISOString(),
    });
  });

  it('reads the last 7 and 30 days back from now', () => {
    expect(dateRange('last7', now).from).toBe(new Date(now.getTime() - 7 * 86_400_000).toISOString());
    expect(dateRange('last30', now).from).toBe(new Date(now.getTime() - 30 * 86_400_000).toISOString());
  });

  it('sends no range for all dates', () => {
    expect(dateRange('all', now)).toEqual({});
  });
});

describe('the payment label', () => {
  it('shows paid as Paid, pending or nothing as Pending, anything else as Unpaid', () => {
    expect(paymentLabel('paid')).toBe('Paid');
    expect(paymentLabel('pending')).toBe('Pending');
    expect(paymentLabel(undefined)).toBe('Pending');
    expect(paymentLabel('failed')).toBe('Unpaid');
    expect(paymentLabel('expired')).toBe('Unpaid');
    expect(paymentLabel('cancelled')).toBe('Unpaid');
  });

  it('says where the refund of a cancelled order stands instead of calling it unpaid', () => {
    expect(paymentLabel('refund_pending')).toBe('Refund pending');
    expect(paymentLabel('refunded')).toBe('Refunded');
    expect(paymentLabel('refund_failed')).toBe('Refund failed');
  });
});

describe('the customer column', () => {
  it("uses the username, then the delivery name, else 'Guest User'", () => {
    const base = {
      user: { _id: 'u', username: null, email: null },
      shippingAddress: { fullName: '', name: '' },
    } as unknown as OrderView;
    expect(customerName({ ...base, user: { _id: 'u', username: 'asha', email: null } })).toBe('asha');
    expect(
      customerName({ ...base, shippingAddress: { ...base.shippingAddress, fullName: 'Asha Rao' } }),
    ).toBe('Asha Rao');
    expect(customerName(base)).toBe('Guest User');
  });
});

describe('the shipping address', () => {
  it('reads street, city, state and PIN code', () => {
    expect(shippingAddressText(anOrder().shippingAddress)).toBe('12 MG Road, Bengaluru, Karnataka 560001');
  });

  it('leaves out the parts the order does not have', () => {
    const { shippingAddress } = anOrder();
    expect(shippingAddressText({ ...shippingAddress, state: '', pinCode: '560001' })).toBe(
      '12 MG Road, Bengaluru, 560001',
    );
    expect(shippingAddressText({ ...shippingAddress, street: '', city: '', state: '', pinCode: '' })).toBe(
      '',
    );
  });
});

describe('the pager text', () => {
  it("reads 'Page X of Y (N total orders)'", () => {
    expect(pagerText(2, 5, 43)).toBe('Page 2 of 5 (43 total orders)');
  });
});

describe('a line customization', () => {
  it('lists size, comments and each option by its library name', () => {
    const names = new Map([['opt-1', 'Gift Wrap']]);
    expect(
      customizationEntries(
        {
          size: 'L',
          comments: 'Blue ink',
          dynamicCustomizations: { 'opt-1': { value: true }, 'opt-2': ['Red', 'Gold'] },
        },
        names,
      ),
    ).toEqual([
      ['Size', 'L'],
      ['Comments', 'Blue ink'],
      ['Gift Wrap', 'Yes'],
      ['opt-2', 'Red, Gold'],
    ]);
  });

  it("lists an image option's file with the designs, as a link, and not as a text entry", () => {
    const names = new Map([['art', 'Upload Your Artwork']]);
    const art = {
      name: 'logo.png',
      size: 4,
      type: 'image/png',
      url: '/uploads/customizations/a.png',
      fileId: 'a',
      value: '/uploads/customizations/a.png',
    };
    const customization = {
      uploadedFiles: [{ name: 'note.png' }],
      dynamicCustomizations: { art, wrap: true },
    };
    expect(customizationEntries(customization, names)).toEqual([['wrap', 'Yes']]);
    expect(lineFiles(customization, names)).toEqual([
      { label: 'Upload Your Artwork', name: 'logo.png', url: '/uploads/customizations/a.png' },
      { label: 'Design', name: 'note.png', url: null },
    ]);
  });
});

describe('cash on delivery in the order details', () => {
  const cod = (status: OrderView['paymentDetails']['status'], orderStatus: OrderView['orderStatus']) =>
    anOrder({ orderStatus, paymentDetails: { ...anOrder().paymentDetails, status, paymentMethod: 'cod' } });

  it('offers Mark paid and Refused at delivery while the cash has not come in, Refused only before delivery', () => {
    expect(codActions(cod('pending', 'Pending'))).toEqual({ paid: true, refused: true });
    expect(codActions(cod('pending', 'Shipped'))).toEqual({ paid: true, refused: true });
    expect(codActions(cod('pending', 'Delivered'))).toEqual({ paid: true, refused: false });
  });

  it('offers nothing once settled, cancelled, or for an order paid online', () => {
    expect(codActions(cod('paid', 'Delivered'))).toEqual({ paid: false, refused: false });
    expect(codActions(cod('cancelled', 'Cancelled'))).toEqual({ paid: false, refused: false });
    expect(
      codActions(anOrder({ paymentDetails: { ...anOrder().paymentDetails, status: 'pending' } })),
    ).toEqual({ paid: false, refused: false });
  });

  it('warns before cancelling a cash-paid order that Razorpay cannot refund it', () => {
    expect(cancelConfirmText(cod('paid', 'Processing'))).toBe(
      'This order was paid in cash on delivery. Cancelling it owes ₹848 back to the customer, which Razorpay cannot refund: give it back yourself. This cannot be undone.',
    );
    expect(cancelConfirmText(cod('pending', 'Processing'))).toMatch(/^This order has not been paid/);
  });
});
