import { mergeLines } from './stock.service';

describe('mergeLines', () => {
  it('adds up two lines of one product and orders products by id, so row locks are always taken in the same order', () => {
    const a = '0000000a-0000-4000-8000-000000000000';
    const b = '0000000b-0000-4000-8000-000000000000';
    expect(
      mergeLines([
        { productId: b, quantity: 2 },
        { productId: a, quantity: 1 },
        { productId: b, quantity: 3 },
      ]),
    ).toEqual([
      { productId: a, quantity: 1 },
      { productId: b, quantity: 5 },
    ]);
  });
});
