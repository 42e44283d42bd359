import { SearchHit } from '@shop/proto';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken, productPayload } from './catalog-support';

jest.setTimeout(60_000);

describe('GET /products/search: the header dropdown', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  const admin = adminToken();
  const ids: Record<string, string> = {};

  const names = (hits: SearchHit[]) => hits.map((h) => h.name);
  const search = async (q: string) => {
    const res = await http.get(`/products/search?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return res.body.products as SearchHit[];
  };

  beforeAll(async () => {
    backend = await startBackend({ services: ['catalog'], env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    http = api(backend.url);
    const catalog = [
      {
        name: 'Custom Printed Lanyard',
        brand: 'ms',
        category: 'Lanyards',
        description: 'Polyester strap printed with your logo.',
      },
      {
        name: 'Satin Lanyard with Metal Hook',
        brand: 'ms',
        category: 'Lanyards',
        description: 'Smooth satin finish for events.',
      },
      {
        name: 'Retractable Badge Reel',
        brand: 'ms',
        category: 'Lanyards',
        description: 'Clips to any lanyard or belt; holds an ID card.',
      },
      {
        name: 'Waterproof Vinyl Labels',
        brand: 'ms',
        category: 'Labels',
        description: 'Roll labels for bottles and jars.',
      },
      {
        name: 'Holographic Stickers',
        brand: 'ms',
        category: 'Stickers',
        description: 'Die-cut stickers with a rainbow sheen.',
      },
      {
        name: 'Leather Diary A5',
        brand: 'jaksh',
        category: 'Stationery',
        description: 'Hand-stitched cover, 200 pages.',
      },
      {
        name: 'Diary Refill Pack',
        brand: 'jaksh',
        category: 'Stationery',
        description: 'Ruled inserts for ring binders.',
      },
      {
        name: 'Kraft Paper Notebook',
        brand: 'jaksh',
        category: 'Stationery',
        description: 'Plain pages; keep it as a travel diary or sketchbook.',
      },
      {
        name: 'Floral Stickers Sheet',
        brand: 'jaksh',
        category: 'Stickers',
        description: 'Twelve watercolour flowers.',
      },
      {
        name: 'Ceramic Coffee Mug',
        brand: 'jaksh',
        category: 'Drinkware',
        description: 'Printed with a name of your choice.',
      },
      { name: 'Discontinued Diary', brand: 'jaksh', category: 'Stationery', description: 'No longer sold.' },
    ];
    for (const p of catalog) {
      const res = await http.post(
        '/admin2009/products',
        productPayload({ ...p, price: 199, tags: [] }),
        admin,
      );
      expect(res.status).toBe(201);
      ids[p.name] = res.body.product._id;
    }
    await http.delete(`/admin2009/products/${ids['Discontinued Diary']}`, admin);
  });
  afterAll(() => backend?.stop());

  it('answers each hit as {_id, name, images, price, brand}', async () => {
    const [hit] = await search('ceramic');
    expect(hit).toEqual({
      _id: ids['Ceramic Coffee Mug'],
      name: 'Ceramic Coffee Mug',
      images: [],
      price: 199,
      brand: 'jaksh',
    });
  });

  it('finds lanyards when a shopper types "lanyrd"', async () => {
    const hits = names(await search('lanyrd'));
    expect(hits.slice(0, 2).sort()).toEqual(['Custom Printed Lanyard', 'Satin Lanyard with Metal Hook']);
  });

  it('finds diaries from the first letters "diar", names that start with the text first', async () => {
    const hits = names(await search('diar'));
    expect(hits.slice(0, 2)).toEqual(['Diary Refill Pack', 'Leather Diary A5']);
  });

  it('matches a word start anywhere in the name, in any case', async () => {
    expect(names(await search('LEATH'))).toEqual(['Leather Diary A5']);
    expect(names(await search('stickers')).sort()).toEqual(['Floral Stickers Sheet', 'Holographic Stickers']);
  });

  it('finds singular names from a plural query', async () => {
    expect(names(await search('diaries'))).toContain('Leather Diary A5');
  });

  it('searches both brands', async () => {
    const hits = await search('stickers');
    expect(hits.map((h) => h.brand).sort()).toEqual(['jaksh', 'ms']);
    expect((await search('lanyard')).every((h) => h.brand === 'ms')).toBe(true);
    expect((await search('diary')).some((h) => h.brand === 'jaksh')).toBe(true);
  });

  it('ranks name matches before description matches', async () => {
    expect(names(await search('lanyard'))).toEqual([
      'Custom Printed Lanyard',
      'Satin Lanyard with Metal Hook',
      'Retractable Badge Reel',
    ]);
    const diary = names(await search('diary'));
    expect(diary.indexOf('Kraft Paper Notebook')).toBeGreaterThan(diary.indexOf('Leather Diary A5'));
    expect(diary.indexOf('Kraft Paper Notebook')).toBeGreaterThan(diary.indexOf('Diary Refill Pack'));
  });

  it('narrows with every word typed', async () => {
    expect(names(await search('leather diar'))).toEqual(['Leather Diary A5']);
  });

  it('never shows a deleted product', async () => {
    expect(names(await search('discontinued'))).toEqual([]);
    expect(names(await search('diary'))).not.toContain('Discontinued Diary');
  });

  it('answers at most 8 products', async () => {
    for (let i = 0; i < 10; i++) {
      await http.post(
        '/admin2009/products',
        productPayload({ name: `Spiral Notebook ${i}`, brand: 'jaksh', category: 'Stationery', tags: [] }),
        admin,
      );
    }
    expect(await search('spiral')).toHaveLength(8);
  });

  it('answers an empty list for blank or symbol-only text, and refuses text over 100 characters', async () => {
    expect(await search('')).toEqual([]);
    expect(await search(" &|!:*' ")).toEqual([]);
    const long = await http.get(`/products/search?q=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Search text must be at most 100 characters');
  });
});
