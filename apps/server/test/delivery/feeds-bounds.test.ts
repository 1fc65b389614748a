import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext, type TestDomain } from '../helpers/test-app.js';
import { expectError } from '../routes/blogs/blog-fixtures.js';
import { contentKeyOf, insertTestPost, isWellFormedXml, parseXml, setFeedSettings } from './feed-fixtures.js';

// Issue 29, finding 6: every anonymous request for a sitemap page of a public domain walked the
// index up to its page and rendered it again, with no limit per address. Rendered documents are
// now kept per domain, list version and file; pages are read by keyset from starts found once per
// version; and each address has a budget of requests a minute.

// The post reads, counted: a document kept for the domain's version is served without them.
vi.mock('../../src/db/repositories/feed-posts.repository.js', async (importOriginal) => {
  const original =
    await importOriginal<typeof import('../../src/db/repositories/feed-posts.repository.js')>();
  return {
    ...original,
    latestPublishedPosts: vi.fn(original.latestPublishedPosts),
    publishedPostsPage: vi.fn(original.publishedPostsPage),
    countPublishedPosts: vi.fn(original.countPublishedPosts),
    sitemapPageStarts: vi.fn(original.sitemapPageStarts),
  };
});
const postReads = await import('../../src/db/repositories/feed-posts.repository.js');
const readCalls = () =>
  [
    postReads.latestPublishedPosts,
    postReads.publishedPostsPage,
    postReads.countPublishedPosts,
    postReads.sitemapPageStarts,
  ]
    .map((fn) => vi.mocked(fn).mock.calls.length)
    .reduce((a, b) => a + b, 0);
const startsCalls = () => vi.mocked(postReads.sitemapPageStarts).mock.calls.length;

const PAGE_SIZE = 3;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ feeds: { sitemapPageSize: PAGE_SIZE } });
});
afterAll(async () => ctx?.close());

async function publicDomain(posts: number) {
  const domain = await ctx.domain('Same name');
  await setFeedSettings(ctx.db, domain.id, { postUrl: 'https://blog.example.com/{slug}', publicFeeds: true });
  for (let i = 0; i < posts; i++) await insertTestPost(ctx.db, domain.id, { slug: `${domain.domain}-${i}` });
  return domain;
}

const get = (domain: TestDomain, file: string, headers: Record<string, string> = {}, address?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/feeds/${domain.domain}/${file}`,
    headers,
    ...(address ? { remoteAddress: address } : {}),
  });

describe('GET /feeds/:domain/:file kept per version', () => {
  it('should serve a repeated request for a sitemap page or a feed without reading a post (issue 29: each request walked and rendered again)', async () => {
    const domain = await publicDomain(3 * PAGE_SIZE);
    for (const file of ['sitemap-3.xml', 'sitemap-2.xml', 'rss.xml', 'atom.xml', 'sitemap.xml']) {
      const first = await get(domain, file);
      expect(first.statusCode, file).toBe(200);
      const reads = readCalls();
      const again = await get(domain, file);
      expect(again.statusCode, file).toBe(200);
      expect(again.body, file).toBe(first.body);
      expect(again.headers.etag, file).toBe(first.headers.etag);
      expect(readCalls(), file).toBe(reads);
    }
  });

  it("should find the pages' starts once per version, and read each page by keyset from its start", async () => {
    const domain = await publicDomain(3 * PAGE_SIZE + 1);
    const before = startsCalls();
    const seen: string[] = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await get(domain, `sitemap-${page}.xml`);
      expect(res.statusCode).toBe(200);
      expect(isWellFormedXml(res.body)).toBe(true);
      seen.push(...(parseXml(res.body).urlset.url as { loc: string }[]).map((url) => url.loc));
    }
    expect(startsCalls() - before).toBeLessThanOrEqual(1);
    expect(new Set(seen).size).toBe(3 * PAGE_SIZE + 1);
    expect((await get(domain, 'sitemap-5.xml')).statusCode).toBe(404);

    // A new post moves the version: the pages are found and made again, with it on the first.
    await insertTestPost(ctx.db, domain.id, { slug: 'newest-of-all' });
    const first = await get(domain, 'sitemap-1.xml');
    expect(parseXml(first.body).urlset.url[0].loc).toBe('https://blog.example.com/newest-of-all');
    const last = await get(domain, 'sitemap-4.xml');
    expect(parseXml(last.body).urlset.url).toHaveLength(2);
  });

  it("should never serve one domain's kept document for another's, even with the same name, address pattern and version", async () => {
    const one = await publicDomain(2);
    const two = await publicDomain(2);
    const slugsOf = (body: string) =>
      (parseXml(body).urlset.url as { loc: string }[]).map((url) => url.loc.split('/').pop());
    expect(slugsOf((await get(one, 'sitemap.xml')).body)).toEqual([`${one.domain}-1`, `${one.domain}-0`]);
    expect(slugsOf((await get(two, 'sitemap.xml')).body)).toEqual([`${two.domain}-1`, `${two.domain}-0`]);
  });

  it('should send the kept document gzipped to a client that takes gzip, with its own ETag, and plain to one that does not', async () => {
    const domain = await publicDomain(2);
    const plain = await get(domain, 'sitemap.xml');
    const zipped = await get(domain, 'sitemap.xml', { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(String(zipped.headers.vary)).toMatch(/accept-encoding/i);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);
    // Either tag revalidates: they name the same document.
    for (const etag of [plain.headers.etag, zipped.headers.etag]) {
      const res = await get(domain, 'sitemap.xml', {
        'if-none-match': String(etag),
        'accept-encoding': 'gzip',
      });
      expect(res.statusCode).toBe(304);
    }
    expect(
      (await get(domain, 'sitemap.xml', { 'accept-encoding': 'gzip;q=0' })).headers['content-encoding'],
    ).toBe(undefined);
  });

  it('should keep a document read with a key apart from the public one', async () => {
    const domain = await publicDomain(1);
    await setFeedSettings(ctx.db, domain.id, { publicFeeds: false });
    const { key } = await contentKeyOf(ctx.db, domain.id);
    expect((await get(domain, `sitemap.xml?key=${key}`)).statusCode).toBe(200);
    expectError(await get(domain, 'sitemap.xml'), 401);
  });
});

describe('the per-address budget of /feeds', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({
      env: { FEEDS_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '3' },
      database: { db: ctx.db, drop: async () => {} },
    });
  });
  afterAll(async () => limited?.close());

  it('should answer 429 with Retry-After and the error body to one address past its budget, on any file or domain (issue 29)', async () => {
    const domain = await publicDomain(1);
    const from = (file: string, address: string) =>
      limited.app.inject({ method: 'GET', url: `/feeds/${domain.domain}/${file}`, remoteAddress: address });
    for (const file of ['rss.xml', 'atom.xml', 'sitemap.xml']) {
      expect((await from(file, '203.0.113.9')).statusCode).toBe(200);
    }
    for (const res of [
      await from('sitemap.xml', '203.0.113.9'),
      await from('nothing.xml', '203.0.113.9'),
      await limited.app.inject({
        method: 'GET',
        url: '/feeds/other.example/rss.xml',
        remoteAddress: '203.0.113.9',
      }),
    ]) {
      expectError(res, 429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await from('rss.xml', '203.0.113.10')).statusCode).toBe(200);
  });
});
