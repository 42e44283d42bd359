import { priceLine, PricingOption, pricingOptionsOf } from './pricing';

const gift: PricingOption = {
  optionId: 'gift',
  name: 'Gift wrap',
  type: 'boolean',
  priceModifier: { operator: '+', value: 5000 },
  options: [],
};
const size: PricingOption = {
  optionId: 'size',
  name: 'Size',
  type: 'select',
  priceModifier: null,
  options: [
    { value: 'A5', priceModifier: { operator: '-', value: 2000 } },
    { value: 'A4', priceModifier: { operator: '+', value: 3000 } },
  ],
};
const extras: PricingOption = {
  optionId: 'extras',
  name: 'Extras',
  type: 'multi-select',
  priceModifier: null,
  options: [
    { value: 'Bookmark', priceModifier: { operator: '+', value: 1000 } },
    { value: 'Pen loop', priceModifier: { operator: '+', value: 1500 } },
    { value: 'Plain cover', priceModifier: { operator: '-', value: 500 } },
  ],
};
const engraving: PricingOption = {
  optionId: 'engraving',
  name: 'Engraving text',
  type: 'text',
  priceModifier: { operator: '+', value: 2500 },
  options: [],
};
const options = [gift, size, extras, engraving];
const base = 49_900;

describe('priceLine (storefront spec, "Price of a cart line")', () => {
  it('is the base price when nothing is chosen', () => {
    expect(priceLine(base, options)).toBe(base);
    expect(priceLine(base, options, {})).toBe(base);
    expect(priceLine(base, options, { dynamicCustomizations: {} })).toBe(base);
  });

  it('applies a boolean option only when it is true', () => {
    expect(priceLine(base, options, { dynamicCustomizations: { gift: true } })).toBe(base + 5000);
    expect(priceLine(base, options, { dynamicCustomizations: { gift: false } })).toBe(base);
    expect(priceLine(base, options, { dynamicCustomizations: { gift: { value: true } } })).toBe(base + 5000);
  });

  it('adds or subtracts the chosen select value, given plain or as {value}', () => {
    expect(priceLine(base, options, { dynamicCustomizations: { size: 'A4' } })).toBe(base + 3000);
    expect(priceLine(base, options, { dynamicCustomizations: { size: { value: 'A5' } } })).toBe(base - 2000);
  });

  it('applies each chosen multi-select value once', () => {
    const selection = {
      dynamicCustomizations: { extras: ['Bookmark', 'Pen loop', 'Plain cover', 'Bookmark'] },
    };
    expect(priceLine(base, options, selection)).toBe(base + 1000 + 1500 - 500);
  });

  it('applies a text option modifier when text is given', () => {
    expect(priceLine(base, options, { dynamicCustomizations: { engraving: 'Happy Diwali' } })).toBe(
      base + 2500,
    );
    expect(priceLine(base, options, { dynamicCustomizations: { engraving: '   ' } })).toBe(base);
  });

  it('ignores values and options the product does not offer', () => {
    expect(
      priceLine(base, options, {
        dynamicCustomizations: { size: 'A0', unknown: true, extras: ['Gold leaf'] },
      }),
    ).toBe(base);
  });

  it('sums every option and never goes below zero', () => {
    const all = { dynamicCustomizations: { gift: true, size: 'A4', extras: ['Bookmark'], engraving: 'R' } };
    expect(priceLine(base, options, all)).toBe(base + 5000 + 3000 + 1000 + 2500);
    expect(priceLine(1000, options, { dynamicCustomizations: { size: 'A5' } })).toBe(0);
  });

  it('prices the storefront view in rupees the same as the paise options', () => {
    const view = {
      customizationOptions: [
        {
          optionId: {
            _id: 'size',
            name: 'Size',
            type: 'select' as const,
            description: '',
            priceModifier: null,
            options: [
              { value: 'A4', priceModifier: { type: 'fixed' as const, operator: '+' as const, value: 30 } },
            ],
          },
        },
      ],
    };
    expect(priceLine(base, pricingOptionsOf(view), { dynamicCustomizations: { size: 'A4' } })).toBe(
      base + 3000,
    );
  });
});
