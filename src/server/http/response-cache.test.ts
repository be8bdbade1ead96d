import { describe, expect, it } from 'vitest';
import {
  type CachedResponse,
  etagMatches,
  jsonResponse,
  ResponseCache,
  type ResponseCacheOptions,
} from './response-cache';

const response = (text: string): CachedResponse => jsonResponse({ text });
/** A cache on a clock the test moves: 5 s TTL, then 5 s in which a stale entry may be served. */
function clockedCache(options: Partial<ResponseCacheOptions> = {}) {
  const clock = { now: 1_000 };
  const cache = new ResponseCache({
    ttlMs: 5_000,
    staleMs: 5_000,
    maxEntries: 10,
    maxBytes: 1e6,
    now: () => clock.now,
    ...options,
  });
  return { cache, clock };
}

describe('ResponseCache', () => {
  it('serves a hit without loading again, until the TTL passes', async () => {
    let now = 1_000;
    const cache = new ResponseCache({ ttlMs: 5_000, maxEntries: 10, maxBytes: 1e6, now: () => now });
    let loads = 0;
    const load = async () => response(`v${++loads}`);
    expect((await cache.get('k', load))?.body.toString()).toBe('{"text":"v1"}');
    now += 4_999;
    expect((await cache.get('k', load))?.body.toString()).toBe('{"text":"v1"}');
    now += 1;
    expect((await cache.get('k', load))?.body.toString()).toBe('{"text":"v2"}');
    expect(loads).toBe(2);
  });

  it('serves a stale entry while one background refresh runs, then the refreshed one', async () => {
    const { cache, clock } = clockedCache();
    let loads = 0;
    let release!: () => void;
    const load = async () => {
      loads++;
      if (loads > 1) await new Promise<void>((resolve) => (release = resolve));
      return response(`v${loads}`);
    };
    await cache.get('k', load);
    clock.now += 6_000; // expired, within its stale time
    const during = await Promise.all(Array.from({ length: 5 }, () => cache.get('k', load)));
    expect(during.map((r) => r?.body.toString())).toEqual(Array(5).fill('{"text":"v1"}'));
    expect(cache.lookup('k')).toBeUndefined(); // not fresh: the hot path does not serve it
    expect(loads).toBe(2); // one refresh for all of them
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect((await cache.get('k', load))?.body.toString()).toBe('{"text":"v2"}');
    expect(loads).toBe(2);
  });

  it('refreshes at most maxRefreshes entries at a time, serving the others stale until their turn', async () => {
    const { cache, clock } = clockedCache({ maxRefreshes: 1 });
    await cache.get('a', async () => response('a1'));
    await cache.get('b', async () => response('b1'));
    clock.now += 6_000;
    let release!: () => void;
    const slow = async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return response('a2');
    };
    let bLoads = 0;
    const b2 = async () => {
      bLoads++;
      return response('b2');
    };
    expect((await cache.get('a', slow))?.body.toString()).toBe('{"text":"a1"}');
    expect((await cache.get('b', b2))?.body.toString()).toBe('{"text":"b1"}');
    expect(bLoads).toBe(0); // over the limit: not refreshed now
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect((await cache.get('a', slow))?.body.toString()).toBe('{"text":"a2"}');
    expect((await cache.get('b', b2))?.body.toString()).toBe('{"text":"b1"}');
    await new Promise((r) => setTimeout(r, 0));
    expect(bLoads).toBe(1);
    expect((await cache.get('b', b2))?.body.toString()).toBe('{"text":"b2"}');
  });

  it('keeps the response it holds when a refresh finds the same one (its compressed forms stay valid)', async () => {
    const { cache, clock } = clockedCache();
    const first = await cache.get('k', async () => response('same'));
    clock.now += 5_000;
    await cache.get('k', async () => response('same')); // stale: refreshed in the background
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.lookup('k')).toBe(first); // fresh again, and the very same object
    clock.now += 5_000;
    await cache.get('k', async () => jsonResponse({ text: 'same' }, { 'X-Total-Count': '3' }));
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.lookup('k')?.headers).toEqual({ 'X-Total-Count': '3' });
  });

  it('waits for the loader once an entry is past its stale time', async () => {
    const { cache, clock } = clockedCache();
    let loads = 0;
    const load = async () => response(`v${++loads}`);
    await cache.get('k', load);
    clock.now += 10_000;
    expect((await cache.get('k', load))?.body.toString()).toBe('{"text":"v2"}');
  });

  it('keeps serving the stale entry when a refresh fails, and drops it when the refresh finds nothing', async () => {
    const { cache, clock } = clockedCache();
    await cache.get('k', async () => response('v1'));
    clock.now += 6_000;
    const failing = async (): Promise<CachedResponse> => {
      throw new Error('database down');
    };
    expect((await cache.get('k', failing))?.body.toString()).toBe('{"text":"v1"}');
    await new Promise((r) => setTimeout(r, 0)); // the failed refresh settles without an unhandled rejection
    expect((await cache.get('k', async () => null))?.body.toString()).toBe('{"text":"v1"}');
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.size).toBe(0); // gone (e.g. removed by an import): the next request sees that
    expect(await cache.get('k', async () => null)).toBeNull();
  });

  it('coalesces concurrent misses of one key into one load, and keeps keys apart', async () => {
    const cache = new ResponseCache({ ttlMs: 5_000, maxEntries: 10, maxBytes: 1e6 });
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const load = (value: string) => async () => {
      loads++;
      await gate;
      return response(value);
    };
    const same = Array.from({ length: 20 }, () => cache.get('a', load('a')));
    const other = cache.get('b', load('b'));
    release();
    const results = await Promise.all(same);
    expect(loads).toBe(2);
    expect(new Set(results.map((r) => r?.body.toString()))).toEqual(new Set(['{"text":"a"}']));
    expect((await other)?.body.toString()).toBe('{"text":"b"}');
  });

  it('does not cache failures or not-found answers', async () => {
    const cache = new ResponseCache({ ttlMs: 5_000, maxEntries: 10, maxBytes: 1e6 });
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => null)).toBeNull();
    expect((await cache.get('k', async () => response('ok')))?.body.toString()).toBe('{"text":"ok"}');
  });

  it('evicts the least recently used entry past maxEntries or maxBytes', async () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxEntries: 3, maxBytes: 1e6 });
    for (const k of ['a', 'b', 'c']) await cache.get(k, async () => response(k));
    cache.lookup('a'); // a is now the most recently used
    await cache.get('d', async () => response('d'));
    expect(cache.size).toBe(3);
    expect(cache.lookup('b')).toBeUndefined();
    expect(cache.lookup('a')).toBeDefined();

    const small = new ResponseCache({ ttlMs: 60_000, maxEntries: 100, maxBytes: 40 });
    await small.get('x', async () => response('x'.repeat(10))); // 24 bytes
    await small.get('y', async () => response('y'.repeat(10)));
    expect(small.lookup('x')).toBeUndefined();
    expect(small.lookup('y')).toBeDefined();
    await small.get('huge', async () => response('z'.repeat(100)));
    expect(small.lookup('huge')).toBeUndefined(); // larger than the whole budget: served, not stored
  });
});

describe('ETag', () => {
  it('is a strong tag of the bytes; If-None-Match compares weakly and accepts lists and *', () => {
    const a = jsonResponse([1]);
    expect(a.etag).toBe(jsonResponse([1]).etag);
    expect(a.etag).not.toBe(jsonResponse([2]).etag);
    expect(etagMatches(a.etag, a.etag)).toBe(true);
    expect(etagMatches(`W/${a.etag}`, a.etag)).toBe(true);
    expect(etagMatches(`"x", ${a.etag}`, a.etag)).toBe(true);
    expect(etagMatches('*', a.etag)).toBe(true);
    expect(etagMatches('"x"', a.etag)).toBe(false);
    expect(etagMatches(undefined, a.etag)).toBe(false);
  });
});
