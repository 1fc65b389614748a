import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type DeliveryChange } from '../../../../packages/client/src/index.js';
import { deliveryWorld, publishedPost } from '../delivery/delivery-fixtures.js';
import { setFeedSettings } from '../delivery/feed-fixtures.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { createPost } from '../routes/blogs/blog-fixtures.js';
import { listening, recordingFetch, refused } from './client-fixtures.js';

// packages/client against the real server over HTTP (issue 30): every call, the changes iterator
// across pages, ETag revalidation with real 304s, and the server's errors carried.
let ctx: TestContext;
let baseUrl: string;
beforeAll(async () => {
  ctx = await createTestContext();
  baseUrl = await listening(ctx);
});
afterAll(async () => ctx?.close());

/** A domain with published posts, and a client with its key. */
async function world(options: Partial<Parameters<typeof createClient>[0]> = {}) {
  const w = await deliveryWorld(ctx);
  const client = createClient({ baseUrl, key: w.key, ...options });
  return { ...w, client };
}

describe('posts()', () => {
  it('should list the published posts newest first, page by page, with meta', async () => {
    const w = await world();
    for (const title of ['One', 'Two', 'Three', 'Four', 'Five']) await publishedPost(w.api, { title });
    await createPost(w.api, { title: 'Draft' });

    const pages = [];
    for (const page of [1, 2, 3, 4]) pages.push(await w.client.posts({ page, limit: 2 }));
    expect(pages.map((p) => p.posts.map((post) => post.title))).toEqual([
      ['Five', 'Four'],
      ['Three', 'Two'],
      ['One'],
      [],
    ]);
    expect(pages[0]!.meta).toEqual({ page: 1, limit: 2, total: 5, pages: 3 });
    expect(pages[0]!.posts[0]!.html).toBeUndefined();
    const withHtml = await w.client.posts({ limit: 1, include: 'html' });
    expect(withHtml.posts[0]!.html).toBe('<p>Body text</p>');
  });

  it('should filter by tag, category, search and custom field', async () => {
    const w = await world();
    const news = await w.api.createTag('News');
    const sport = await w.api.createCategory('Sport');
    await publishedPost(w.api, { title: 'Tagged apple', tags: [news.id] });
    await publishedPost(w.api, { title: 'Sporty pear', category: sport.id });
    await publishedPost(w.api, { title: 'Plain apple' });
    const titles = async (query: Parameters<typeof w.client.posts>[0]) =>
      (await w.client.posts(query)).posts.map((p) => p.title);
    expect(await titles({ tag: news.tag })).toEqual(['Tagged apple']);
    expect(await titles({ category: sport.category })).toEqual(['Sporty pear']);
    expect(await titles({ search: 'apple' })).toEqual(['Plain apple', 'Tagged apple']);
    expect(await titles({ tag: 'no-such-tag' })).toEqual([]);
  });

  it('should carry the 400 that names a page too deep', async () => {
    const w = await world();
    const error = await refused(w.client.posts({ page: 10_002, limit: 1 }), 400);
    expect(error.body!.errors.join('\n')).toMatch(/page/);
  });
});

describe('post() and postBySlug()', () => {
  it('should read one published post with its HTML, by id and by slug', async () => {
    const w = await world();
    const post = await publishedPost(w.api, {
      title: 'Hello world',
      editorHtmlContent: '<p>Hi <b>there</b></p>',
    });
    const bySlug = await w.client.postBySlug('hello-world');
    expect(bySlug).toMatchObject({ id: post.id, title: 'Hello world', html: '<p>Hi <b>there</b></p>' });
    expect(await w.client.post(post.id)).toEqual(bySlug);
  });

  it('should carry a 404 with the error body for an unknown slug, a draft and another domain’s post', async () => {
    const w = await world();
    const draft = await createPost(w.api, { title: 'Still a draft' });
    const theirs = await world();
    const their = await publishedPost(theirs.api, { title: 'Theirs' });
    for (const call of [
      () => w.client.postBySlug('no-such-post'),
      () => w.client.postBySlug(draft.slug),
      () => w.client.post(draft.id),
      () => w.client.post(their.id),
    ]) {
      const error = await refused(call(), 404);
      expect(error.body!.error).toBe('Not Found');
    }
  });
});

describe('tags() and categories()', () => {
  it('should list those that published posts use, with their counts', async () => {
    const w = await world();
    const news = await w.api.createTag('News');
    const unused = await w.api.createTag('Unused');
    const sport = await w.api.createCategory('Sport');
    await publishedPost(w.api, { title: 'A', tags: [news.id], category: sport.id });
    await publishedPost(w.api, { title: 'B', tags: [news.id] });
    await createPost(w.api, { title: 'Draft', tags: [unused.id] });
    expect((await w.client.tags({ limit: 100 })).tags).toEqual([
      { id: news.id, slug: news.tag, name: 'News', postCount: 2 },
    ]);
    const { categories, meta } = await w.client.categories();
    expect(categories).toEqual([{ id: sport.id, slug: sport.category, name: 'Sport', postCount: 1 }]);
    expect(meta.total).toBe(1);
  });
});

