import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/test-app.js';
import {
  UUID,
  blogApi,
  createPost,
  expectError,
  lexicalState,
  newDomainApi,
  postBody,
  sleep,
} from './blog-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const SUMMARY_KEYS = (
  'approved category createdDate featureImageUrl fields id lastModifiedDate published scheduledFor ' +
  'shortDescription slug tags title writtenBy'
).split(' ');
const CONTENT_KEYS = ['editorHtmlContent', 'editorState', 'editorTextString'];
const POST_KEYS = [...SUMMARY_KEYS, ...CONTENT_KEYS].sort();

const isIsoDate = (value: unknown) => typeof value === 'string' && new Date(value).toISOString() === value;

describe('POST /cms/blogs/info', () => {
  it('should create a draft post with every field of the Blog post shape', async () => {
    const { api } = await newDomainApi(ctx);
    const news = await api.createTag('News');
    const tech = await api.createTag('Tech Talk');
    const category = await api.createCategory('Release Notes');
    const state = lexicalState('Hello there');

    const res = await api.create({
      title: '  Launch Day  ',
      shortDescription: 'What shipped today',
      featureImageUrl: 'https://cdn.example.com/launch.png',
      editorHtmlContent: '<p>Hello there</p>',
      editorState: state,
      editorTextString: 'Hello there',
      tags: [news.id, { id: tech.id }],
      category: { id: category.id },
      fields: {},
      writtenBy: 'Grace Hopper',
    });

    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers.etag).toMatch(/^"\d+"$/);
    const post = res.json();
    expect(Object.keys(post).sort()).toEqual(POST_KEYS);
    expect(post.id).toMatch(UUID);
    expect(post.scheduledFor).toBeNull();
    expect(post.title).toBe('Launch Day');
    expect(post.slug).toBe('launch-day');
    expect(post.shortDescription).toBe('What shipped today');
    expect(post.featureImageUrl).toBe('https://cdn.example.com/launch.png');
    expect(post.editorHtmlContent).toBe('<p>Hello there</p>');
    expect(post.editorState).toBe(state);
    expect(post.editorTextString).toBe('Hello there');
    expect(post.tags).toEqual([
      { id: news.id, tag: 'news', tagDisplayName: 'News' },
      { id: tech.id, tag: 'tech-talk', tagDisplayName: 'Tech Talk' },
    ]);
    expect(post.category).toEqual({
      id: category.id,
      category: 'release-notes',
      categoryDisplayName: 'Release Notes',
    });
    expect(post.fields).toEqual({});
    expect(post.writtenBy).toBe('Grace Hopper');
    expect(isIsoDate(post.createdDate)).toBe(true);
    expect(isIsoDate(post.lastModifiedDate)).toBe(true);
    expect(post.lastModifiedDate).toBe(post.createdDate);
    expect(Math.abs(Date.parse(post.createdDate) - Date.now())).toBeLessThan(60_000);
    expect(post.published).toBe(false);
    expect(post.approved).toBe(false);
  });

  it('should accept tags as ids or objects and store a duplicated tag once, in order', async () => {
    const { api } = await newDomainApi(ctx);
    const [a, b, c] = [
      await api.createTag('Alpha'),
      await api.createTag('Beta'),
      await api.createTag('Gamma'),
    ];

    const post = await createPost(api, {
      tags: [b.id, { id: a.id }, b.id, { id: b.id }, c.id, { id: a.id }],
    });

    expect((post.tags as { id: string }[]).map((t) => t.id)).toEqual([b.id, a.id, c.id]);
    const reread = (await api.get(post.id)).json();
    expect(reread.tags.map((t: { id: string }) => t.id)).toEqual([b.id, a.id, c.id]);
  });

  it('should accept the category as a plain id, and null or nothing for no category', async () => {
    const { api } = await newDomainApi(ctx);
    const category = await api.createCategory('Guides');

    expect((await createPost(api, { category: category.id })).category).toEqual({
      id: category.id,
      category: 'guides',
      categoryDisplayName: 'Guides',
    });
    expect((await createPost(api, { category: null })).category).toBeNull();
    expect((await createPost(api)).category).toBeNull();
  });

  it('should derive editorTextString from the HTML when it is omitted', async () => {
    const { api } = await newDomainApi(ctx);

    const post = await createPost(api, {
      editorHtmlContent:
        '<h1>Big &amp; Bold</h1><p>Some <strong>strong</strong> words</p><ul><li>one</li><li>two</li></ul>',
    });

    const lines = String(post.editorTextString)
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    expect(lines).toEqual(['Big & Bold', 'Some strong words', 'one', 'two']);
  });

  it('should sanitise the HTML: scripts and event handlers go, headings, links and tables stay', async () => {
    const { api } = await newDomainApi(ctx);
    const html =
      '<h2>Heading</h2><script>alert("x")</script>' +
      '<p><a href="https://example.com/page">a link</a> <img src="https://example.com/a.png" onerror="alert(1)"></p>' +
      '<p><a href="javascript:alert(2)">bad link</a></p>' +
      '<table><tbody><tr><td colspan="2">cell</td></tr></tbody></table>';

    const post = await createPost(api, { editorHtmlContent: html });

    const saved = String(post.editorHtmlContent);
    expect(saved).not.toMatch(/<script|alert|onerror|javascript:/i);
    expect(saved).toContain('<h2>Heading</h2>');
    expect(saved).toContain('<a href="https://example.com/page">a link</a>');
    expect(saved).toContain('<img src="https://example.com/a.png" />');
    expect(saved).toContain('bad link');
    expect(saved).toContain('<table><tbody><tr><td colspan="2">cell</td></tr></tbody></table>');
    expect((await api.get(post.id)).json().editorHtmlContent).toBe(saved);
  });
});

