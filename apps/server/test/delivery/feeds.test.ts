import { decodeHTML } from 'entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_POST_LIMIT } from '../../src/routes/feeds/index.js';
import { createTestContext, type TestContext, type TestDomain } from '../helpers/test-app.js';
import {
  insertCategory,
  insertTag,
  insertTestPost,
  isWellFormedXml,
  parseXml,
  setFeedSettings,
} from './feed-fixtures.js';

// What the feeds and sitemaps hold (routes/feeds): each document parsed as its format and checked.
// Access and caching are in feed-access.test.ts. The sitemap's page is lowered to reach an index.
const PAGE_SIZE = 3;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ feeds: { sitemapPageSize: PAGE_SIZE } });
});
afterAll(async () => ctx?.close());

async function publicDomain() {
  const domain = await ctx.domain('Feeds & <Friends>');
  await setFeedSettings(ctx.db, domain.id, {
    postUrl: 'https://blog.example.com/posts/{slug}',
    publicFeeds: true,
  });
  return domain;
}

const get = (domain: TestDomain, file: string) =>
  ctx.app.inject({ method: 'GET', url: `/feeds/${domain.domain}/${file}` });

/** The published posts newest first, as the feeds must order them. */
async function publishedSlugs(domainId: string) {
  const rows = await ctx.db
    .selectFrom('posts')
    .select(['slug', 'published_at', 'updated_at'])
    .where('domain_id', '=', domainId)
    .where('published', '=', true)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows;
}