describe('changes()', () => {
  /** Every change from `since` on, following the iterator; waits for `atLeast` (see delivery-changes). */
  async function follow(client: ReturnType<typeof createClient>, since: string | undefined, atLeast: number) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const seen: DeliveryChange[] = [];
      const pages: number[] = [];
      let next = since;
      for await (const page of client.changes({ since, limit: 2 })) {
        seen.push(...page.changes);
        pages.push(page.changes.length);
        next = page.next;
      }
      if (seen.length >= atLeast || Date.now() > deadline) return { seen, pages, next };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('should follow next across pages to an empty page, and go on from its cursor later', async () => {
    const w = await world();
    const posts = [];
    for (const title of ['C1', 'C2', 'C3', 'C4', 'C5']) posts.push(await publishedPost(w.api, { title }));
    const first = await follow(w.client, undefined, 5);
    expect(first.seen.map((c) => `${c.type} ${c.id}`)).toEqual(posts.map((p) => `upsert ${p.id}`));
    expect(first.pages).toEqual([2, 2, 1, 0]);

    const later = await publishedPost(w.api, { title: 'C6' });
    const second = await follow(w.client, first.next, 1);
    expect(second.seen.map((c) => c.id)).toEqual([later.id]);
  });

  it('should carry the 400 of a cursor that is not one', async () => {
    const w = await world();
    const read = async () => {
      for await (const _ of w.client.changes({ since: 'not-a-cursor' }));
    };
    expect((await refused(read(), 400)).body!.errors.join('\n')).toContain('since');
  });
});

describe('the ETag cache', () => {
  it('should revalidate with If-None-Match, get real 304s, and see a change as a 200', async () => {
    const { fetch, seen } = recordingFetch();
    const w = await world({ fetch, cache: true });
    await publishedPost(w.api, { title: 'Cached' });
    const first = await w.client.posts();
    const second = await w.client.posts();
    const slug = await w.client.postBySlug('cached');
    const slugAgain = await w.client.postBySlug('cached');
    expect(seen.map((s) => s.status)).toEqual([200, 304, 200, 304]);
    expect(second).toEqual(first);
    expect(slugAgain).toEqual(slug);

    await publishedPost(w.api, { title: 'Newer' });
    expect((await w.client.posts()).posts.map((p) => p.title)).toEqual(['Newer', 'Cached']);
    expect(seen.at(-1)!.status).toBe(200);
  });

  it('should not ask at all while an answer is fresh (maxAgeMs), and ask again after clearCache()', async () => {
    const { fetch, seen } = recordingFetch();
    const w = await world({ fetch, cache: { maxAgeMs: 60_000 } });
    await publishedPost(w.api, { title: 'Kept' });
    await w.client.posts();
    await publishedPost(w.api, { title: 'Unseen yet' });
    expect((await w.client.posts()).posts.map((p) => p.title)).toEqual(['Kept']);
    expect(seen).toHaveLength(1);
    w.client.clearCache();
    expect((await w.client.posts()).posts.map((p) => p.title)).toEqual(['Unseen yet', 'Kept']);
  });
});

describe('the key', () => {
  it('should be refused with 401 and the error body when unknown, in either place', async () => {
    const unknown = `mhk_${'A'.repeat(43)}`;
    for (const keyIn of ['header', 'query'] as const) {
      const client = createClient({ baseUrl, key: unknown, keyIn });
      const error = await refused(client.posts(), 401);
      expect(error.body!.error).toBe('Unauthorized');
      expect(error.message).not.toContain(unknown);
    }
  });

  it('should get private answers in Authorization and public ones in ?key= (decision 058)', async () => {
    const header = recordingFetch();
    const query = recordingFetch();
    const w = await world({ fetch: header.fetch });
    await createClient({ baseUrl, key: w.key, keyIn: 'query', fetch: query.fetch }).tags();
    await w.client.tags();
    expect(header.seen[0]).toMatchObject({
      authorization: true,
      cacheControl: expect.stringMatching(/^private/),
    });
    expect(query.seen[0]).toMatchObject({
      authorization: false,
      cacheControl: expect.stringMatching(/^public/),
    });
    expect(query.seen[0]!.url).toContain(`key=${w.key}`);
  });
});

describe('feedUrls()', () => {
  it('should give addresses the server answers: public feeds without the key, others with it', async () => {
    const w = await world();
    await setFeedSettings(ctx.db, w.domain.id, { postUrl: 'https://site.example/posts/{slug}' });
    await publishedPost(w.api, { title: 'In the feed' });
    const keyless = w.client.feedUrls(w.domain.domain);
    const keyed = w.client.feedUrls(w.domain.domain, { withKey: true });
    expect((await fetch(keyless.rss)).status).toBe(401);
    for (const [kind, type] of [
      ['rss', 'application/rss+xml'],
      ['atom', 'application/atom+xml'],
      ['sitemap', 'application/xml'],
    ] as const) {
      const res = await fetch(keyed[kind]);
      expect(res.status, kind).toBe(200);
      expect(res.headers.get('content-type')).toContain(type);
      expect(await res.text()).toContain('https://site.example/posts/in-the-feed');
    }
    await setFeedSettings(ctx.db, w.domain.id, { publicFeeds: true });
    expect((await fetch(keyless.atom)).status).toBe(200);
  });
});
