import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deleteContentKey } from '../../src/db/repositories/content-keys.repository.js';
import { createTestContext, type TestContext, type TestDomain } from '../helpers/test-app.js';
import { contentKeyOf, insertTestPost, parseXml, setFeedSettings } from './feed-fixtures.js';

// Who may read a domain's feeds, and how the answers are cached (routes/feeds, decision 041).

// The post reads, counted: a revalidation must answer without them.
vi.mock('../../src/db/repositories/feed-posts.repository.js', async (importOriginal) => {
  const original =
    await importOriginal<typeof import('../../src/db/repositories/feed-posts.repository.js')>();
  return {
    ...original,
    latestPublishedPosts: vi.fn(original.latestPublishedPosts),
    publishedPostsPage: vi.fn(original.publishedPostsPage),
    countPublishedPosts: vi.fn(original.countPublishedPosts),
  };
});
const postReads = await import('../../src/db/repositories/feed-posts.repository.js');
const readCalls = () =>
  [postReads.latestPublishedPosts, postReads.publishedPostsPage, postReads.countPublishedPosts]
    .map((fn) => vi.mocked(fn).mock.calls.length)
    .reduce((a, b) => a + b, 0);
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const POST_URL = 'https://site.example.com/posts/{slug}';

async function privateDomain() {
  const domain = await ctx.domain();
  await setFeedSettings(ctx.db, domain.id, { postUrl: POST_URL });
  await insertTestPost(ctx.db, domain.id, { slug: 'hello' });
  return domain;
}

const get = (domain: TestDomain, file: string, options: { key?: string; ifNoneMatch?: string } = {}) =>
  ctx.app.inject({
    method: 'GET',
    url: `/feeds/${domain.domain}/${file}`,
    query: options.key !== undefined ? { key: options.key } : {},
    headers: options.ifNoneMatch !== undefined ? { 'if-none-match': options.ifNoneMatch } : {},
  });

const unauthorized = {
  error: 'Unauthorized',
  errors: [
    'key: a content key of this domain is required (?key=<content key>), or the domain must make its feeds public',
  ],
  detailedMessage: 'This feed needs a content key of its domain.',
};

