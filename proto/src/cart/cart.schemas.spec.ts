import { validate } from '../validation/validate';
import {
  cartAddSchema,
  cartMergeRpcSchema,
  cartMergeSchema,
  cartQuantitySchema,
  customizationSchema,
} from './cart.schemas';

const id = '0b0f6c1e-7f5e-4d43-9a55-8f4c2b1d9e10';
const firstMessage = (result: ReturnType<typeof validate>) => (result.ok ? null : result.errors[0].message);

describe('add to cart input', () => {
  it("answers 'Invalid product' when there is no product id", () => {
    expect(firstMessage(validate(cartAddSchema, { quantity: 1 }))).toBe('Invalid product');
    expect(firstMessage(validate(cartAddSchema, { productId: {} }))).toBe('Invalid product');
    expect(firstMessage(validate(cartAddSchema, { productId: '' }))).toBe('Invalid product');
    expect(firstMessage(validate(cartAddSchema, { productId: 42 }))).toBe('Invalid product');
  });

  it('takes the product id as a string or as an object with _id, and one unit by default', () => {
    const asString = validate(cartAddSchema, { productId: id });
    const asObject = validate(cartAddSchema, { productId: { _id: id, name: 'Pen' }, quantity: 3 });
    expect(asString.ok && asString.data).toEqual({ productId: id, quantity: 1, customization: {} });
    expect(asObject.ok && asObject.data).toEqual({ productId: id, quantity: 3, customization: {} });
  });

  it('refuses a quantity below 1 or not whole', () => {
    expect(firstMessage(validate(cartAddSchema, { productId: id, quantity: 0 }))).toBe(
      'Quantity must be a whole number of 1 or more',
    );
    expect(firstMessage(validate(cartAddSchema, { productId: id, quantity: 1.5 }))).toBe(
      'Quantity must be a whole number of 1 or more',
    );
  });
});

describe('customization input', () => {
  it('caps special instructions at 500 characters', () => {
    expect(validate(customizationSchema, { comments: 'x'.repeat(500) }).ok).toBe(true);
    expect(firstMessage(validate(customizationSchema, { comments: 'x'.repeat(501) }))).toBe(
      'Special instructions must be at most 500 characters',
    );
  });

  it('caps text options at 500 characters, given plain or as {value}', () => {
    expect(
      firstMessage(validate(customizationSchema, { dynamicCustomizations: { engraving: 'y'.repeat(501) } })),
    ).toBe('Text options must be at most 500 characters');
    expect(
      firstMessage(
        validate(customizationSchema, { dynamicCustomizations: { engraving: { value: 'y'.repeat(501) } } }),
      ),
    ).toBe('Text options must be at most 500 characters');
  });

  it('accepts only image files among the attached files', () => {
    const pdf = { name: 'brief.pdf', size: 10, type: 'application/pdf' };
    expect(firstMessage(validate(customizationSchema, { uploadedFiles: [pdf] }))).toBe(
      'Please upload only image files',
    );
    const big = { name: 'logo.png', size: 3 * 1024 * 1024, type: 'image/png' };
    expect(firstMessage(validate(customizationSchema, { uploadedFiles: [big] }))).toBe(
      'File size must be less than 2MB',
    );
  });

  it('keeps the spec fields, drops unknown ones and blank ones', () => {
    const result = validate(customizationSchema, {
      size: 'A4',
      comments: '',
      extra: 'x',
      dynamicCustomizations: { gift: true },
    });
    expect(result.ok && result.data).toEqual({ size: 'A4', dynamicCustomizations: { gift: true } });
  });
});

describe('setting a line quantity', () => {
  it('accepts zero and below, which remove the line, but only whole numbers', () => {
    expect(validate(cartQuantitySchema, { quantity: 0 }).ok).toBe(true);
    expect(validate(cartQuantitySchema, { quantity: -2 }).ok).toBe(true);
    expect(firstMessage(validate(cartQuantitySchema, { quantity: 'two' }))).toBe(
      'Quantity must be a whole number',
    );
    expect(firstMessage(validate(cartQuantitySchema, {}))).toBe('Quantity must be a whole number');
  });
});

describe('merging a guest cart', () => {
  it('reads the product id from productId or from the product the guest line kept', () => {
    const result = validate(cartMergeSchema, {
      items: [
        { product: { _id: id }, quantity: 2 },
        { productId: id, quantity: 1, customization: { size: 'A5' } },
      ],
    });
    expect(result.ok && result.data.items).toEqual([
      { productId: id, quantity: 2, customization: {} },
      { productId: id, quantity: 1, customization: { size: 'A5' } },
    ]);
  });

  it('never takes the guest cart whose files move from the body: only the gateway names it, from the cookie', () => {
    const guestCartId = 'x'.repeat(43);
    const fromBody = validate(cartMergeSchema, { items: [], guestCartId });
    expect(fromBody.ok && fromBody.data).toEqual({ items: [] });
    const fromGateway = validate(cartMergeRpcSchema, { items: [], guestCartId });
    expect(fromGateway.ok && fromGateway.data).toEqual({ items: [], guestCartId });
    expect(validate(cartMergeRpcSchema, { items: [], guestCartId: 'made-up' }).ok).toBe(false);
  });
});
