import { aCustomization } from '../../test/fixtures';
import {
  buildPayload,
  draftFromDefinition,
  draftFromLink,
  HSN_CODE_HINT,
  hsnCodePlaceholder,
  isCompleteReview,
  linkFromDraft,
  mergeDraftWithDefinition,
  productFormSchema,
  toNumber,
  type ReviewDraft,
} from './productForm';

const draft = (patch: Partial<ReviewDraft> = {}): ReviewDraft => ({
  key: 'r1',
  reviewerName: 'Ravi',
  reviewerEmail: 'ravi@example.in',
  reviewerPassword: 'secret',
  rating: 5,
  comment: 'Excellent quality labels',
  ...patch,
});

describe('the product form rules', () => {
  const valid = {
    name: 'Mug',
    brand: 'ms',
    category: 'Drinkware',
    price: '',
    stock: '',
    description: 'Ceramic',
    hsnCode: '',
  };

  it.each([
    ['name', 'Product name is required'],
    ['category', 'Category is required'],
    ['description', 'Description is required'],
  ])('requires the %s with "%s"', (field, message) => {
    const result = productFormSchema.safeParse({ ...valid, [field]: '   ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(message);
  });

  it('accepts only the two brands', () => {
    expect(productFormSchema.safeParse({ ...valid, brand: 'jaksh' }).success).toBe(true);
    expect(productFormSchema.safeParse({ ...valid, brand: 'acme' }).error?.issues[0].message).toBe(
      "Brand must be either 'ms' or 'jaksh'",
    );
  });

  it('refuses a negative price and a fractional stock with the shared messages', () => {
    expect(productFormSchema.safeParse({ ...valid, price: '-1' }).error?.issues[0].message).toBe(
      'Price must be a number of 0 or more',
    );
    expect(productFormSchema.safeParse({ ...valid, stock: '1.5' }).error?.issues[0].message).toBe(
      'Stock must be a whole number of 0 or more',
    );
  });

  it('converts price and stock to numbers, blank meaning 0', () => {
    expect(toNumber('')).toBe(0);
    expect(toNumber(' 12.5 ')).toBe(12.5);
    const payload = buildPayload({ ...valid, brand: 'ms', price: '', stock: '7' }, [], [], []);
    expect(payload.price).toBe(0);
    expect(payload.stock).toBe(7);
  });

  it("takes an HSN code of 4, 6 or 8 digits, or none, and refuses any other with 'HSN code must be 4, 6 or 8 digits'", () => {
    for (const hsnCode of ['', '6912', '691200', '69120010', ' 6912 '])
      expect(productFormSchema.safeParse({ ...valid, hsnCode }).success).toBe(true);
    for (const hsnCode of ['691', '69120', '6912A', '6912.00'])
      expect(productFormSchema.safeParse({ ...valid, hsnCode }).error?.issues[0].message).toBe(
        'HSN code must be 4, 6 or 8 digits',
      );
  });

  it('sends a blank HSN code as none, so the product takes its category’s', () => {
    expect(buildPayload({ ...valid, brand: 'ms', hsnCode: '  ' }, [], [], []).hsnCode).toBeNull();
    expect(buildPayload({ ...valid, brand: 'ms', hsnCode: ' 691200 ' }, [], [], []).hsnCode).toBe('691200');
  });

  it('names the category’s default HSN code, and every documented default in the hint', () => {
    expect(hsnCodePlaceholder('Labels')).toBe('Default for Labels: 4821');
    expect(hsnCodePlaceholder('Posters')).toBe('Default for Posters: 4911');
    expect(hsnCodePlaceholder('')).toBe("Default: the category's code");
    expect(HSN_CODE_HINT).toBe(
      "4, 6 or 8 digits. Leave blank for the category's default: Lanyards 6307, Labels 4821, Stickers 4821, Drinkware 6912, Stationery 4820, Gifts 4420, any other category 4911.",
    );
  });
});

describe('new admin-authored reviews', () => {
  it('are sent only when email, password, rating and comment are all present', () => {
    expect(isCompleteReview(draft())).toBe(true);
    expect(isCompleteReview(draft({ reviewerName: '' }))).toBe(true);
    expect(isCompleteReview(draft({ reviewerEmail: ' ' }))).toBe(false);
    expect(isCompleteReview(draft({ reviewerPassword: '' }))).toBe(false);
    expect(isCompleteReview(draft({ rating: 0 }))).toBe(false);
    expect(isCompleteReview(draft({ comment: '' }))).toBe(false);
  });
});

describe('customization links', () => {
  const size = aCustomization({
    name: 'Size',
    type: 'select',
    priceModifier: null,
    options: [
      { value: 'Small', priceModifier: { type: 'fixed', operator: '+', value: 0 } },
      { value: 'Large', priceModifier: { type: 'fixed', operator: '+', value: 20 } },
    ],
  });
  const wrap = aCustomization({
    name: 'Gift Wrap',
    type: 'boolean',
    priceModifier: { type: 'fixed', operator: '+', value: 50 },
  });

  it('start from the library modifiers and send option modifiers for select types', () => {
    const link = linkFromDraft(draftFromDefinition(size), 'select');
    expect(link).toEqual({
      optionId: size._id,
      enabled: true,
      priceModifier: null,
      options: [
        { value: 'Small', priceModifier: { type: 'fixed', operator: '+', value: 0 } },
        { value: 'Large', priceModifier: { type: 'fixed', operator: '+', value: 20 } },
      ],
    });
  });

  it('send one modifier for boolean options, with the amount as a number', () => {
    const edited = { ...draftFromDefinition(wrap), priceModifier: { operator: '-' as const, value: '15.5' } };
    expect(linkFromDraft(edited, 'boolean')).toEqual({
      optionId: wrap._id,
      enabled: true,
      priceModifier: { type: 'fixed', operator: '-', value: 15.5 },
      options: null,
    });
  });

  it("keep the product's own modifiers when reopening it", () => {
    const restored = draftFromLink(
      { optionId: wrap._id, enabled: true, priceModifier: { type: 'fixed', operator: '+', value: 80 } },
      wrap,
    );
    expect(restored.priceModifier).toEqual({ operator: '+', value: '80' });
  });

  it('follow an edited definition, keeping the product modifiers of values that remain', () => {
    const current = draftFromDefinition(size);
    current.options[1].modifier = { operator: '+', value: '35' };
    const edited = {
      ...size,
      options: [
        { value: 'Large', priceModifier: { type: 'fixed' as const, operator: '+' as const, value: 20 } },
        { value: 'XL', priceModifier: { type: 'fixed' as const, operator: '+' as const, value: 40 } },
      ],
    };
    expect(mergeDraftWithDefinition(current, edited).options).toEqual([
      { value: 'Large', modifier: { operator: '+', value: '35' } },
      { value: 'XL', modifier: { operator: '+', value: '40' } },
    ]);
  });
});
