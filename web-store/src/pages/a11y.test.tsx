import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { seriousViolations } from '../test/axe';
import {
  makeCart,
  makeCartItem,
  makeOrder,
  makeProduct,
  makeReview,
  makeUser,
  publicSettings,
  signedIn,
} from '../test/fixtures';
import { mockApi } from '../test/mockApi';
import { renderApp } from '../test/renderApp';

const product = makeProduct(1, {
  images: ['/uploads/a.webp', '/uploads/b.webp'],
  availableSizes: ['A5'],
  allowsImageUpload: true,
  customizationOptions: [
    {
      optionId: {
        _id: 'gift',
        name: 'Gift wrap',
        type: 'boolean',
        description: '',
        options: [],
        priceModifier: { type: 'fixed', operator: '+', value: 40 },
      },
    },
  ],
});

describe('accessibility (axe-core, serious and critical rules)', () => {
  it('finds no violations on the product detail page', async () => {
    mockApi({
      [`GET /products/${product._id}`]: () => ({ data: { product } }),
      [`GET /products/${product._id}/similar`]: () => ({ data: { products: [makeProduct(2)] } }),
      [`GET /reviews/product/${product._id}`]: () => ({
        data: { reviews: [makeReview(1, { pros: ['Neat'] })] },
      }),
    });
    renderApp(`/product/${product._id}`);
    await screen.findByRole('article', { name: 'Review by reviewer1' });
    expect(await seriousViolations()).toEqual([]);
  });

  it('finds no violations on the cart page', async () => {
    mockApi({
      ...signedIn(),
      'GET /cart': () => ({ data: { cart: makeCart([makeCartItem(1), makeCartItem(2)]) } }),
    });
    renderApp('/cart');
    await screen.findByRole('article', { name: 'Product 2' });
    expect(await seriousViolations()).toEqual([]);
  });

  it('finds no violations on the checkout page, with the GST invoice fields open and a problem shown', async () => {
    mockApi({
      ...signedIn(),
      ...publicSettings({ codLimit: 500 }),
      'GET /cart': () => ({ data: { cart: makeCart([makeCartItem(1)]) } }),
      'GET /auth/addresses': () => ({
        data: {
          addresses: [
            {
              _id: 'a1',
              name: 'Asha Rao',
              phone: '9876543210',
              street: '12 MG Road',
              city: 'Pune',
              state: 'Maharashtra',
              pinCode: '411001',
              country: 'India',
              isDefault: true,
            },
          ],
        },
      }),
      'POST /orders/quote': () => ({
        data: {
          quote: {
            products: [],
            subtotal: 500,
            discountAmount: 0,
            coupon: null,
            couponPercent: 0,
            shipping: 99,
            tax: 108,
            taxRate: 18,
            totalAmount: 707,
            freeShippingThreshold: 1000,
          },
        },
      }),
    });
    renderApp('/checkout');
    await within(await screen.findByRole('complementary', { name: 'Order summary' })).findByText('Subtotal');
    await screen.findByRole('radio', { name: /Cash on delivery/ });
    const u = userEvent.setup();
    await u.click(screen.getByRole('checkbox', { name: 'Need a GST invoice?' }));
    await u.type(screen.getByRole('textbox', { name: 'GSTIN' }), '27AAPFU');
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText('GSTIN must be 15 characters');
    expect(await seriousViolations()).toEqual([]);
  });

  it('finds no violations on a confirmation with documents, and on the e-mail verification page', async () => {
    const order = makeOrder(1, {
      paymentDetails: { ...makeOrder(1).paymentDetails, paymentMethod: 'cod' },
      gstin: '27AAPFU0939F1ZV',
      companyName: 'Rao Prints',
      documents: [
        { kind: 'invoice', number: 'INV/26-27/000001', issuedAt: '2026-05-02T09:05:00Z', total: 1180 },
      ],
    });
    mockApi({
      ...signedIn(makeUser({ emailVerified: false })),
      'GET /cart': () => ({ data: { cart: makeCart([]) } }),
      [`GET /orders/${order._id}`]: () => ({ data: { order } }),
      'POST /auth/verify-email': () => ({ status: 400, data: { message: 'This link has expired' } }),
    });
    const view = renderApp(`/confirmation/${order._id}`);
    await screen.findByRole('button', { name: 'Download invoice' });
    expect(await seriousViolations()).toEqual([]);
    view.unmount();
    renderApp('/verify-email?token=old');
    await screen.findByRole('button', { name: 'Resend verification link' });
    expect(await seriousViolations()).toEqual([]);
  });

  it('finds no violations in My Account, with the e-mail verification banner', async () => {
    mockApi({
      ...signedIn(makeUser({ emailVerified: false })),
      'GET /cart': () => ({ data: { cart: makeCart([]) } }),
      'GET /auth/stats': () => ({
        data: {
          stats: { totalOrders: 0, totalSpent: 0, deliveredOrders: 0, wishlistCount: 0, recentOrders: [] },
        },
      }),
    });
    renderApp('/account');
    await screen.findByRole('button', { name: 'Total Orders 0' });
    await screen.findByRole('region', { name: 'E-mail verification' });
    expect(await seriousViolations()).toEqual([]);
  });
});
