import { sql } from 'kysely';
import type { ColumnDef } from '@masthead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setColumnDefs } from '../../src/services/column-defs.service.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { createPost, expectError } from '../routes/blogs/blog-fixtures.js';
import { deliveryWorld, publishedPost, titles, unpublish } from './delivery-fixtures.js';

// The delivery API's reads (issue 20): a key reads its own domain's published posts, and nothing else.
let ctx: TestContext;
const defineFields = (domainId: string, defs: ColumnDef[]) =>
  ctx.db.transaction().execute((trx) => setColumnDefs(trx, domainId, defs));
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const POST_KEYS = [
  'category',
  'featureImage',
  'featureImageUrl',
  'fields',
  'id',
  'lastModifiedDate',
  'publishedDate',
  'shortDescription',
  'slug',
  'tags',
  'title',
  'url',
  'writtenBy',
];

describe('GET /api/v1/posts', () => {
  it('should list only published posts, newest published first, in the shape of the issue', async () => {
    const w = await deliveryWorld(ctx);
    const tag = await w.api.createTag('News');
    const category = await w.api.createCategory('Updates');
    const first = await publishedPost(w.api, {
      title: 'First',
      shortDescription: 'One',
      tags: [tag.id],
      category: category.id,
      editorState: '{"root":{"type":"root","version":1,"children":[]}}',
    });
    await publishedPost(w.api, { title: 'Second' });
    await createPost(w.api, { title: 'Draft' });
    const approved = await createPost(w.api, { title: 'Approved' });
    await w.api.manage(approved.id, 'APPROVAL', true);
    const unpublished = await publishedPost(w.api, { title: 'Unpublished' });
    await unpublish(w.api, unpublished.id);
    const deleted = await publishedPost(w.api, { title: 'Deleted' });
    await unpublish(w.api, deleted.id);
    expect((await w.api.remove(deleted.id)).statusCode).toBe(204);

    const res = await w.read('/posts');
    expect(titles(res)).toEqual(['Second', 'First']);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, limit: 10, total: 2, pages: 1 });
    const post = body.posts[1];
    expect(Object.keys(post).sort()).toEqual(POST_KEYS);
    expect(post).toMatchObject({
      id: first.id,
      slug: 'first',
      shortDescription: 'One',
      tags: [{ id: tag.id, slug: tag.tag, name: 'News' }],
      category: { id: category.id, slug: category.category, name: 'Updates' },
      writtenBy: 'Ada Lovelace',
      url: null,
    });
    expect(Date.parse(post.publishedDate)).not.toBeNaN();
    expect(res.body).not.toMatch(/editorState|approved|"published"|editor_/);
  });

  it("should give each post its address from the domain's pattern, and HTML with include=html", async () => {
    const w = await deliveryWorld(ctx);
    await sql`update domains set post_url = 'https://blog.example.com/posts/{slug}' where id = ${w.domain.id}`.execute(
      ctx.db,
    );
    await publishedPost(w.api, { title: 'Hello world', editorHtmlContent: '<p>Hi <script>x</script></p>' });
    const plain = (await w.read('/posts')).json().posts[0];
    expect(plain.url).toBe('https://blog.example.com/posts/hello-world');
    expect(plain).not.toHaveProperty('html');
    const withHtml = (await w.read('/posts?include=html')).json().posts[0];
    expect(withHtml.html).toBe('<p>Hi </p>');
  });

  it('should page from 1 with true totals, and an empty page past the end', async () => {
    const w = await deliveryWorld(ctx);
    for (let i = 1; i <= 5; i++) await publishedPost(w.api, { title: `P${i}` });
    expect(titles(await w.read('/posts?limit=2'))).toEqual(['P5', 'P4']);
    const second = await w.read('/posts?limit=2&page=2');
    expect(titles(second)).toEqual(['P3', 'P2']);
    expect(second.json().meta).toEqual({ page: 2, limit: 2, total: 5, pages: 3 });
    const past = await w.read('/posts?limit=2&page=9');
    expect(titles(past)).toEqual([]);
    expect(past.json().meta).toEqual({ page: 9, limit: 2, total: 5, pages: 3 });
  });

  it('should filter by tag, category, search and filterable field', async () => {
    const w = await deliveryWorld(ctx);
    await defineFields(w.domain.id, [
      {
        key: 'client',
        label: 'Client',
        type: 'select',
        required: false,
        options: ['Acme', 'Globex'],
        filterable: true,
      },
      { key: 'note', label: 'Note', type: 'text', required: false },
    ]);
    const news = await w.api.createTag('News');
    const sport = await w.api.createCategory('Sport');
    await publishedPost(w.api, { title: 'Tagged apple', tags: [news.id], fields: { client: 'Acme' } });
    await publishedPost(w.api, {
      title: 'Categorised banana',
      category: sport.id,
      fields: { client: 'Globex' },
    });
    const draft = await createPost(w.api, { title: 'Draft apple', tags: [news.id], category: sport.id });
    expect(draft.id).toBeDefined();

    expect(titles(await w.read(`/posts?tag=${news.tag}`))).toEqual(['Tagged apple']);
    expect((await w.read(`/posts?tag=${news.tag}`)).json().meta.total).toBe(1);
    expect(titles(await w.read(`/posts?category=${sport.category}`))).toEqual(['Categorised banana']);
    expect(titles(await w.read('/posts?search=app'))).toEqual(['Tagged apple']);
    expect(titles(await w.read('/posts?search=ban%20categ'))).toEqual(['Categorised banana']);
    expect(titles(await w.read('/posts?search=pple'))).toEqual([]);
    expect(titles(await w.read('/posts?field.client=Globex'))).toEqual(['Categorised banana']);
    expect((await w.read('/posts?field.client=Globex')).json().meta.total).toBe(1);
    expect(titles(await w.read('/posts?tag=no-such-tag'))).toEqual([]);
  });

  it.each([
    ['page=0', 'page'],
    ['page=x', 'page'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=1e400', 'limit'],
    ['include=editorState', 'include'],
    ['status=draft', 'status'],
    ['tags=news', 'tags'],
    ['field.note=x', 'field.note'],
    ['field.nothing=x', 'field.nothing'],
    ['page=1&page=2', 'page'],
  ])('should refuse %s with a 400 that names %s', async (query, name) => {
    const w = await deliveryWorld(ctx);
    await defineFields(w.domain.id, [{ key: 'note', label: 'Note', type: 'text', required: false }]);
    const body = expectError(await w.read(`/posts?${query}`), 400);
    expect(body.errors.join('\n')).toContain(name);
  });
});

