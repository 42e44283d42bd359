import { validate } from '../validation/validate';
import { CATALOG_MESSAGES, hsnCodeOf } from './catalog.constants';
import { productCreateSchema, productUpdateSchema } from './catalog.schemas';

const product = {
  name: 'Kraft Labels',
  description: 'Roll of 500 kraft labels',
  category: 'Labels',
  price: 120,
};

describe('a product’s HSN code', () => {
  it.each(['4821', '482110', '48211020'])('takes %s (4, 6 or 8 digits)', (code) => {
    const result = validate(productCreateSchema, { ...product, hsnCode: code });
    expect(result.ok && result.data.hsnCode).toBe(code);
  });

  it('trims the spaces around a code', () => {
    const result = validate(productCreateSchema, { ...product, hsnCode: ' 4821 ' });
    expect(result.ok && result.data.hsnCode).toBe('4821');
  });

  it.each([undefined, null, '', '   '])(
    'saves %p as none, so the product takes its category’s code',
    (code) => {
      const result = validate(productCreateSchema, { ...product, hsnCode: code });
      expect(result.ok && result.data.hsnCode).toBeNull();
    },
  );

  it.each(['482', '48211', '4821102', '482110201', '48A1', '4821.10', '4821 10', '٤٨٢١'])(
    "refuses %p with 'HSN code must be 4, 6 or 8 digits'",
    (code) => {
      expect(validate(productCreateSchema, { ...product, hsnCode: code })).toEqual({
        ok: false,
        errors: [{ field: 'hsnCode', message: CATALOG_MESSAGES.hsnCode }],
      });
    },
  );

  it("refuses a number with 'HSN code must be 4, 6 or 8 digits': a code may start with 0", () => {
    expect(validate(productCreateSchema, { ...product, hsnCode: 4821 })).toEqual({
      ok: false,
      errors: [{ field: 'hsnCode', message: CATALOG_MESSAGES.hsnCode }],
    });
  });

  it('leaves the code as it is when an update does not send it, and clears it when sent blank', () => {
    const untouched = validate(productUpdateSchema, { price: 99 });
    expect(untouched.ok && 'hsnCode' in untouched.data).toBe(false);
    const cleared = validate(productUpdateSchema, { hsnCode: '' });
    expect(cleared.ok && cleared.data.hsnCode).toBeNull();
    expect(validate(productUpdateSchema, { hsnCode: '12' })).toMatchObject({
      ok: false,
      errors: [{ field: 'hsnCode', message: CATALOG_MESSAGES.hsnCode }],
    });
  });

  it('is the product’s own code, else its category’s, else printed matter’s 4911', () => {
    expect(hsnCodeOf({ hsnCode: '48211020', category: 'Labels' })).toBe('48211020');
    expect(hsnCodeOf({ hsnCode: null, category: 'Labels' })).toBe('4821');
    expect(hsnCodeOf({ hsnCode: null, category: 'Lanyards' })).toBe('6307');
    expect(hsnCodeOf({ hsnCode: null, category: 'Posters' })).toBe('4911');
  });
});
