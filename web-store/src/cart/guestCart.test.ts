import {
  addToLines,
  itemCount,
  productIdOf,
  readGuestCart,
  setLineQuantity,
  type CartLine,
  type CartProduct,
} from './guestCart';

const pen: CartProduct = { _id: 'p-pen', name: 'Pen', price: 50 };
const now = new Date('2025-01-01T00:00:00Z');
let n = 0;
const newId = () => `line-${++n}`;

describe('the guest cart', () => {
  it('adds to the existing line when product and customization are identical, whatever the key order', () => {
    let lines = addToLines([], pen, 1, { size: 'A5', comments: 'blue' }, now, newId);
    lines = addToLines(lines, pen, 2, { comments: 'blue', size: 'A5' }, now, newId);
    expect(lines).toHaveLength(1);
    expect(lines[0].quantity).toBe(3);
  });

  it('keeps a separate line for the same product with a different customization', () => {
    let lines = addToLines([], pen, 1, {}, now, newId);
    lines = addToLines(lines, pen, 1, { size: 'A4' }, now, newId);
    expect(lines).toHaveLength(2);
    expect(itemCount(lines)).toBe(2);
  });

  it('removes a line whose quantity is set to zero or below', () => {
    const lines = addToLines(
      addToLines([], pen, 1, {}, now, newId),
      { ...pen, _id: 'p-2' },
      1,
      {},
      now,
      newId,
    );
    expect(setLineQuantity(lines, lines[0]._id, 0).map((l) => l.productId)).toEqual(['p-2']);
    expect(setLineQuantity(lines, lines[1]._id, -3).map((l) => l.productId)).toEqual(['p-pen']);
    expect(setLineQuantity(lines, lines[0]._id, 5)[0].quantity).toBe(5);
  });

  it('drops stored lines lacking a product with an id on load', () => {
    const stored = [
      { _id: 'a', product: { _id: 'p1', name: 'One', price: 10 }, quantity: 2, customization: {} },
      { _id: 'b', product: null, quantity: 1 },
      { _id: 'c', product: { name: 'No id' }, quantity: 1 },
      { _id: 'd', quantity: 1 },
    ];
    const lines: CartLine[] = readGuestCart(JSON.stringify(stored));
    expect(lines.map((l) => l._id)).toEqual(['a']);
    expect(lines[0].productId).toBe('p1');
  });

  it('reads unreadable storage as an empty cart', () => {
    expect(readGuestCart('{not json')).toEqual([]);
    expect(readGuestCart(null)).toEqual([]);
    expect(readGuestCart('{"a":1}')).toEqual([]);
  });

  it('accepts a product id as a string or an object with _id, and nothing else', () => {
    expect(productIdOf('p1')).toBe('p1');
    expect(productIdOf({ _id: 'p2' })).toBe('p2');
    expect(productIdOf({})).toBeNull();
    expect(productIdOf('')).toBeNull();
    expect(productIdOf(undefined)).toBeNull();
  });
});
