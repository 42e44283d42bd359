import { gstinCheckCharacter, type AddressView, type OrderQuoteView, type ShippingMethod } from '@shop/proto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeCart, makeCartItem, makeOrder, makeUser, publicSettings, signedIn } from '../../test/fixtures';
import { mockApi, type Handler } from '../../test/mockApi';
import { currentLocation, renderApp } from '../../test/renderApp';

const home: AddressView = {
  _id: 'a1',
  name: 'Asha Rao',
  phone: '9876543210',
  street: '12 MG Road',
  city: 'Pune',
  state: 'Maharashtra',
  pinCode: '411001',
  country: 'India',
  isDefault: false,
};
const office: AddressView = {
  ...home,
  _id: 'a2',
  name: 'Asha (office)',
  street: '4 Residency Rd',
  isDefault: true,
};

const item = makeCartItem(1, { quantity: 2, linePrice: 1000, customization: { size: 'A4' } });
const soldOut = makeCartItem(2, { available: false, unavailableReason: 'Product 2 is out of stock' });

/** The seeded shop's prices: Standard ₹99 (free over ₹1,000), Express ₹200. */
function quote(coupon: string | null, shippingMethod: ShippingMethod = 'standard'): OrderQuoteView {
  const discount = coupon ? 100 : 0;
  const shipping = shippingMethod === 'express' ? 200 : 99;
  const tax = Math.round((1000 - discount + shipping) * 0.18);
  return {
    products: [
      {
        product: { _id: item.productId, name: 'Product 1', brand: 'jaksh', price: 500, images: [] },
        productId: item.productId,
        name: 'Product 1',
        image: null,
        quantity: 2,
        price: 500,
        lineTotal: 1000,
        customization: { size: 'A4' },
      },
    ],
    subtotal: 1000,
    discountAmount: discount,
    coupon,
    couponPercent: coupon ? 10 : 0,
    shipping,
    tax,
    taxRate: 18,
    totalAmount: 1000 - discount + shipping + tax,
    freeShippingThreshold: 1000,
    shippingMethod,
  };
}

function checkoutApi(extra: Record<string, Handler> = {}, addresses: AddressView[] = [home, office]) {
  return mockApi({
    ...signedIn(),
    'GET /cart': () => ({ data: { cart: makeCart([item, soldOut]) } }),
    'GET /auth/addresses': () => ({ data: { success: true, addresses } }),
    ...publicSettings(),
    'POST /orders/quote': (req) => {
      const { coupon, shippingMethod } = JSON.parse(req.data as string) as {
        coupon: string | null;
        shippingMethod: ShippingMethod;
      };
      if (coupon && coupon !== 'WELCOME10') return { status: 400, data: { message: 'Invalid coupon code' } };
      return { data: { success: true, quote: quote(coupon, shippingMethod) } };
    },
    ...extra,
  });
}

const summary = () => screen.getByRole('complementary', { name: 'Order summary' });
const total = (label: string | RegExp) => within(summary()).getByText(label).nextSibling;

