import { RpcError } from '@shop/kit';
import { CATALOG_REPLY_TTL_MS, CatalogReplyCache } from './catalog-reply-cache';

describe('CatalogReplyCache', () => {
  afterEach(() => jest.useRealTimers());

  it('answers a repeated read from memory until the TTL passes', async () => {
    jest.useFakeTimers();
    const cache = new CatalogReplyCache();
    const load = jest.fn().mockResolvedValueOnce('first').mockResolvedValueOnce('second');
    expect(await cache.get('k', load)).toBe('first');
    expect(await cache.get('k', load)).toBe('first');
    jest.advanceTimersByTime(CATALOG_REPLY_TTL_MS + 1);
    expect(await cache.get('k', load)).toBe('second');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('makes one call for concurrent misses of the same key', async () => {
    const cache = new CatalogReplyCache();
    let resolve!: (v: string) => void;
    const load = jest.fn(() => new Promise<string>((r) => (resolve = r)));
    const both = Promise.all([cache.get('k', load), cache.get('k', load)]);
    resolve('once');
    expect(await both).toEqual(['once', 'once']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never keeps a failure', async () => {
    const cache = new CatalogReplyCache();
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it('drops everything after a change, and does not keep an answer that set out before it', async () => {
    const cache = new CatalogReplyCache();
    await cache.get('k', async () => 'old');
    let resolve!: (v: string) => void;
    const inFlight = cache.get('slow', () => new Promise<string>((r) => (resolve = r)));
    await cache.afterChange(Promise.resolve('saved'));
    resolve('from before the change');
    await inFlight;
    expect(await cache.get('k', async () => 'new')).toBe('new');
    expect(await cache.get('slow', async () => 'fresh')).toBe('fresh');
  });

  it('keeps answers when a change is refused, drops them when it may have landed', async () => {
    const cache = new CatalogReplyCache();
    await cache.get('k', async () => 'kept');
    await expect(
      cache.afterChange(Promise.reject(RpcError.badRequest('Product name is required'))),
    ).rejects.toThrow();
    expect(await cache.get('k', async () => 'other')).toBe('kept');
    await expect(cache.afterChange(Promise.reject(RpcError.unavailable('timeout')))).rejects.toThrow();
    expect(await cache.get('k', async () => 'reloaded')).toBe('reloaded');
  });

  it('forgets one answer, keeps the others, and does not keep that one if it was on its way', async () => {
    const cache = new CatalogReplyCache();
    await cache.get('product:a', async () => 'old a');
    await cache.get('product:b', async () => 'b');
    let resolve!: (v: string) => void;
    const inFlight = cache.get('product:c', () => new Promise<string>((r) => (resolve = r)));
    cache.forget('product:a');
    cache.forget('product:c');
    resolve('old c');
    await inFlight;
    expect(await cache.get('product:a', async () => 'new a')).toBe('new a');
    expect(await cache.get('product:b', async () => 'other')).toBe('b');
    expect(await cache.get('product:c', async () => 'new c')).toBe('new c');
  });

  it('tells its listeners whenever answers are dropped, by a change, a forgotten answer or a clear', async () => {
    const cache = new CatalogReplyCache();
    const dropped = jest.fn();
    cache.onDrop(dropped);
    await cache.afterChange(Promise.resolve('saved'));
    cache.forget('product:a');
    cache.clear();
    expect(dropped).toHaveBeenCalledTimes(3);
    await expect(
      cache.afterChange(Promise.reject(RpcError.badRequest('Product name is required'))),
    ).rejects.toThrow();
    expect(dropped).toHaveBeenCalledTimes(3);
  });
});