describe('GET /feeds/:domain/:file access', () => {
  it('should answer 401 with the error body without a key, or with a malformed or unknown one', async () => {
    const domain = await privateDomain();
    for (const key of [undefined, '', 'not-a-key', `mhk_${'A'.repeat(43)}`]) {
      for (const file of ['rss.xml', 'atom.xml', 'sitemap.xml']) {
        const response = await get(domain, file, { key });
        expect(response.statusCode, `${file} with ${key}`).toBe(401);
        expect(response.json()).toEqual(unauthorized);
      }
    }
  });

  it("should read with the domain's key and refuse another domain's key", async () => {
    const domain = await privateDomain();
    const other = await privateDomain();
    const { key } = await contentKeyOf(ctx.db, domain.id);
    const { key: otherKey } = await contentKeyOf(ctx.db, other.id);
    const mine = await get(domain, 'rss.xml', { key });
    expect(mine.statusCode).toBe(200);
    expect(parseXml(mine.body).rss.channel.item[0].link).toBe('https://site.example.com/posts/hello');
    const theirs = await get(domain, 'rss.xml', { key: otherKey });
    expect(theirs.statusCode).toBe(401);
    expect(theirs.json()).toEqual(unauthorized);
  });

  it('should refuse a revoked key at once', async () => {
    const domain = await privateDomain();
    const { key, id } = await contentKeyOf(ctx.db, domain.id);
    expect((await get(domain, 'atom.xml', { key })).statusCode).toBe(200);
    await deleteContentKey(ctx.db, domain.id, id);
    const response = await get(domain, 'atom.xml', { key });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthorized);
  });

  it('should mark the key used', async () => {
    const domain = await privateDomain();
    const { key, id } = await contentKeyOf(ctx.db, domain.id);
    await get(domain, 'sitemap.xml', { key });
    const row = await ctx.db
      .selectFrom('content_keys')
      .select('last_used_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).toBeInstanceOf(Date);
  });

  it('should answer without a key, and ignore any key, once the feeds are public; and need one again when not', async () => {
    const domain = await privateDomain();
    await setFeedSettings(ctx.db, domain.id, { publicFeeds: true });
    expect((await get(domain, 'rss.xml')).statusCode).toBe(200);
    expect((await get(domain, 'rss.xml', { key: 'whatever' })).statusCode).toBe(200);
    await setFeedSettings(ctx.db, domain.id, { publicFeeds: false });
    expect((await get(domain, 'rss.xml')).statusCode).toBe(401);
  });

  it('should answer 409 that says how to set a post address when the domain has none', async () => {
    const domain = await privateDomain();
    await setFeedSettings(ctx.db, domain.id, { postUrl: null, publicFeeds: true });
    for (const file of ['rss.xml', 'atom.xml', 'sitemap.xml']) {
      const response = await get(domain, file);
      expect(response.statusCode).toBe(409);
      const body = response.json();
      expect(body.error).toBe('Conflict');
      expect(body.errors[0]).toContain(`has no post address set`);
      expect(body.errors[0]).toContain(`masthead domain set ${domain.domain} --post-url`);
    }
  });

  it('should serve a domain whose host name is longer than a router parameter may be', async () => {
    const domain = await ctx.domain();
    const host = `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.example.test`;
    await ctx.db.updateTable('domains').set({ domain: host }).where('id', '=', domain.id).execute();
    await setFeedSettings(ctx.db, domain.id, { postUrl: POST_URL, publicFeeds: true });
    await insertTestPost(ctx.db, domain.id, { slug: 'long' });
    const response = await ctx.app.inject({ method: 'GET', url: `/feeds/${host}/rss.xml` });
    expect(response.statusCode).toBe(200);
  });

  it('should answer an unknown domain as a private one, so a feed address does not tell whether it exists', async () => {
    const domain = await privateDomain();
    const { key } = await contentKeyOf(ctx.db, domain.id);
    for (const query of ['', '?key=', '?key=not-a-key', `?key=mhk_${'A'.repeat(43)}`, `?key=${key}`]) {
      const unknown = await ctx.app.inject({
        method: 'GET',
        url: `/feeds/nowhere.example.test/rss.xml${query}`,
      });
      const known = await ctx.app.inject({
        method: 'GET',
        url: `/feeds/${domain.domain}/rss.xml${query.includes(key) ? '?key=not-a-key' : query}`,
      });
      expect(unknown.statusCode, query).toBe(401);
      expect(unknown.json()).toEqual(unauthorized);
      expect(unknown.json()).toEqual(known.json());
    }
  });

  it('should answer 404 with the error body for a file that does not exist or a host name that cannot', async () => {
    const domain = await privateDomain();
    const { key } = await contentKeyOf(ctx.db, domain.id);
    const cases = [
      `/feeds/${domain.domain}/other.xml?key=${key}`,
      `/feeds/${domain.domain}/sitemap-01.xml?key=${key}`,
      `/feeds/%00/rss.xml`,
      `/feeds/${'a'.repeat(300)}/rss.xml`,
      `/feeds/${domain.domain}/rss.xml/more?key=${key}`,
      `/feeds/${domain.domain}?key=${key}`,
      `/feeds/`,
    ];
    for (const url of cases) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ error: 'Not Found', errors: [expect.any(String)] });
    }
  });
});

