import { BRANDS, HOME_CATEGORIES } from '@shop/proto';
import { DRAWINGS } from './product-drawings';
import { kindOf, PRODUCT_KINDS } from './product-kinds';
import { SEED_PRODUCTS } from './seed-data';

describe('product kinds', () => {
  it('gives every seeded product a kind that has a drawing', () => {
    const seeded = HOME_CATEGORIES.flatMap((category) =>
      BRANDS.flatMap((brand) => SEED_PRODUCTS[category][brand].map(([name]) => ({ name, category }))),
    );
    expect(seeded.length).toBeGreaterThanOrEqual(120);
    for (const { name, category } of seeded) {
      const kind = kindOf(name, category);
      expect(PRODUCT_KINDS).toContain(kind);
      expect(DRAWINGS[kind]).toBeDefined();
    }
  });

  it('has a drawing for every kind', () => {
    expect(Object.keys(DRAWINGS).sort()).toEqual([...PRODUCT_KINDS].sort());
  });

  it.each([
    ['Waterproof Vinyl Roll Labels', 'Labels', 'label-roll'],
    ['Kids Name Labels Pack', 'Labels', 'label-sheet'],
    ['Eco Kraft Gift Tags', 'Labels', 'tag'],
    ['Event Badge Stickers', 'Stickers', 'sticker'],
    ['Retractable Badge Reel', 'Lanyards', 'lanyard'],
    ['Pearl Chain Badge Lanyard', 'Lanyards', 'lanyard'],
    ['Ceramic Coffee Mug with Logo', 'Drinkware', 'mug'],
    ['Paper Cups Printed', 'Drinkware', 'mug'],
    ['Stainless Steel Water Bottle', 'Drinkware', 'bottle'],
    ['Executive Diary 2026', 'Stationery', 'diary'],
    ['Corporate Spiral Notebook', 'Stationery', 'notebook'],
    ['Branded Ball Pen', 'Stationery', 'pen'],
    ['Calligraphy Name Tags', 'Labels', 'tag'],
    ['Custom Name Keychain', 'Gifts', 'tag'],
    ['Award Trophy Acrylic', 'Gifts', 'trophy'],
    ['Enamel Lapel Pin', 'Gifts', 'badge'],
    ['Corporate Welcome Kit', 'Gifts', 'gift-box'],
  ] as const)('reads "%s" (%s) as a %s', (name, category, kind) => {
    expect(kindOf(name, category)).toBe(kind);
  });
});