describe('GET /feeds/:domain/rss.xml', () => {
  it('should hold the 50 newest published posts with title, link, date, author, summary and categories', async () => {
    const domain = await publicDomain();
    const category = await insertCategory(ctx.db, domain.id, 'news', 'News');
    const tag = await insertTag(ctx.db, domain.id, 'rust', 'Rust');
    for (let i = 0; i < FEED_POST_LIMIT + 2; i += 1)
      await insertTestPost(ctx.db, domain.id, { slug: `post-${i}` });
    await insertTestPost(ctx.db, domain.id, { slug: 'draft', published: false });
    const newest = await insertTestPost(ctx.db, domain.id, {
      slug: 'newest',
      title: 'The newest',
      shortDescription: 'What is new',
      writtenBy: 'Grace',
      categoryId: category.id,
      tagIds: [tag.id],
    });

    const response = await get(domain, 'rss.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(isWellFormedXml(response.body)).toBe(true);
    const { channel } = parseXml(response.body).rss;
    expect(parseXml(response.body).rss['@version']).toBe('2.0');
    expect(channel.title).toBe('Feeds & <Friends>');
    expect(channel.link).toBe('https://blog.example.com/');
    const items = channel.item;
    expect(items).toHaveLength(FEED_POST_LIMIT);
    const expected = (await publishedSlugs(domain.id)).slice(0, FEED_POST_LIMIT);
    expect(items.map((item: { link: string }) => item.link)).toEqual(
      expected.map((row) => `https://blog.example.com/posts/${row.slug}`),
    );
    expect(items.some((item: { link: string }) => item.link.endsWith('/draft'))).toBe(false);
    const first = items[0];
    expect(first.title).toBe('The newest');
    expect(first.description).toBe('What is new');
    expect(first.author).toEqual(['Grace']);
    expect(first.category).toEqual(['News', 'Rust']);
    expect(new Date(first.pubDate).getTime()).toBe(Math.floor(newest.published_at!.getTime() / 1000) * 1000);
  });
});

describe('GET /feeds/:domain/atom.xml', () => {
  it('should hold the published posts as Atom entries with their fields', async () => {
    const domain = await publicDomain();
    const category = await insertCategory(ctx.db, domain.id, 'news', 'News');
    const tag = await insertTag(ctx.db, domain.id, 'go', 'Go Lang');
    await insertTestPost(ctx.db, domain.id, { slug: 'older' });
    await insertTestPost(ctx.db, domain.id, { slug: 'hidden', published: false });
    const post = await insertTestPost(ctx.db, domain.id, {
      slug: 'atom-post',
      title: 'Atom post',
      shortDescription: 'Summary here',
      writtenBy: 'Linus',
      categoryId: category.id,
      tagIds: [tag.id],
    });

    const response = await get(domain, 'atom.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(isWellFormedXml(response.body)).toBe(true);
    const { feed } = parseXml(response.body);
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.title).toBe('Feeds & <Friends>');
    expect(new Date(feed.updated).getTime()).toBe(post.published_at!.getTime());
    expect(feed.entry).toHaveLength(2);
    const [entry, older] = feed.entry;
    expect(older.id).toBe('https://blog.example.com/posts/older');
    expect(entry.title['#text']).toBe('Atom post');
    expect(entry.id).toBe('https://blog.example.com/posts/atom-post');
    expect(entry.link[0]['@href']).toBe('https://blog.example.com/posts/atom-post');
    expect(new Date(entry.updated).getTime()).toBe(post.published_at!.getTime());
    expect(entry.summary['#text']).toBe('Summary here');
    expect(entry.author[0].name).toBe('Linus');
    expect(entry.category.map((c: Record<string, string>) => [c['@term'], c['@label']])).toEqual([
      ['news', 'News'],
      ['go', 'Go Lang'],
    ]);
    expect(feed.link.map((link: Record<string, string>) => link['@href'])).toContain(
      `http://localhost:3000/feeds/${domain.domain}/atom.xml`,
    );
  });
});

describe('GET /feeds/:domain/sitemap.xml', () => {
  it('should list every published post with its lastmod in a urlset', async () => {
    const domain = await publicDomain();
    await insertTestPost(ctx.db, domain.id, { slug: 'one' });
    await insertTestPost(ctx.db, domain.id, { slug: 'two' });
    await insertTestPost(ctx.db, domain.id, { slug: 'draft', published: false });

    const response = await get(domain, 'sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(isWellFormedXml(response.body)).toBe(true);
    const { urlset } = parseXml(response.body);
    expect(urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const rows = await publishedSlugs(domain.id);
    expect(urlset.url).toEqual(
      rows.map((row) => ({
        loc: `https://blog.example.com/posts/${row.slug}`,
        lastmod: row.updated_at.toISOString(),
      })),
    );
  });

  it('should answer 404 with the error body while nothing is published (a urlset holds at least one url)', async () => {
    const domain = await publicDomain();
    await insertTestPost(ctx.db, domain.id, { slug: 'draft', published: false });
    const response = await get(domain, 'sitemap.xml');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'Not Found',
      errors: ['The domain has no published posts yet, so its sitemap is empty'],
      detailedMessage: 'There is no sitemap until a post is published.',
    });
  });

  it('should become an index of pages once the posts pass a page, every post on exactly one page', async () => {
    const domain = await publicDomain();
    for (let i = 0; i < 2 * PAGE_SIZE + 1; i += 1) await insertTestPost(ctx.db, domain.id, { slug: `p${i}` });
    await insertTestPost(ctx.db, domain.id, { slug: 'draft', published: false });

    const index = await get(domain, 'sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(isWellFormedXml(index.body)).toBe(true);
    const { sitemapindex } = parseXml(index.body);
    expect(sitemapindex['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const pages = sitemapindex.sitemap.map((entry: { loc: string }) => entry.loc);
    const base = `http://localhost:3000/feeds/${domain.domain}`;
    expect(pages).toEqual([`${base}/sitemap-1.xml`, `${base}/sitemap-2.xml`, `${base}/sitemap-3.xml`]);

    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const response = await get(domain, `sitemap-${page}.xml`);
      expect(response.statusCode).toBe(200);
      expect(isWellFormedXml(response.body)).toBe(true);
      const urls = parseXml(response.body).urlset.url as { loc: string; lastmod: string }[];
      expect(urls.length).toBeLessThanOrEqual(PAGE_SIZE);
      seen.push(...urls.map((url) => url.loc));
    }
    const rows = await publishedSlugs(domain.id);
    expect(seen).toEqual(rows.map((row) => `https://blog.example.com/posts/${row.slug}`));
    expect((await get(domain, 'sitemap-4.xml')).statusCode).toBe(404);
    expect((await get(domain, 'sitemap-0.xml')).statusCode).toBe(404);
  });
});

describe('GET /feeds/:domain hostile content', () => {
  const hostile = 'A <script>alert(1)</script> & "q" ]]> then ]]> &amp; \u0001\u0008\uFFFE\uD800 end';
  /**
   * What XML can hold of it: the characters outside XML 1.0 are dropped. The lone surrogate became
   * U+FFFD on its way into the database (UTF-8 cannot hold it either).
   */
  const holdable = 'A <script>alert(1)</script> & "q" ]]> then ]]> &amp; \uFFFD end';

  it('should write well-formed RSS, Atom and sitemaps whatever the titles, names and slugs hold', async () => {
    const domain = await ctx.domain(hostile);
    await setFeedSettings(ctx.db, domain.id, {
      postUrl: 'https://blog.example.com/p/{slug}?x=1&y=2',
      publicFeeds: true,
    });
    const tag = await insertTag(ctx.db, domain.id, 'a<b>&"c"', hostile);
    const category = await insertCategory(ctx.db, domain.id, '<cat>', hostile);
    await insertTestPost(ctx.db, domain.id, {
      slug: 'a<b>&c"]]>',
      title: hostile,
      shortDescription: hostile,
      writtenBy: hostile,
      categoryId: category.id,
      tagIds: [tag.id],
    });

    const rss = await get(domain, 'rss.xml');
    expect(rss.statusCode).toBe(200);
    expect(isWellFormedXml(rss.body)).toBe(true);
    const item = parseXml(rss.body).rss.channel.item[0];
    // Title and summary are HTML (in CDATA), so a reader shows the characters and runs nothing.
    expect(decodeHTML(item.title)).toBe(holdable);
    expect(decodeHTML(item.description)).toBe(holdable);
    expect(item.link).toBe('https://blog.example.com/p/a%3Cb%3E%26c%22%5D%5D%3E?x=1&y=2');

    const atom = await get(domain, 'atom.xml');
    expect(atom.statusCode).toBe(200);
    expect(isWellFormedXml(atom.body)).toBe(true);
    const entry = parseXml(atom.body).feed.entry[0];
    expect(decodeHTML(entry.title['#text'])).toBe(holdable);
    expect(entry.category.map((c: Record<string, string>) => [c['@term'], c['@label']])).toEqual([
      ['%3Ccat%3E', undefined],
      ['a%3Cb%3E%26%22c%22', undefined],
    ]);

    const sitemap = await get(domain, 'sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(isWellFormedXml(sitemap.body)).toBe(true);
    expect(parseXml(sitemap.body).urlset.url[0].loc).toBe(item.link);
  });
});
