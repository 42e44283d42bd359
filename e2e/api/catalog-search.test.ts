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

  describe('GET /products?search=: the products page search', () => {
    const listed = async (query: string) => {
      const res = await http.get(`/products?${query}`);
      expect(res.status).toBe(200);
      return res.body as { products: { name: string; price: number }[]; total: number; hasMore: boolean; nextCursor: string | null };
    };

    beforeAll(async () => {
      for (const [i, name] of ['Bamboo Desk Diary', 'Steel Pocket Diary', 'Pocket Notebook Diary Edition'].entries()) {
        const res = await http.post(
          '/admin2009/products',
          productPayload({ name, brand: 'jaksh', category: 'Diaries', description: 'A diary.', price: 300 + 100 * i, tags: [] }),
          admin,
        );
        ids[name] = res.body.product._id;
      }
      const hindi = await http.post(
        '/admin2009/products',
        productPayload({ name: 'डायरी उपहार सेट', brand: 'jaksh', category: 'Stationery', description: 'हाथ से बनी डायरी', tags: [] }),
        admin,
      );
      ids.hindi = hindi.body.product._id;
    });

    it('finds products by a word of the name, description, category or tags, with the filters and the sort asked', async () => {
      const found = await listed('search=diary&brand=jaksh&category=diaries&maxPrice=450&sort=price-desc');
      expect(found.products.map((p) => p.name)).toEqual(['Steel Pocket Diary', 'Bamboo Desk Diary']);
      expect(found.total).toBe(2);
      const byDescription = await listed('search=rainbow%20sheen');
      expect(byDescription.products.map((p) => p.name)).toEqual(['Holographic Stickers']);
    });

    it('matches every word typed, each anywhere in the product', async () => {
      expect((await listed('search=pocket%20diary&sort=name-asc')).products.map((p) => p.name)).toEqual([
        'Pocket Notebook Diary Edition',
        'Steel Pocket Diary',
      ]);
      expect((await listed('search=leather%20rainbow')).products).toEqual([]);
    });

    it('corrects a misspelt word against the names, and takes a word cut short as its start', async () => {
      expect((await listed('search=lanyrd&sort=name-asc')).products.map((p) => p.name)).toEqual([
        'Custom Printed Lanyard',
        'Satin Lanyard with Metal Hook',
      ]);
      expect((await listed('search=holog')).products.map((p) => p.name)).toEqual(['Holographic Stickers']);
    });

    it('pages a search by cursor without repeating or skipping, with the total of every match', async () => {
      const first = await listed('search=diary&limit=2&sort=name-asc');
      const all = (await listed('search=diary&limit=100&sort=name-asc')).products.map((p) => p.name);
      expect(first.total).toBe(all.length);
      expect(all.length).toBeGreaterThan(4);
      const walked = first.products.map((p) => p.name);
      let cursor = first.nextCursor;
      for (let page = 2; cursor; page++) {
        const next = await listed(`search=diary&limit=2&sort=name-asc&page=${page}&cursor=${cursor}`);
        walked.push(...next.products.map((p) => p.name));
        expect(next.total).toBe(all.length);
        cursor = next.nextCursor;
      }
      expect(walked).toEqual(all);
    });

    it('searches names beyond ASCII, in the list and the dropdown', async () => {
      expect((await listed(`search=${encodeURIComponent('डायरी')}`)).products.map((p) => p.name)).toEqual([
        'डायरी उपहार सेट',
      ]);
      expect(names(await search('डायर'))).toEqual(['डायरी उपहार सेट']);
    });

    it('shows a rename at once: found by the new name, no longer by the old one', async () => {
      expect((await listed('search=bamboo')).products.map((p) => p.name)).toEqual(['Bamboo Desk Diary']);
      await http.patch(`/admin2009/products/${ids['Bamboo Desk Diary']}`, { name: 'Cedar Desk Planner' }, admin);
      expect((await listed('search=planner')).products.map((p) => p.name)).toEqual(['Cedar Desk Planner']);
      expect(names(await search('cedar desk pla'))).toEqual(['Cedar Desk Planner']);
      expect((await listed('search=bamboo')).products).toEqual([]);
      expect(await search('bamboo')).toEqual([]);
    });

    it('answers no products for symbol-only text, and refuses text over 100 characters', async () => {
      expect(await listed('search=%26%7C!')).toMatchObject({ products: [], total: 0, hasMore: false });
      const long = await http.get(`/products?search=${'a'.repeat(101)}`);
      expect(long.status).toBe(400);
    });
  });
});
