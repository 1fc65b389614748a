import { describe, expect, it } from 'vitest';
import { createClient } from '../client.js';
import { fakeFetch, json, KEY } from './fake-fetch.js';

const list = { posts: [], meta: { page: 1, limit: 10, total: 0, pages: 0 } };

describe('createClient', () => {
  it.each([
    ['ftp://cms.example.com', /http\(s\)/],
    ['not a url', /is not a URL/],
    ['https://user:pw@cms.example.com', /no user name/],
    ['https://cms.example.com/?x=1', /no user name, password, query/],
  ])('should refuse the base URL %j', (baseUrl, message) => {
    expect(() => createClient({ baseUrl, key: KEY })).toThrow(message);
  });

  it('should refuse a missing key and an unknown keyIn', () => {
    expect(() => createClient({ baseUrl: 'https://cms.example.com', key: ' ' })).toThrow(/key/);
    expect(() =>
      createClient({ baseUrl: 'https://cms.example.com', key: KEY, keyIn: 'cookie' as 'header' }),
    ).toThrow(/keyIn/);
  });
});

describe('the calls', () => {
  it('should send the key in Authorization by default, never in the URL, and refuse redirects', async () => {
    const { fetch, calls } = fakeFetch(json(list));
    await createClient({ baseUrl: 'https://cms.example.com/', key: KEY, fetch }).posts();
    expect(calls[0]!.url).toBe('https://cms.example.com/api/v1/posts');
    expect(calls[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(calls[0]!.redirect).toBe('manual');
  });

  it('should send the key as ?key= with keyIn query, and no Authorization', async () => {
    const { fetch, calls } = fakeFetch(json(list));
    await createClient({ baseUrl: 'https://cms.example.com', key: KEY, keyIn: 'query', fetch }).posts({
      page: 2,
    });
    expect(calls[0]!.url).toBe(`https://cms.example.com/api/v1/posts?page=2&key=${KEY}`);
    expect(calls[0]!.headers.authorization).toBeUndefined();
  });

  it('should keep a path prefix of the base URL', async () => {
    const { fetch, calls } = fakeFetch(json({ tags: [], meta: list.meta }));
    await createClient({ baseUrl: 'https://example.com/masthead/', key: KEY, fetch }).tags({ limit: 100 });
    expect(calls[0]!.url).toBe('https://example.com/masthead/api/v1/tags?limit=100');
  });

  it('should turn every posts filter into its parameter, fields as field.<key>', async () => {
    const { fetch, calls } = fakeFetch(json(list));
    await createClient({ baseUrl: 'https://cms.example.com', key: KEY, fetch }).posts({
      page: 3,
      limit: 5,
      tag: 'rust',
      category: 'news & views',
      search: 'release notes',
      fields: { client: 'Acme Corp' },
      include: 'html',
    });
    const url = new URL(calls[0]!.url);
    expect([...url.searchParams]).toEqual([
      ['page', '3'],
      ['limit', '5'],
      ['tag', 'rust'],
      ['category', 'news & views'],
      ['search', 'release notes'],
      ['include', 'html'],
      ['field.client', 'Acme Corp'],
    ]);
  });

  it('should put ids, slugs and domains in the path encoded, so that none reaches another path', async () => {
    const { fetch, calls } = fakeFetch(json({}));
    const client = createClient({ baseUrl: 'https://cms.example.com', key: KEY, fetch });
    await client.postBySlug('../../cms/me?x=1#y');
    await client.post('a/b');
    expect(calls.map((c) => c.url)).toEqual([
      'https://cms.example.com/api/v1/posts/slug/..%2F..%2Fcms%2Fme%3Fx%3D1%23y',
      'https://cms.example.com/api/v1/posts/a%2Fb',
    ]);
    expect(client.feedUrls('blog.example.com/../x').rss).toBe(
      'https://cms.example.com/feeds/blog.example.com%2F..%2Fx/rss.xml',
    );
  });

  it('should give feed addresses without the key unless asked', () => {
    const client = createClient({ baseUrl: 'https://cms.example.com', key: KEY });
    expect(client.feedUrls('blog.example.com')).toEqual({
      rss: 'https://cms.example.com/feeds/blog.example.com/rss.xml',
      atom: 'https://cms.example.com/feeds/blog.example.com/atom.xml',
      sitemap: 'https://cms.example.com/feeds/blog.example.com/sitemap.xml',
    });
    expect(client.feedUrls('blog.example.com', { withKey: true }).atom).toBe(
      `https://cms.example.com/feeds/blog.example.com/atom.xml?key=${KEY}`,
    );
  });

  it('should read the preview with the token in the query and never keep it', async () => {
    const { fetch, calls } = fakeFetch(json({ id: 'p', status: 'draft' }, 200, { etag: '"p"' }));
    const client = createClient({
      baseUrl: 'https://cms.example.com',
      key: KEY,
      fetch,
      cache: { maxAgeMs: 60_000 },
    });
    await client.preview('mhp_abc+/=');
    await client.preview('mhp_abc+/=');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.url).toBe('https://cms.example.com/api/v1/preview?token=mhp_abc%2B%2F%3D');
    expect(calls[1]!.headers['if-none-match']).toBeUndefined();
  });

  it('should read an asset at /assets/{id}, encoded, kept and revalidated like the posts', async () => {
    const asset = {
      id: 'a',
      url: 'https://cms.example.com/storage/d/u/photo.jpg',
      width: 800,
      height: 600,
      alt: 'A photo',
      mimeType: 'image/jpeg',
      srcset: '',
      sizes: '',
      sources: [],
      variants: [],
    };
    const { fetch, calls } = fakeFetch(
      json(asset, 200, { etag: '"a1"' }),
      new Response(null, { status: 304, headers: { etag: '"a1"' } }),
    );
    const client = createClient({ baseUrl: 'https://cms.example.com', key: KEY, fetch, cache: true });
    expect(await client.asset('a/../b')).toEqual(asset);
    expect(await client.asset('a/../b')).toEqual(asset);
    expect(calls.map((c) => c.url)).toEqual([
      'https://cms.example.com/api/v1/assets/a%2F..%2Fb',
      'https://cms.example.com/api/v1/assets/a%2F..%2Fb',
    ]);
    expect(calls[1]!.headers['if-none-match']).toBe('"a1"');
  });

  it('should call the global fetch through globalThis when none is given', async () => {
    const original = globalThis.fetch;
    const { fetch, calls } = fakeFetch(json(list));
    globalThis.fetch = fetch;
    try {
      await createClient({ baseUrl: 'https://cms.example.com', key: KEY }).posts();
    } finally {
      globalThis.fetch = original;
    }
    expect(calls).toHaveLength(1);
  });
});
