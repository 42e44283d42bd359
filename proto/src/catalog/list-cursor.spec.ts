import { encodeListCursor, parseListCursor } from './list-cursor';

const id = '0b8f1d3e-9a55-4c53-a3a8-1f0c7f2b9e10';

describe('list cursor', () => {
  it('round-trips the sort, key and id of the last product shown', () => {
    const cursor = { sort: 'price-desc' as const, key: 49900, id };
    expect(parseListCursor(encodeListCursor(cursor), 'price-desc')).toEqual(cursor);
  });

  it('round-trips a name key outside ASCII, as base64url of its UTF-8 JSON', () => {
    const cursor = { sort: 'name-asc' as const, key: 'डायरी – ā', id };
    const text = encodeListCursor(cursor);
    expect(text).toBe(Buffer.from(JSON.stringify(['name-asc', 'डायरी – ā', id])).toString('base64url'));
    expect(parseListCursor(text, 'name-asc')).toEqual(cursor);
  });

  it('refuses a cursor made for another sort', () => {
    expect(parseListCursor(encodeListCursor({ sort: 'name-asc', key: 'diary', id }), 'newest')).toBeNull();
  });

  it('refuses text that is not a cursor', () => {
    expect(parseListCursor('not-a-cursor', 'name-asc')).toBeNull();
    expect(parseListCursor('%%%', 'name-asc')).toBeNull();
    expect(parseListCursor(Buffer.from('["price-asc","x","y"]').toString('base64url'), 'price-asc')).toBeNull();
  });
});
