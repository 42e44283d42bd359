import type { AddressView, OrderQuoteView } from '@shop/proto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeCart, makeCartItem, makeOrder, makeUser, signedIn } from '../../test/fixtures';
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

function quote(coupon: string | null): OrderQuoteView {
  const discount = coupon ? 100 : 0;
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
    shipping: 99,
    tax: Math.round((1000 - discount + 99) * 0.18),
    taxRate: 18,
    totalAmount: 1000 - discount + 99 + Math.round((1000 - discount + 99) * 0.18),
    freeShippingThreshold: 1000,
    shippingMethod: 'standard',
  };
}

function checkoutApi(extra: Record<string, Handler> = {}, addresses: AddressView[] = [home, office]) {
  return mockApi({
    ...signedIn(),
    'GET /cart': () => ({ data: { cart: makeCart([item, soldOut]) } }),
    'GET /auth/addresses': () => ({ data: { success: true, addresses } }),
    'POST /orders/quote': (req) => {
      const { coupon } = JSON.parse(req.data as string) as { coupon: string | null };
      if (coupon && coupon !== 'WELCOME10') return { status: 400, data: { message: 'Invalid coupon code' } };
      return { data: { success: true, quote: quote(coupon) } };
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