describe('checkout', () => {
  it('sends a visitor to login', async () => {
    mockApi({});
    renderApp('/checkout');
    await waitFor(() => expect(currentLocation()).toBe('/login'));
  });

  it('sends a customer with an empty cart back to the cart', async () => {
    mockApi({ ...signedIn(), 'GET /cart': () => ({ data: { cart: makeCart([]) } }) });
    renderApp('/checkout');
    await waitFor(() => expect(currentLocation()).toBe('/cart'));
  });

  it("shows the server's quote of the available lines, with GST, as the summary", async () => {
    const api = checkoutApi();
    renderApp('/checkout');
    await within(await screen.findByRole('complementary', { name: 'Order summary' })).findByText('Subtotal');
    expect(summary()).toHaveTextContent('Product 1 × 2');
    expect(summary()).toHaveTextContent('Size: A4');
    expect(total('Subtotal')).toHaveTextContent('₹1,000');
    expect(total('Shipping')).toHaveTextContent('₹99');
    expect(total('GST (18%)')).toHaveTextContent('₹198');
    expect(total('Total')).toHaveTextContent('₹1,297');
    expect(api.calls('POST /orders/quote')[0].body).toEqual({
      products: [{ product: item.productId, quantity: 2, customization: { size: 'A4' } }],
      coupon: null,
      context: 'checkout',
      shippingMethod: 'standard',
    });
  });

  it('lists the saved addresses with the default one chosen, and the online payment method', async () => {
    checkoutApi();
    renderApp('/checkout');
    const radios = await screen.findAllByRole('radio', { name: /Asha/ });
    expect(radios).toHaveLength(2);
    expect(screen.getByRole('radio', { name: /Asha \(office\)/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Pay online with Razorpay/ })).toBeChecked();
  });

  it("asks for an address before ordering: 'Please select or add a delivery address'", async () => {
    const api = checkoutApi({}, []);
    renderApp('/checkout');
    await within(await screen.findByRole('complementary', { name: 'Order summary' })).findByText('Subtotal');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select or add a delivery address');
    expect(api.calls('POST /orders')).toHaveLength(0);
  });

  it('adds an address in the modal, with the same rules, and chooses it', async () => {
    let saved: AddressView[] = [];
    const added: AddressView = {
      ...home,
      _id: 'a9',
      name: 'Ravi Kumar',
      city: 'Kolkata',
      state: 'West Bengal',
      pinCode: '700016',
    };
    checkoutApi(
      {
        'GET /auth/addresses': () => ({ data: { addresses: saved } }),
        'POST /auth/addresses': () => {
          saved = [added];
          return { status: 201, data: { user: makeUser({ addresses: saved }) } };
        },
      },
      [],
    );
    renderApp('/checkout');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Add New Address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Address' });
    await u.click(within(dialog).getByRole('button', { name: 'Save Address' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please fill all address fields');
    await u.type(within(dialog).getByLabelText('Full name'), 'Ravi Kumar');
    await u.type(within(dialog).getByLabelText('Phone'), '9123456780');
    await u.type(within(dialog).getByLabelText('Street address'), '7 Park Street');
    await u.type(within(dialog).getByLabelText('City'), 'Kolkata');
    expect(within(dialog).getByLabelText('State')).toHaveValue('West Bengal');
    await u.type(within(dialog).getByLabelText('Pin code'), '700016');
    await u.click(within(dialog).getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByRole('radio', { name: /Ravi Kumar/ })).toBeChecked();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("alerts 'Failed to add address' when the server gives no reason", async () => {
    checkoutApi({ 'POST /auth/addresses': () => ({ status: 400, data: {} }) }, []);
    renderApp('/checkout');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Add New Address' }));
    const dialog = await screen.findByRole('dialog');
    await u.type(within(dialog).getByLabelText('Full name'), 'Ravi Kumar');
    await u.type(within(dialog).getByLabelText('Phone'), '9123456780');
    await u.type(within(dialog).getByLabelText('Street address'), '7 Park Street');
    await u.type(within(dialog).getByLabelText('City'), 'Kolkata');
    await u.type(within(dialog).getByLabelText('Pin code'), '700016');
    await u.click(within(dialog).getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Failed to add address'));
  });

  it('applies WELCOME10 through the server quote and shows the discount', async () => {
    checkoutApi();
    renderApp('/checkout');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Coupon code'), 'welcome10');
    await u.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await within(summary()).findByText('Coupon (WELCOME10, 10% off)')).toBeInTheDocument();
    expect(total('Coupon (WELCOME10, 10% off)')).toHaveTextContent('−₹100');
    expect(total('Total')).toHaveTextContent(`₹${quote('WELCOME10').totalAmount.toLocaleString('en-IN')}`);
  });

  it("alerts 'Invalid coupon code' for a code the server refuses", async () => {
    checkoutApi();
    renderApp('/checkout');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Coupon code'), 'SAVE10');
    await u.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Invalid coupon code'));
    expect(within(summary()).queryByText(/Coupon \(/)).toBeNull();
  });

  it('carries the promo code applied in the cart over, priced by the server, and places the order with it', async () => {
    localStorage.setItem('promo', 'WELCOME10');
    const order = makeOrder(1);
    const api = checkoutApi({ 'POST /orders': () => ({ status: 201, data: { success: true, order } }) });
    renderApp('/checkout');
    const aside = await screen.findByRole('complementary', { name: 'Order summary' });
    expect(await within(aside).findByText('Coupon (WELCOME10, 10% off)')).toBeInTheDocument();
    expect(total('Total')).toHaveTextContent(`₹${quote('WELCOME10').totalAmount.toLocaleString('en-IN')}`);
    expect(within(summary()).getByText(/applied/)).toHaveTextContent('Coupon WELCOME10 applied.');
    expect(screen.queryByLabelText('Coupon code')).toBeNull();
    expect(api.calls('POST /orders/quote')[0].body).toMatchObject({ coupon: 'WELCOME10' });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(currentLocation()).toBe(`/payment?orderId=${order._id}`));
    expect(api.calls('POST /orders')[0].body).toMatchObject({ coupon: 'WELCOME10' });
    expect(localStorage.getItem('promo')).toBeNull();
  });

  it("drops a carried-over code the server no longer takes, alerting 'Invalid coupon code'", async () => {
    localStorage.setItem('promo', 'EXPIRED5');
    checkoutApi();
    renderApp('/checkout');
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Invalid coupon code'));
    const aside = await screen.findByRole('complementary', { name: 'Order summary' });
    expect(await within(aside).findByText('Subtotal')).toBeInTheDocument();
    expect(within(summary()).queryByText(/Coupon \(/)).toBeNull();
    expect(localStorage.getItem('promo')).toBeNull();
  });

  it('places the order with an Idempotency-Key, reused when the same order is retried, and goes to payment', async () => {
    const order = makeOrder(1);
    let attempts = 0;
    const api = checkoutApi({
      'POST /orders': () =>
        ++attempts === 1 ? { status: 400, data: {} } : { status: 201, data: { success: true, order } },
    });
    renderApp('/checkout');
    const u = userEvent.setup();
    await within(await screen.findByRole('complementary', { name: 'Order summary' })).findByText('Subtotal');
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Failed to create order'));
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(currentLocation()).toBe(`/payment?orderId=${order._id}`));
    const [first, second] = api.calls('POST /orders');
    const key = first.headers.get('Idempotency-Key');
    expect(key).toMatch(/^[\x21-\x7e]{1,200}$/);
    expect(second.headers.get('Idempotency-Key')).toBe(key);
    expect(second.body).toEqual({
      products: [{ product: item.productId, quantity: 2, customization: { size: 'A4' } }],
      shippingAddress: {
        fullName: 'Asha (office)',
        phone: '9876543210',
        email: 'asha@example.in',
        street: '4 Residency Rd',
        city: 'Pune',
        state: 'Maharashtra',
        pinCode: '411001',
        country: 'India',
      },
      coupon: null,
      shippingMethod: 'standard',
      gstin: null,
      companyName: null,
      paymentDetails: { paymentMethod: 'razorpay', status: 'pending', currency: 'INR' },
    });
  });

  it('uses a new Idempotency-Key once the order changes', async () => {
    const api = checkoutApi({ 'POST /orders': () => ({ status: 400, data: { message: 'Try again' } }) });
    renderApp('/checkout');
    const u = userEvent.setup();
    await within(await screen.findByRole('complementary', { name: 'Order summary' })).findByText('Subtotal');
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(api.calls('POST /orders')).toHaveLength(1));
    await u.click(screen.getByRole('radio', { name: /Asha Rao/ }));
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(api.calls('POST /orders')).toHaveLength(2));
    const [first, second] = api.calls('POST /orders');
    expect(second.headers.get('Idempotency-Key')).not.toBe(first.headers.get('Idempotency-Key'));
  });
});

const summaryReady = async () =>
  within(await screen.findByRole('complementary', { name: 'Order summary' })).findByText('Subtotal');

/** A well-formed GSTIN registered in the state with this two-digit code (the entity's registration number). */
const gstinOf = (stateCode: string, entity = '1') => {
  const first14 = `${stateCode}AAPFU0939F${entity}Z`;
  return first14 + gstinCheckCharacter(first14);
};

describe('checkout: the delivery method', () => {
  it('offers Standard (3-5 business days, free over the threshold, else the standard cost) and Express (1-2 business days, at the express cost)', async () => {
    checkoutApi();
    renderApp('/checkout');
    await summaryReady();
    const standard = screen.getByRole('radio', { name: /Standard delivery \(3-5 business days\)/ });
    const express = screen.getByRole('radio', { name: /Express delivery \(1-2 business days\)/ });
    expect(standard).toBeChecked();
    // A subtotal of ₹1,000 is not over the seeded ₹1,000 threshold.
    expect(standard.closest('label')).toHaveTextContent('₹99');
    expect(express.closest('label')).toHaveTextContent('₹200');
  });

  it('shows Standard as Free once the order is over the free-shipping threshold', async () => {
    checkoutApi({ ...publicSettings({ freeShippingThreshold: 500 }) });
    renderApp('/checkout');
    await summaryReady();
    const standard = screen.getByRole('radio', { name: /Standard delivery/ });
    await waitFor(() => expect(standard.closest('label')).toHaveTextContent('Free'));
    expect(screen.getByRole('radio', { name: /Express delivery/ }).closest('label')).toHaveTextContent(
      '₹200',
    );
  });

  it('prices the summary by the chosen method and places the order with it', async () => {
    const order = makeOrder(1, { shippingMethod: 'express' });
    const api = checkoutApi({ 'POST /orders': () => ({ status: 201, data: { success: true, order } }) });
    renderApp('/checkout');
    await summaryReady();
    const u = userEvent.setup();
    await u.click(screen.getByRole('radio', { name: /Express delivery/ }));
    await waitFor(() => expect(total('Shipping')).toHaveTextContent('₹200'));
    expect(total('Total')).toHaveTextContent(
      `₹${quote(null, 'express').totalAmount.toLocaleString('en-IN')}`,
    );
    expect(summary()).toHaveTextContent('Express delivery (1-2 business days)');
    expect(api.calls('POST /orders/quote').at(-1)?.body).toMatchObject({ shippingMethod: 'express' });
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(currentLocation()).toBe(`/payment?orderId=${order._id}`));
    expect(api.calls('POST /orders')[0].body).toMatchObject({ shippingMethod: 'express' });
  });
});

describe('checkout: cash on delivery', () => {
  const codOrder = makeOrder(5, {
    paymentDetails: { ...makeOrder(5).paymentDetails, paymentMethod: 'cod' },
  });

  it('offers cash on delivery only up to the limit, saying why it cannot be chosen over it', async () => {
    checkoutApi({ ...publicSettings({ codLimit: 1000 }) });
    renderApp('/checkout');
    await summaryReady();
    const cod = await screen.findByRole('radio', { name: /Cash on delivery/ });
    expect(cod).toBeDisabled();
    expect(cod).toHaveAccessibleDescription(
      'Cash on delivery is available for orders up to ₹1,000. Please pay online.',
    );
    expect(screen.getByRole('radio', { name: /Pay online with Razorpay/ })).toBeChecked();
  });

  it('offers cash on delivery for an order within the limit', async () => {
    checkoutApi();
    renderApp('/checkout');
    await summaryReady();
    const cod = await screen.findByRole('radio', { name: /Cash on delivery/ });
    expect(cod).toBeEnabled();
    expect(cod).not.toHaveAccessibleDescription();
  });

  it('does not offer cash on delivery while the shop has it turned off', async () => {
    checkoutApi({ ...publicSettings({ codEnabled: false }) });
    renderApp('/checkout');
    await summaryReady();
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /Pay online with Razorpay/ })).toBeChecked(),
    );
    expect(screen.queryByRole('radio', { name: /Cash on delivery/ })).toBeNull();
  });

  it('goes back to paying online when a dearer delivery takes the order over the limit', async () => {
    // ₹1,000 + ₹99 + GST is ₹1,297 by Standard; Express makes it ₹1,416.
    checkoutApi({ ...publicSettings({ codLimit: 1300 }) });
    renderApp('/checkout');
    await summaryReady();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('radio', { name: /Cash on delivery/ }));
    expect(screen.getByRole('radio', { name: /Cash on delivery/ })).toBeChecked();
    expect(summary()).toHaveTextContent('You pay ₹1,297 in cash when your order arrives.');
    await u.click(screen.getByRole('radio', { name: /Express delivery/ }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Cash on delivery/ })).toBeDisabled());
    expect(screen.getByRole('radio', { name: /Pay online with Razorpay/ })).toBeChecked();
    expect(summary()).not.toHaveTextContent('in cash when your order arrives');
  });

  it('places a cash-on-delivery order without payment, empties the cart and goes straight to its confirmation', async () => {
    const api = checkoutApi({
      'POST /orders': () => ({ status: 201, data: { success: true, order: codOrder } }),
      'DELETE /cart': () => ({ data: { success: true, cart: makeCart([]) } }),
      [`GET /orders/${codOrder._id}`]: () => ({ data: { success: true, order: codOrder } }),
    });
    renderApp('/checkout');
    await summaryReady();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('radio', { name: /Cash on delivery/ }));
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(currentLocation()).toBe(`/confirmation/${codOrder._id}`));
    expect(api.calls('POST /orders')[0].body).toMatchObject({
      paymentDetails: { paymentMethod: 'cod' },
    });
    await waitFor(() => expect(api.calls('DELETE /cart')).toHaveLength(1));
    expect(api.calls('POST /payments/create-order')).toHaveLength(0);
    expect(await screen.findByText('Cash on delivery')).toBeInTheDocument();
  });

  it("shows the server's refusal of cash on delivery in its words and reads the settings again", async () => {
    const refusal = 'Cash on delivery is not available at the moment';
    const api = checkoutApi({ 'POST /orders': () => ({ status: 400, data: { message: refusal } }) });
    renderApp('/checkout');
    await summaryReady();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('radio', { name: /Cash on delivery/ }));
    const settingsReads = api.calls('GET /settings/public').length;
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(refusal));
    await waitFor(() => expect(api.calls('GET /settings/public').length).toBeGreaterThan(settingsReads));
  });
});