describe('GET /api/v1/posts/{id} and /api/v1/posts/slug/{slug}', () => {
  it('should answer a published post with its HTML, by id and by slug', async () => {
    const w = await deliveryWorld(ctx);
    const post = await publishedPost(w.api, { title: 'Alone', editorHtmlContent: '<p>Text</p>' });
    for (const path of [`/posts/${post.id}`, '/posts/slug/alone']) {
      const res = await w.read(path);
      expect(res.statusCode, res.body).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual([...POST_KEYS, 'html'].sort());
      expect(res.json()).toMatchObject({ id: post.id, title: 'Alone', html: '<p>Text</p>' });
    }
  });

  it('should answer 404 for a draft, an approved, an unpublished, a deleted and a missing post', async () => {
    const w = await deliveryWorld(ctx);
    const draft = await createPost(w.api, { title: 'Draft' });
    const approved = await createPost(w.api, { title: 'Approved' });
    await w.api.manage(approved.id, 'APPROVAL', true);
    const unpublished = await publishedPost(w.api, { title: 'Unpublished' });
    await unpublish(w.api, unpublished.id);
    const deleted = await publishedPost(w.api, { title: 'Deleted' });
    await unpublish(w.api, deleted.id);
    await w.api.remove(deleted.id);
    for (const post of [draft, approved, unpublished, deleted]) {
      expectError(await w.read(`/posts/${post.id}`), 404);
      expectError(await w.read(`/posts/slug/${post.slug}`), 404);
    }
    expectError(await w.read('/posts/00000000-0000-4000-8000-000000000000'), 404);
    expectError(await w.read('/posts/slug/never'), 404);
    expectError(await w.read('/posts/not-a-uuid'), 400);
  });
});

describe('key scoping', () => {
  it("should never show another domain's posts, tags or categories", async () => {
    const mine = await deliveryWorld(ctx);
    const theirs = await deliveryWorld(ctx);
    const theirTag = await theirs.api.createTag('Theirs');
    const theirCategory = await theirs.api.createCategory('Theirs');
    const theirPost = await publishedPost(theirs.api, {
      title: 'Their post',
      tags: [theirTag.id],
      category: theirCategory.id,
    });
    await publishedPost(mine.api, { title: 'My post' });

    expect(titles(await mine.read('/posts'))).toEqual(['My post']);
    expect(titles(await mine.read(`/posts?tag=${theirTag.tag}`))).toEqual([]);
    expect(titles(await mine.read(`/posts?category=${theirCategory.category}`))).toEqual([]);
    expectError(await mine.read(`/posts/${theirPost.id}`), 404);
    expectError(await mine.read(`/posts/slug/${theirPost.slug}`), 404);
    expect((await mine.read('/tags')).json().tags).toEqual([]);
    expect((await mine.read('/categories')).json().categories).toEqual([]);
    // A change is readable once every older transaction has ended (on a shared server, any).
    await expect
      .poll(
        async () => ((await mine.read('/changes')).json().changes as { slug: string }[]).map((c) => c.slug),
        {
          timeout: 15_000,
        },
      )
      .toEqual(['my-post']);
  });
});

describe('GET /api/v1/tags and /api/v1/categories', () => {
  it('should list those published posts use by name with the count of published posts only, paged', async () => {
    const w = await deliveryWorld(ctx);
    const beta = await w.api.createTag('beta');
    const alpha = await w.api.createTag('Alpha');
    const gamma = await w.api.createTag('Gamma');
    await w.api.createTag('Unused');
    const cat = await w.api.createCategory('Cat');
    await publishedPost(w.api, { title: 'One', tags: [alpha.id, beta.id], category: cat.id });
    await publishedPost(w.api, { title: 'Two', tags: [alpha.id] });
    await publishedPost(w.api, { title: 'Three', tags: [gamma.id] });
    await createPost(w.api, { title: 'Draft', tags: [alpha.id, beta.id], category: cat.id });

    const res = await w.read('/tags?limit=2');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      tags: [
        { id: alpha.id, slug: alpha.tag, name: 'Alpha', postCount: 2 },
        { id: beta.id, slug: beta.tag, name: 'beta', postCount: 1 },
      ],
      meta: { page: 1, limit: 2, total: 3, pages: 2 },
    });
    expect((await w.read('/tags?limit=2&page=2')).json().tags.map((t: { name: string }) => t.name)).toEqual([
      'Gamma',
    ]);
    expect((await w.read('/categories')).json()).toEqual({
      categories: [{ id: cat.id, slug: cat.category, name: 'Cat', postCount: 1 }],
      meta: { page: 1, limit: 10, total: 1, pages: 1 },
    });
    expectError(await w.read('/tags?search=x'), 400);
  });
});
