import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { RpcClient } from '@shop/kit';
import { RPC, SearchReply } from '@shop/proto';
import { ADJECTIVES, MATERIALS, NOUNS } from '../../services/catalog/src/seed/generate';
import { Backend, startBackend } from '../harness/backend';
import { amqpUrl } from '../harness/broker';
import { api } from '../harness/http';
import { adminToken, eventually } from './catalog-support';

jest.setTimeout(300_000);

const GENERATED = 4000;

/** Names the generator does not make: marks, scripts, emoji, hyphens, digits, ties once lower-cased. */
const NAMES = [
  'Café Crème Mug',
  'CAFÉ crème mug',
  'डायरी Notebook',
  '🎁 Gift Box',
  'T-Shirt Printing Kit',
  'A5 Diary 2026',
  "O'Neil Steel Bottle",
  'Eco-Friendly Jute Bag',
];

/**
 * What shoppers type: the generator's words whole, cut short and misspelt, alone and in twos and
 * threes; first letters; words of the names above; punctuation; words no product has.
 */
function texts(): string[] {
  const nouns = [...new Set(Object.values(NOUNS).flat())].map((n) => n.toLowerCase().split(' ').pop()!);
  const list = [
    'p',
    'pr',
    'pre',
    'e',
    'ec',
    'eco',
    'eco friendly',
    'café',
    'cafe',
    'crème',
    'डायरी',
    '🎁',
    'gift box',
    't-shirt',
    'tshirt',
    'shirt',
    'a5',
    '2026',
    "o'neil",
    'oneil',
    'the',
    'with',
    'and bottle',
    'zzz unknown',
    'qwxz',
    '  !!  ',
    'lanyard!!',
    'steel, bottle',
    'metal-hook',
  ];
  for (const [i, adjective] of ADJECTIVES.entries()) {
    const material = MATERIALS[i % MATERIALS.length].toLowerCase();
    const a = adjective.toLowerCase();
    const word = nouns[(i * 7) % nouns.length];
    list.push(a, a.slice(0, 3), `${a.slice(0, 2)}${a.slice(3)}`, `${a} ${material}`);
    list.push(`${a} ${material} ${word}`, `${a} ${material} ${word.slice(0, Math.max(3, word.length - 2))}`);
    list.push(`${material} ${word.slice(0, 2)}${word.slice(3)}`, `${word} ${a.slice(0, 4)}`);
  }
  for (const word of nouns)
    list.push(word, `${word}s`, word.slice(0, 4), `${word.slice(0, 1)}${word.slice(2)}`);
  return [...new Set(list)];
}

describe("the search dropdown from the gateway's copy of the product list", () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  let rpc: RpcClient;
  const admin = adminToken();

  const copied = async () =>
    Number(
      /^shop_gateway_product_list_products\{[^}]*\} (\S+)$/m.exec(
        await (await fetch(`${backend.url}/metrics`)).text(),
      )?.[1],
    );
  const settled = () => new Promise((r) => setTimeout(r, 2_500));

  beforeAll(async () => {
    backend = await startBackend({ services: ['catalog'], env: { RATE_LIMIT_PER_MINUTE: '1000000', RPC_TIMEOUT_MS: '2000' } });
    http = api(backend.url);
    rpc = new RpcClient({ AMQP_URL: amqpUrl(), BUS_NAMESPACE: backend.namespace, RPC_TIMEOUT_MS: 10_000 });
    await new Promise<void>((resolve, reject) => {
      const generate = join(__dirname, '..', '..', 'services', 'catalog', 'dist', 'seed', 'generate.js');
      const child = spawn(process.execPath, [generate, String(GENERATED)], {
        env: { ...process.env, ...backend.env, DATABASE_NAME: backend.databases.catalog },
        stdio: 'ignore',
      });
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`generate.js exited with ${code}`)),
      );
    });
    expect(await eventually(copied, (n) => n === GENERATED, 60_000)).toBe(GENERATED);
    const made: string[] = [];
    for (const [i, name] of NAMES.entries()) {
      const res = await http.post(
        '/admin2009/products',
        {
          name,
          brand: 'ms',
          category: 'Gifts',
          price: 100 + i,
          stock: 5,
          description: `${name}: a lanyard for the test.`,
        },
        admin,
      );
      expect(res.status).toBe(201);
      made.push(res.body.product._id);
    }
    const list = await http.get('/products?limit=3&sort=price-desc');
    expect(
      (
        await http.patch(
          `/admin2009/products/${list.body.products[0]._id}`,
          { name: 'Renamed Zephyr Lanyard' },
          admin,
        )
      ).status,
    ).toBe(200);
    expect((await http.delete(`/admin2009/products/${list.body.products[1]._id}`, admin)).status).toBe(200);
    await settled();
    expect(await eventually(copied, (n) => n === GENERATED + NAMES.length - 1)).toBe(
      GENERATED + NAMES.length - 1,
    );
  });
  afterAll(async () => {
    await rpc?.onApplicationShutdown();
    await backend?.stop();
  });

  /** The catalog's answer to each text, as the first test read it. */
  const answers = new Map<string, string>();

  it('answers every text with the same bytes as the catalog', async () => {
    const all = texts();
    expect(all.length).toBeGreaterThanOrEqual(300);
    const lengths: number[] = [];
    for (const q of [...all, 'zephyr', 'renamed lanyard']) {
      const copy = await fetch(`${backend.url}/api/products/search?q=${encodeURIComponent(q)}`);
      const catalog = await rpc.call<SearchReply>(RPC.catalog.productSearch, { q });
      expect({ q, body: await copy.text() }).toEqual({ q, body: JSON.stringify(catalog) });
      answers.set(q, JSON.stringify(catalog));
      lengths.push(catalog.products.length);
    }
    // The comparison means something: full dropdowns, partial ones and empty ones.
    expect(lengths.filter((n) => n === 8).length).toBeGreaterThan(50);
    expect(lengths.filter((n) => n > 0 && n < 8).length).toBeGreaterThan(20);
    expect(lengths.filter((n) => n === 0).length).toBeGreaterThan(2);
  });

  it('answered those from the copy: it answers them alike while the catalog is down', async () => {
    await settled();
    await backend.kill('catalog');
    const fromCatalogOnly: string[] = [];
    try {
      for (const [q, expected] of answers) {
        const res = await fetch(`${backend.url}/api/products/search?q=${encodeURIComponent(q)}`);
        if (res.status === 200) expect({ q, body: await res.text() }).toEqual({ q, body: expected });
        else fromCatalogOnly.push(q);
      }
    } finally {
      await backend.restart('catalog');
    }
    // Ranking names beyond ASCII is left to PostgreSQL (word_similarity's locale and hashing).
    expect(fromCatalogOnly.length).toBeLessThan(answers.size / 20);
  });
});
