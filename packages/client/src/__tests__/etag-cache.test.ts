import { describe, expect, it } from 'vitest';
import { createClient } from '../client.js';
import { EtagCache } from '../etag-cache.js';
import { fakeFetch, json, KEY } from './fake-fetch.js';

const entry = (bytes: number, storedAt = 0) => ({ etag: '"e"', text: '{}', bytes, storedAt });

describe('EtagCache', () => {
  it('should keep at most maxEntries, dropping the least recently used', () => {
    const cache = new EtagCache({ maxEntries: 2 });
    cache.set('a', entry(1));
    cache.set('b', entry(1));
    cache.get('a');
    cache.set('c', entry(1));
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([true, false, true]);
    expect(cache.size).toBe(2);
  });

  it('should keep at most maxBytes, and never an answer larger than that', () => {
    const cache = new EtagCache({ maxBytes: 100 });
    cache.set('a', entry(60));
    cache.set('b', entry(30));
    cache.set('c', entry(30));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.bytes).toBe(60);
    cache.set('huge', entry(101));
    expect(cache.get('huge')).toBeUndefined();
    cache.set('b', entry(10));
    expect(cache.bytes).toBe(40);
    cache.clear();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });

  it('should refuse bounds that are not numbers ≥ 0', () => {
    expect(() => new EtagCache({ maxEntries: -1 })).toThrow(/maxEntries/);
    expect(() => new EtagCache({ maxAgeMs: Number.NaN })).toThrow(/maxAgeMs/);
  });
});

describe('the client with a cache', () => {
  const list = (title: string) => ({ posts: [{ title }], meta: { page: 1, limit: 10, total: 1, pages: 1 } });

  it('should revalidate with If-None-Match and answer a 304 from the kept answer', async () => {
    const { fetch, calls } = fakeFetch(
      json(list('First'), 200, { etag: '"v1"' }),
      new Response(null, { status: 304, headers: { etag: '"v1"' } }),
      json(list('Second'), 200, { etag: '"v2"' }),
    );
    const client = createClient({ baseUrl: 'https://cms.example.com', key: KEY, fetch, cache: true });
    expect((await client.posts()).posts[0]!.title).toBe('First');
    const again = await client.posts();
    expect(again.posts[0]!.title).toBe('First');
    expect(calls[1]!.headers['if-none-match']).toBe('"v1"');
    expect((await client.posts()).posts[0]!.title).toBe('Second');
    expect(calls[2]!.headers['if-none-match']).toBe('"v1"');
  });

  it('should hand out a copy each time, so that a caller changing it changes nothing kept', async () => {
    const { fetch } = fakeFetch(
      json(list('Kept'), 200, { etag: '"v1"' }),
      new Response(null, { status: 304 }),
    );
    const client = createClient({ baseUrl: 'https://cms.example.com', key: KEY, fetch, cache: true });
    (await client.posts()).posts[0]!.title = 'Changed';
    expect((await client.posts()).posts[0]!.title).toBe('Kept');
  });

  it('should use a fresh answer without asking within maxAgeMs, and ask again after clearCache()', async () => {
    const { fetch, calls } = fakeFetch(json(list('Kept'), 200, { etag: '"v1"' }));
    const client = createClient({
      baseUrl: 'https://cms.example.com',
      key: KEY,
      fetch,
      cache: { maxAgeMs: 60_000 },
    });
    await client.posts();
    await client.posts();
    expect(calls).toHaveLength(1);
    client.clearCache();
    await client.posts();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.headers['if-none-match']).toBeUndefined();
  });

  it('should keep calls apart by their parameters, and keep nothing without an ETag', async () => {
    const { fetch, calls } = fakeFetch(json(list('x'), 200, { etag: '"v1"' }));
    const client = createClient({ baseUrl: 'https://cms.example.com', key: KEY, fetch, cache: true });
    await client.posts({ page: 1 });
    await client.posts({ page: 2 });
    expect(calls[1]!.headers['if-none-match']).toBeUndefined();

    const untagged = fakeFetch(json(list('x')));
    const other = createClient({
      baseUrl: 'https://cms.example.com',
      key: KEY,
      fetch: untagged.fetch,
      cache: true,
    });
    await other.posts();
    await other.posts();
    expect(untagged.calls[1]!.headers['if-none-match']).toBeUndefined();
  });

  it('should not answer a 304 that nobody asked for from the cache', async () => {
    const { fetch } = fakeFetch(new Response(null, { status: 304 }));
    const client = createClient({ baseUrl: 'https://cms.example.com', key: KEY, fetch, cache: true });
    await expect(client.posts()).rejects.toMatchObject({ status: 304 });
  });
});