describe('GET /feeds/:domain/:file caching', () => {
  it('should send a strong ETag, and 304 with no body for If-None-Match, strong or weak', async () => {
    const domain = await privateDomain();
    const { key } = await contentKeyOf(ctx.db, domain.id);
    for (const file of ['rss.xml', 'atom.xml', 'sitemap.xml']) {
      const first = await get(domain, file, { key });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[^"]+"$/);
      const again = await get(domain, file, { key });
      expect(again.headers.etag).toBe(etag);
      expect(again.body).toBe(first.body);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const revalidated = await get(domain, file, { key, ifNoneMatch });
        expect(revalidated.statusCode).toBe(304);
        expect(revalidated.body).toBe('');
        expect(revalidated.headers.etag).toBe(etag);
      }
      expect((await get(domain, file, { key, ifNoneMatch: '"other"' })).statusCode).toBe(200);
    }
    // Each document has its own tag.
    const tags = await Promise.all(
      ['rss.xml', 'atom.xml'].map(async (file) => (await get(domain, file, { key })).headers.etag),
    );
    expect(tags[0]).not.toBe(tags[1]);
  });

  it('should answer 304 without reading a post', async () => {
    const domain = await privateDomain();
    const { key } = await contentKeyOf(ctx.db, domain.id);
    for (const file of ['rss.xml', 'atom.xml', 'sitemap.xml']) {
      const before = readCalls();
      const etag = (await get(domain, file, { key })).headers.etag as string;
      expect(readCalls()).toBeGreaterThan(before);
      const read = readCalls();
      expect((await get(domain, file, { key, ifNoneMatch: etag })).statusCode).toBe(304);
      expect(readCalls()).toBe(read);
    }
  });

  it('should never answer 304 to a request it would refuse', async () => {
    const domain = await privateDomain();
    const { key } = await contentKeyOf(ctx.db, domain.id);
    const etag = (await get(domain, 'rss.xml', { key })).headers.etag as string;
    expect((await get(domain, 'rss.xml', { ifNoneMatch: etag })).statusCode).toBe(401);
  });

  it('should change the ETag after an edit of a shown post and after a change of the post address', async () => {
    const domain = await privateDomain();
    const { key } = await contentKeyOf(ctx.db, domain.id);
    const before = await get(domain, 'rss.xml', { key });
    await ctx.db
      .updateTable('posts')
      .set({ title: 'Edited title' })
      .where('domain_id', '=', domain.id)
      .execute();
    const edited = await get(domain, 'rss.xml', { key, ifNoneMatch: before.headers.etag as string });
    expect(edited.statusCode).toBe(200);
    expect(edited.headers.etag).not.toBe(before.headers.etag);
    expect(parseXml(edited.body).rss.channel.item[0].title).toBe('Edited title');

    await setFeedSettings(ctx.db, domain.id, { postUrl: 'https://new.example.com/{slug}' });
    const moved = await get(domain, 'rss.xml', { key, ifNoneMatch: edited.headers.etag as string });
    expect(moved.statusCode).toBe(200);
    expect(moved.headers.etag).not.toBe(edited.headers.etag);
    expect(parseXml(moved.body).rss.channel.item[0].link).toBe('https://new.example.com/hello');
  });

  it('should keep the ETag when another domain changes', async () => {
    const domain = await privateDomain();
    const other = await privateDomain();
    const { key } = await contentKeyOf(ctx.db, domain.id);
    const before = await get(domain, 'atom.xml', { key });
    await insertTestPost(ctx.db, other.id, { slug: 'elsewhere' });
    expect((await get(domain, 'atom.xml', { key })).headers.etag).toBe(before.headers.etag);
  });

  it('should be cacheable by anyone when public and privately when read with a key', async () => {
    const domain = await privateDomain();
    const { key } = await contentKeyOf(ctx.db, domain.id);
    expect((await get(domain, 'rss.xml', { key })).headers['cache-control']).toBe(
      'private, max-age=60, stale-while-revalidate=300',
    );
    await setFeedSettings(ctx.db, domain.id, { publicFeeds: true });
    expect((await get(domain, 'rss.xml')).headers['cache-control']).toBe(
      'public, max-age=60, stale-while-revalidate=300',
    );
  });
});