describe('checkout: the GST invoice', () => {
  async function openInvoiceFields() {
    const u = userEvent.setup();
    await summaryReady();
    await u.click(screen.getByRole('checkbox', { name: 'Need a GST invoice?' }));
    return u;
  }

  it('asks for a GSTIN only once the shopper wants a GST invoice', async () => {
    checkoutApi();
    renderApp('/checkout');
    await summaryReady();
    expect(screen.queryByRole('textbox', { name: 'GSTIN' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Need a GST invoice?' }));
    expect(screen.getByRole('textbox', { name: 'GSTIN' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Company name' })).toBeVisible();
  });

  it("refuses a short GSTIN with 'GSTIN must be 15 characters', on the field, and places nothing", async () => {
    const api = checkoutApi();
    renderApp('/checkout');
    const u = await openInvoiceFields();
    await u.type(screen.getByRole('textbox', { name: 'GSTIN' }), '27AAPFU0939');
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    const gstin = screen.getByRole('textbox', { name: 'GSTIN' });
    expect(gstin).toHaveAccessibleDescription(expect.stringContaining('GSTIN must be 15 characters'));
    expect(gstin).toHaveAttribute('aria-invalid', 'true');
    expect(gstin).toHaveFocus();
    expect(api.calls('POST /orders')).toHaveLength(0);
  });

  it("refuses a GSTIN of another state with 'GSTIN is registered in …', and the message goes once it is put right", async () => {
    checkoutApi();
    renderApp('/checkout');
    const u = await openInvoiceFields();
    const gstin = screen.getByRole('textbox', { name: 'GSTIN' });
    await u.type(gstin, gstinOf('29'));
    await u.tab();
    expect(gstin).toHaveAccessibleDescription(
      expect.stringContaining(
        'GSTIN is registered in Karnataka (state code 29), but the delivery address is in Maharashtra',
      ),
    );
    await u.clear(gstin);
    await u.type(gstin, gstinOf('27').toLowerCase());
    expect(gstin).toHaveValue(gstinOf('27'));
    expect(gstin).not.toHaveAttribute('aria-invalid');
    expect(gstin).not.toHaveAccessibleDescription(expect.stringContaining('GSTIN is registered in'));
  });

  it("asks for the company name registered with the GSTIN: 'Please enter the company name registered with this GSTIN'", async () => {
    const api = checkoutApi();
    renderApp('/checkout');
    const u = await openInvoiceFields();
    await u.type(screen.getByRole('textbox', { name: 'GSTIN' }), gstinOf('27'));
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    const company = screen.getByRole('textbox', { name: 'Company name' });
    expect(company).toHaveAccessibleDescription(
      expect.stringContaining('Please enter the company name registered with this GSTIN'),
    );
    expect(company).toHaveFocus();
    expect(api.calls('POST /orders')).toHaveLength(0);
  });

  it('places the order with the GSTIN and company name', async () => {
    const order = makeOrder(1);
    const api = checkoutApi({ 'POST /orders': () => ({ status: 201, data: { success: true, order } }) });
    renderApp('/checkout');
    const u = await openInvoiceFields();
    await u.type(screen.getByRole('textbox', { name: 'GSTIN' }), gstinOf('27'));
    await u.type(screen.getByRole('textbox', { name: 'Company name' }), '  Rao Prints Pvt Ltd ');
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(currentLocation()).toBe(`/payment?orderId=${order._id}`));
    expect(api.calls('POST /orders')[0].body).toMatchObject({
      gstin: gstinOf('27'),
      companyName: 'Rao Prints Pvt Ltd',
    });
  });

  it('sends no GSTIN once the shopper no longer wants a GST invoice, keeping what was typed', async () => {
    const api = checkoutApi({ 'POST /orders': () => ({ status: 400, data: { message: 'Try again' } }) });
    renderApp('/checkout');
    const u = await openInvoiceFields();
    await u.type(screen.getByRole('textbox', { name: 'GSTIN' }), 'NOT A GSTIN');
    await u.click(screen.getByRole('checkbox', { name: 'Need a GST invoice?' }));
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(api.calls('POST /orders')).toHaveLength(1));
    expect(api.calls('POST /orders')[0].body).toMatchObject({ gstin: null, companyName: null });
    await u.click(screen.getByRole('checkbox', { name: 'Need a GST invoice?' }));
    expect(screen.getByRole('textbox', { name: 'GSTIN' })).toHaveValue('NOT A GSTIN');
  });

  it("shows the server's refusal on the field it names until that field changes", async () => {
    const refusal = 'GSTIN is not active on the GST portal';
    checkoutApi({
      'POST /orders': () => ({
        status: 400,
        data: { message: refusal, errors: [{ field: 'gstin', message: refusal }] },
      }),
    });
    renderApp('/checkout');
    const u = await openInvoiceFields();
    const gstin = screen.getByRole('textbox', { name: 'GSTIN' });
    await u.type(gstin, gstinOf('27'));
    await u.type(screen.getByRole('textbox', { name: 'Company name' }), 'Rao Prints');
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(gstin).toHaveAccessibleDescription(expect.stringContaining(refusal)));
    expect(gstin).toHaveFocus();
    expect(window.alert).not.toHaveBeenCalled();
    await u.clear(gstin);
    await u.type(gstin, gstinOf('27', '2'));
    expect(gstin).not.toHaveAttribute('aria-invalid');
    expect(gstin).not.toHaveAccessibleDescription(expect.stringContaining(refusal));
  });
});

describe('checkout: errors that no longer hold go', () => {
  it("clears 'Please select or add a delivery address' once an address is chosen", async () => {
    let saved: AddressView[] = [];
    checkoutApi(
      {
        'GET /auth/addresses': () => ({ data: { addresses: saved } }),
        'POST /auth/addresses': () => {
          saved = [home];
          return { status: 201, data: { user: makeUser({ addresses: saved }) } };
        },
      },
      [],
    );
    renderApp('/checkout');
    await summaryReady();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select or add a delivery address');
    await u.click(screen.getByRole('button', { name: 'Add New Address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Address' });
    await u.type(within(dialog).getByLabelText('Full name'), 'Asha Rao');
    await u.type(within(dialog).getByLabelText('Phone'), '9876543210');
    await u.type(within(dialog).getByLabelText('Street address'), '12 MG Road');
    await u.type(within(dialog).getByLabelText('City'), 'Pune');
    await u.type(within(dialog).getByLabelText('Pin code'), '411001');
    await u.click(within(dialog).getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByRole('radio', { name: /Asha Rao/ })).toBeChecked();
    expect(screen.queryByText('Please select or add a delivery address')).toBeNull();
  });
});

describe('checkout: an e-mail address not verified yet', () => {
  const message =
    'Please verify your e-mail address before placing an order. We sent a link to asha@example.in; you can have it sent again.';
  const unverified = () => ({
    status: 409,
    data: { message, errors: [{ field: 'emailVerification', message }] },
  });

  it("shows the refusal with 'Resend verification link', sends a new link and keeps the form as it was", async () => {
    const api = checkoutApi({
      'POST /orders': unverified,
      'POST /auth/verify-email/resend': () => ({
        data: { success: true, message: 'We sent a new verification link to asha@example.in' },
      }),
    });
    renderApp('/checkout');
    await summaryReady();
    const u = userEvent.setup();
    await u.click(screen.getByRole('radio', { name: /Asha Rao/ }));
    await u.click(screen.getByRole('radio', { name: /Express delivery/ }));
    await u.click(screen.getByRole('checkbox', { name: 'Need a GST invoice?' }));
    await u.type(screen.getByRole('textbox', { name: 'GSTIN' }), gstinOf('27'));
    await u.type(screen.getByRole('textbox', { name: 'Company name' }), 'Rao Prints');
    await u.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await within(summary()).findByRole('alert')).toHaveTextContent(message);
    expect(currentLocation()).toBe('/checkout');
    expect(window.alert).not.toHaveBeenCalled();
    await u.click(within(summary()).getByRole('button', { name: 'Resend verification link' }));
    expect(await within(summary()).findByRole('status')).toHaveTextContent(
      'We sent a new verification link to asha@example.in',
    );
    expect(api.calls('POST /auth/verify-email/resend')).toHaveLength(1);

    expect(screen.getByRole('radio', { name: /Asha Rao/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Express delivery/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'GSTIN' })).toHaveValue(gstinOf('27'));
    expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveValue('Rao Prints');
  });

  it("shows the server's words when a new link cannot be sent", async () => {
    checkoutApi({
      'POST /orders': unverified,
      'POST /auth/verify-email/resend': () => ({
        status: 400,
        data: { message: 'Please wait a minute before asking for another link' },
      }),
    });
    renderApp('/checkout');
    await summaryReady();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    await u.click(await within(summary()).findByRole('button', { name: 'Resend verification link' }));
    await waitFor(() =>
      expect(summary()).toHaveTextContent('Please wait a minute before asking for another link'),
    );
  });

  it('drops the refusal once the shopper comes back with the address verified, and places the order', async () => {
    let verified = false;
    const order = makeOrder(1);
    const api = checkoutApi({
      'GET /auth/me': () => ({ data: { success: true, user: makeUser({ emailVerified: verified }) } }),
      'POST /orders': () => (verified ? { status: 201, data: { success: true, order } } : unverified()),
    });
    renderApp('/checkout');
    await summaryReady();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await within(summary()).findByRole('alert')).toHaveTextContent(message);
    verified = true;
    act(() => void fireEvent.focus(window));
    await waitFor(() => expect(within(summary()).queryByText(message)).toBeNull());
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(currentLocation()).toBe(`/payment?orderId=${order._id}`));
    expect(api.calls('POST /orders')).toHaveLength(2);
  });
});
