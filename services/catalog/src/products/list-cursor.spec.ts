import { RpcError } from '@shop/kit';
import { encodeListCursor as encodeCursor } from '@shop/proto';
import { decodeCursor } from './list-cursor';

const id = '0b8f1d3e-9a55-4c53-a3a8-1f0c7f2b9e10';

describe('list cursor', () => {
  it("refuses a cursor made for another sort with 'Invalid cursor'", () => {
    const text = encodeCursor({ sort: 'name-asc', key: 'diary', id });
    expect(() => decodeCursor(text, 'newest')).toThrow(RpcError);
    expect(() => decodeCursor(text, 'newest')).toThrow('Invalid cursor');
  });

  it('refuses text that is not a cursor', () => {
    expect(() => decodeCursor('not-a-cursor', 'name-asc')).toThrow('Invalid cursor');
    expect(() =>
      decodeCursor(Buffer.from('["price-asc","x","y"]').toString('base64url'), 'price-asc'),
    ).toThrow('Invalid cursor');
  });
});
