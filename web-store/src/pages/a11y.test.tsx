import { screen, within } from '@testing-library/react';
import { seriousViolations } from '../test/axe';
import { makeCart, makeCartItem, makeProduct, makeReview, signedIn } from '../test/fixtures';
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

  it('finds no violations on the checkout page', async () => {
    mockApi({
      ...signedIn(),
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
    expect(await seriousViolations()).toEqual([]);
  });

  it('finds no violations in My Account', async () => {
    mockApi({
      ...signedIn(),
      'GET /cart': () => ({ data: { cart: makeCart([]) } }),
      'GET /auth/stats': () => ({
        data: {
          stats: { totalOrders: 0, totalSpent: 0, deliveredOrders: 0, wishlistCount: 0, recentOrders: [] },
        },
      }),
    });
    renderApp('/account');
    await screen.findByRole('button', { name: 'Total Orders 0' });
    expect(await seriousViolations()).toEqual([]);
  });
});