describe('GET /cms/blogs/info/{id}', () => {
  it('should return the post as created, with the same ETag', async () => {
    const { api } = await newDomainApi(ctx);
    const tag = await api.createTag('Solo');
    const created = await api.create(postBody({ tags: [tag.id], editorState: lexicalState() }));

    const res = await api.get(created.json().id);

    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(created.headers.etag);
    expect(res.json()).toEqual(created.json());
  });

  it('should answer 404 for a post of another domain the user is also a member of', async () => {
    const one = await ctx.domain();
    const two = await ctx.domain();
    const { token } = await ctx.member('editor', one, two);
    const post = await createPost(blogApi(ctx, token, one.domain));

    expectError(await blogApi(ctx, token, two.domain).get(post.id), 404);
  });
});

describe('GET /cms/blogs/all', () => {
  it('should list summaries without the content fields, last modified first', async () => {
    const { api } = await newDomainApi(ctx);
    const category = await api.createCategory('Cat');
    const first = await api.get((await createPost(api, { title: 'First', category: category.id })).id);
    await sleep(5);
    const second = await api.get(
      (await createPost(api, { title: 'Second', editorState: lexicalState() })).id,
    );

    const res = await api.list();

    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ totalEntries: 2, totalPages: 1, currentPage: 0 });
    expect(page.entries).toHaveLength(2);
    for (const entry of page.entries) {
      expect(Object.keys(entry).sort()).toEqual(SUMMARY_KEYS);
      for (const key of CONTENT_KEYS) expect(entry).not.toHaveProperty(key);
    }
    const summary = (full: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(full).filter(([key]) => !CONTENT_KEYS.includes(key)));
    expect(page.entries).toEqual([summary(second.json()), summary(first.json())]);
  });

  it('should answer 401 with a Bearer challenge without a token', async () => {
    const { domain } = await newDomainApi(ctx);

    const res = await ctx.request(null, { method: 'GET', url: `/cms/blogs/all?domain=${domain.domain}` });

    expectError(res, 401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('should return an empty page with zero totals for a domain without posts', async () => {
    const { api } = await newDomainApi(ctx);

    const res = await api.list();

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ entries: [], totalPages: 0, currentPage: 0, totalEntries: 0 });
  });
});

