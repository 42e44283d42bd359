import { aProduct } from '../../test/fixtures';
import { descriptionPreview, existingCategories, filterProducts, summarize } from './productList';

describe('the products summary cards', () => {
  it('count all products, MS, Jaksh, low stock (1 to 10) and out of stock (0)', () => {
    const products = [
      aProduct({ brand: 'ms', stock: 0 }),
      aProduct({ brand: 'ms', stock: 1 }),
      aProduct({ brand: 'jaksh', stock: 10 }),
      aProduct({ brand: 'jaksh', stock: 11 }),
      aProduct({ brand: 'jaksh', stock: 500 }),
    ];
    expect(summarize(products)).toEqual({ total: 5, ms: 2, jaksh: 3, lowStock: 2, outOfStock: 1 });
  });
});

describe('the products search and stock filter', () => {
  const lanyard = aProduct({
    name: 'Printed Lanyard',
    description: 'Polyester strap',
    category: 'Lanyards',
    stock: 50,
  });
  const mug = aProduct({
    name: 'Coffee Mug',
    description: 'Ceramic, dishwasher safe',
    category: 'Drinkware',
    stock: 4,
  });
  const diary = aProduct({ name: 'Diary', description: 'A5 hardbound', category: 'Stationery', stock: 0 });
  const all = [lanyard, mug, diary];

  it('matches the name, description or category, ignoring case', () => {
    expect(filterProducts(all, 'MUG', 'all')).toEqual([mug]);
    expect(filterProducts(all, 'hardbound', 'all')).toEqual([diary]);
    expect(filterProducts(all, 'lanyards', 'all')).toEqual([lanyard]);
  });

  it('keeps only the chosen stock level', () => {
    expect(filterProducts(all, '', 'in')).toEqual([lanyard]);
    expect(filterProducts(all, '', 'low')).toEqual([mug]);
    expect(filterProducts(all, '', 'out')).toEqual([diary]);
    expect(filterProducts(all, 'diary', 'low')).toEqual([]);
  });
});

describe('the description preview', () => {
  it('shows the first 50 characters', () => {
    const text = 'x'.repeat(49) + 'yz';
    expect(descriptionPreview(text)).toBe(`${'x'.repeat(49)}y...`);
    expect(descriptionPreview('short')).toBe('short');
  });
});

describe('the category list', () => {
  it('lists each category in use once, sorted, without blanks', () => {
    expect(
      existingCategories([
        aProduct({ category: 'Mugs' }),
        aProduct({ category: '' }),
        aProduct({ category: 'Labels' }),
        aProduct({ category: 'Mugs' }),
      ]),
    ).toEqual(['Labels', 'Mugs']);
  });
});
