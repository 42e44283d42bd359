import type { CatalogConfig } from '../config/catalog-config';
import { ReadCache } from './read-cache';

const cacheFor = (ms: number) => new ReadCache({ READ_CACHE_MS: ms } as CatalogConfig);

describe('ReadCache', () => {
  afterEach(() => jest.useRealTimers());

  it('reuses an answer for the TTL, then computes it again', async () => {
    jest.useFakeTimers();
    const cache = cacheFor(1000);
    const compute = jest.fn().mockResolvedValueOnce(1).mockResolvedValueOnce(2);
    expect(await cache.get('total:ms', compute)).toBe(1);
    expect(await cache.get('total:ms', compute)).toBe(1);
    jest.advanceTimersByTime(1001);
    expect(await cache.get('total:ms', compute)).toBe(2);
  });

  it('forgets everything when this instance changes something a shopper sees', async () => {
    const cache = cacheFor(60_000);
    await cache.get('product:1', async () => 'old');
    cache.clear();
    expect(await cache.get('product:1', async () => 'new')).toBe('new');
  });

  it('does not keep an answer read before a change that landed while it was being read', async () => {
    const cache = cacheFor(60_000);
    let finishRead!: (value: string) => void;
    const slowRead = cache.get('product:3', () => new Promise<string>((resolve) => (finishRead = resolve)));
    cache.clear();
    finishRead('2 in stock');
    expect(await slowRead).toBe('2 in stock');
    expect(await cache.get('product:3', async () => '0 in stock')).toBe('0 in stock');
  });

  it('never keeps a failure, and keeps nothing with a TTL of 0', async () => {
    const cache = cacheFor(0);
    await expect(cache.get('product:2', () => Promise.reject(new Error('not found')))).rejects.toThrow(
      'not found',
    );
    await cache.get('product:2', async () => 'a');
    expect(await cache.get('product:2', async () => 'b')).toBe('b');
  });

  it('computes only the keys it does not hold, together, and answers them in the order asked', async () => {
    const cache = cacheFor(60_000);
    await cache.get('word:mug', async () => 'mug query');
    const compute = jest.fn(async (missing: string[]) => missing.map((key) => `${key.slice(5)} query`));
    expect(await cache.getMany(['word:diary', 'word:mug', 'word:diary'], compute)).toEqual([
      'diary query',
      'mug query',
      'diary query',
    ]);
    expect(compute).toHaveBeenCalledTimes(1);
    expect(compute).toHaveBeenCalledWith(['word:diary']);
    expect(await cache.getMany(['word:diary'], compute)).toEqual(['diary query']);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('evicts the entry used longest ago when full', async () => {
    const cache = cacheFor(60_000);
    await cache.get('word:mug', async () => 'mug query');
    for (let i = 0; i < 999; i++) {
      await cache.get(`list:${i}`, async () => i);
      await cache.get('word:mug', async () => 'asked again');
    }
    await cache.get('list:last', async () => 'last');
    expect(await cache.get('word:mug', async () => 'asked again')).toBe('mug query');
    expect(await cache.get('list:0', async () => 'asked again')).toBe('asked again');
  });
});