describe('PUT /cms/blogs/info/{id}', () => {
  it('should update with the current If-Match and return a new ETag', async () => {
    const { api } = await newDomainApi(ctx);
    const tag = await api.createTag('Kept');
    const created = await api.create(postBody({ tags: [tag.id] }));
    const { id } = created.json();

    const res = await api.update(
      id,
      postBody({ title: 'Renamed', shortDescription: 'New words', tags: [], category: null }),
      { 'if-match': created.headers.etag as string },
    );

    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toMatch(/^"\d+"$/);
    expect(res.headers.etag).not.toBe(created.headers.etag);
    expect(res.json()).toMatchObject({
      id,
      title: 'Renamed',
      slug: 'renamed',
      shortDescription: 'New words',
      tags: [],
    });
    const reread = await api.get(id);
    expect(reread.headers.etag).toBe(res.headers.etag);
    expect(reread.json()).toEqual(res.json());
  });

  it('should refuse a stale If-Match with 412 and leave the post unchanged', async () => {
    const { api } = await newDomainApi(ctx);
    const created = await api.create(postBody({ title: 'Original' }));
    const { id } = created.json();
    const staleEtag = created.headers.etag as string;
    const first = await api.update(id, postBody({ title: 'First edit' }), { 'if-match': staleEtag });
    expect(first.statusCode).toBe(200);

    const res = await api.update(id, postBody({ title: 'Second edit' }), { 'if-match': staleEtag });

    const body = expectError(res, 412);
    expect(body.detailedMessage).toMatch(/reload/i);
    const reread = await api.get(id);
    expect(reread.json()).toEqual(first.json());
    expect(reread.headers.etag).toBe(first.headers.etag);
  });

  it('should accept a PUT without If-Match', async () => {
    const { api } = await newDomainApi(ctx);
    const post = await createPost(api);

    const res = await api.update(post.id, postBody({ title: 'No precondition' }));

    expect(res.statusCode, res.body).toBe(200);
    expect((await api.get(post.id)).json().title).toBe('No precondition');
  });

  it('should change lastModifiedDate and keep createdDate', async () => {
    const { api } = await newDomainApi(ctx);
    const post = await createPost(api);
    await sleep(10);

    const updated = (await api.update(post.id, postBody({ title: 'Later' }))).json();

    expect(updated.createdDate).toBe(post.createdDate);
    expect(Date.parse(updated.lastModifiedDate)).toBeGreaterThan(Date.parse(String(post.lastModifiedDate)));
  });
});

describe('DELETE /cms/blogs/info/{id}', () => {
  it('should delete with the domain parameter, and then GET is 404', async () => {
    const { api } = await newDomainApi(ctx);
    const post = await createPost(api);

    const res = await api.remove(post.id);

    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectError(await api.get(post.id), 404);
    expect((await api.list()).json().totalEntries).toBe(0);
  });

  it('should delete without the domain parameter, checked against the post’s own domain', async () => {
    const { api } = await newDomainApi(ctx);
    const keep = await createPost(api, { title: 'Keep' });
    const post = await createPost(api, { title: 'Drop' });

    const res = await api.remove(post.id, { withDomain: false });

    expect(res.statusCode).toBe(204);
    expectError(await api.get(post.id), 404);
    expect((await api.get(keep.id)).statusCode).toBe(200);
  });

  it('should answer 404 and keep the post when the caller is not a member of its domain', async () => {
    const { api } = await newDomainApi(ctx);
    const post = await createPost(api);
    const outsider = await newDomainApi(ctx);

    expectError(await outsider.api.remove(post.id, { withDomain: false }), 404);
    expectError(await outsider.api.remove(post.id), 404);
    expect((await api.get(post.id)).statusCode).toBe(200);
  });
});
