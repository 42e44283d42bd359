import { cartPromoSchema } from '../cart/cart.schemas';
import { productCreateSchema, productListQuerySchema } from '../catalog/catalog.schemas';
import { adminOrderListQuerySchema, orderQuoteSchema } from '../order/order.schemas';
import { reportQuerySchema } from '../reporting/reporting.schemas';
import { loginSchema, updateProfileSchema } from './user.schemas';
import { validate } from './validate';

const ID = '0b0f6c1e-7f5e-4d43-9a55-8f4c2b1d9e10';
const firstMessage = (result: ReturnType<typeof validate>) => (result.ok ? null : result.errors[0].message);

describe('bounded request numbers', () => {
  it.each(['1e300', 'Infinity', '10001', '-1', '0', '1.5', 'two', '[object Object]'])('refuses page=%s', (page) => {
    expect(validate(productListQuerySchema, { page }).ok).toBe(false);
    expect(validate(adminOrderListQuerySchema, { page }).ok).toBe(false);
  });

  it('names the highest page', () => {
    expect(firstMessage(validate(productListQuerySchema, { page: '1e300' }))).toBe('Page must be at most 10000');
  });

  it('serves a limit above the cap, Infinity included, as the cap', () => {
    const result = validate(productListQuerySchema, { limit: 'Infinity' });
    expect(result.ok && result.data.limit).toBe(100);
    expect(validate(productListQuerySchema, { limit: 'NaN' }).ok).toBe(false);
  });

  it.each([
    ['minPrice', '1e308'],
    ['maxPrice', '1e400'],
    ['maxPrice', '-Infinity'],
    ['minPrice', 'NaN'],
  ])('refuses %s=%s with a message naming the range', (field, value) => {
    expect(firstMessage(validate(productListQuerySchema, { [field]: value }))).toBe(
      `${field} must be a number from 0 to 10000000`,
    );
  });

  it('refuses an admin price finer than a paisa instead of saving it as 0', () => {
    const product = { name: 'Pen', description: 'A pen', category: 'Pens', price: 0.001 };
    expect(firstMessage(validate(productCreateSchema, product))).toBe('Prices can have at most 2 decimal places');
    const result = validate(productCreateSchema, { ...product, price: 0.07 });
    expect(result.ok && result.data.price).toBe(0.07);
    expect(validate(productCreateSchema, { ...product, price: 1e308 }).ok).toBe(false);
    expect(validate(productCreateSchema, { ...product, weight: 1e308 }).ok).toBe(false);
  });
});

describe('bounded request dates', () => {
  it.each(['0001-01-01', '9999-12-31', '1999-12-31', '3000-01-01'])('refuses the order filter from=%s', (from) => {
    expect(firstMessage(validate(adminOrderListQuerySchema, { from }))).toBe(
      'Dates must be between 2000-01-01 and 2999-12-31',
    );
  });

  it('refuses a day that is not on the calendar', () => {
    expect(validate(adminOrderListQuerySchema, { from: '2025-02-30' }).ok).toBe(false);
    expect(validate(reportQuerySchema, { period: 'custom', from: '2025-02-30', to: '2025-03-01' }).ok).toBe(false);
  });

  it('accepts what the gateway passes on: the instant it made of a day', () => {
    const first = validate(adminOrderListQuerySchema, { from: '2025-01-01', to: '2025-01-31' });
    expect(first.ok).toBe(true);
    expect(first.ok && validate(adminOrderListQuerySchema, first.data)).toEqual(first);
  });

  it.each([
    ['0001-01-01', '0001-01-02'],
    ['9999-12-30', '9999-12-31'],
  ])('refuses a custom report from %s to %s', (from, to) => {
    expect(firstMessage(validate(reportQuerySchema, { period: 'custom', from, to }))).toBe(
      'Dates must be between 2000-01-01 and 2999-12-31',
    );
  });

  it('still caps a custom report at three years', () => {
    expect(firstMessage(validate(reportQuerySchema, { period: 'custom', from: '2000-01-01', to: '2099-12-31' }))).toBe(
      'A custom period can span at most 3 years',
    );
  });
});

describe('profile picture links', () => {
  it.each(['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/me.png', '/\\evil.example', 'ftp://example.com/me.png'])(
    'refuses %s',
    (profilePic) => {
      expect(firstMessage(validate(updateProfileSchema, { profilePic }))).toBe(
        'Profile picture must be an http or https link',
      );
    },
  );

  it('keeps an https link or a path on the shop, and clears a blank one', () => {
    expect(validate(updateProfileSchema, { profilePic: '/uploads/me.png' }).ok).toBe(true);
    expect(validate(updateProfileSchema, { profilePic: 'https://example.com/me.png' })).toEqual({
      ok: true,
      data: { profilePic: 'https://example.com/me.png' },
    });
    expect(validate(updateProfileSchema, { profilePic: '' })).toEqual({ ok: true, data: { profilePic: null } });
  });
});

describe('text that reaches a database', () => {
  it('refuses a login name holding a NUL, which PostgreSQL cannot store or compare', () => {
    expect(firstMessage(validate(loginSchema, { identifier: 'ab\u0000c', password: 'x' }))).toBe(
      'Invalid email/username or password',
    );
    expect(firstMessage(validate(loginSchema, { identifier: 'a'.repeat(255), password: 'x' }))).toBe(
      'Invalid email/username or password',
    );
  });

  it('refuses promo and coupon codes holding control characters', () => {
    expect(firstMessage(validate(cartPromoSchema, { code: 'SAVE\u000010' }))).toBe('Invalid promo code');
    expect(firstMessage(validate(orderQuoteSchema, { products: [{ product: ID, quantity: 1 }], coupon: 'A\u001bB' }))).toBe(
      'Invalid coupon code',
    );
  });
});
