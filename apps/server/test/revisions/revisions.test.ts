import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceColumnDefs } from '../../src/db/repositories/column-defs.repository.js';
import { insertPost } from '../../src/db/repositories/posts.repository.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import {
  blogApi,
  createPost,
  expectError,
  lexicalState,
  newDomainApi,
  postBody,
} from '../routes/blogs/blog-fixtures.js';
import { entriesOf, revisionApi } from './revision-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

/** A domain with a member of the role, the post and history calls bound to them. */
async function world(role: 'author' | 'editor' | 'admin' = 'editor') {
  const { domain, token, api } = await newDomainApi(ctx, role);
  return { domain, token, api, history: revisionApi(ctx, token, domain.domain) };
}

async function revisionRows(postId: string) {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from post_revisions where post_id = ${postId}`.execute(ctx.db);
  return rows[0]!.n;
}

describe('GET /cms/blogs/info/{id}/revisions', () => {
  it('should keep a revision per save, newest first, with who saved it and a summary of what changed', async () => {
    const { api, history, token } = await world();
    const [news, sport] = [await api.createTag('News'), await api.createTag('Sport')];
    const post = await createPost(api, { title: 'First title' });
    const email = (await ctx.request(token, { method: 'GET', url: '/cms/user/info' })).json<{
      email: string;
    }>().email;

    expect((await api.update(post.id, postBody({ title: 'Second title' }))).statusCode).toBe(200);
    const third = await api.update(
      post.id,
      postBody({ title: 'Second title', editorHtmlContent: '<p>New text</p>', tags: [news.id, sport.id] }),
    );
    expect(third.statusCode, third.body).toBe(200);

    const entries = await entriesOf(history, post.id);
    expect(entries.map((e) => [e.kind, e.summary])).toEqual([
      ['updated', 'content, 2 tags added'],
      ['updated', 'title'],
      ['created', 'created'],
    ]);
    expect(entries[0]).toMatchObject({ changes: ['content', 'tags'], tagsAdded: 2, tagsRemoved: 0 });
    for (const entry of entries) {
      expect(entry.by.email).toBe(email);
      expect(entry.hasContent).toBe(true);
      expect(Date.parse(entry.at)).toBeGreaterThan(Date.now() - 60_000);
    }

    const page = await history.history(post.id, { page: 1, numberOfEntries: 2 });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ totalEntries: 3, totalPages: 2, currentPage: 1 });
    expect(page.json<{ entries: { id: string }[] }>().entries.map((e) => e.id)).toEqual([entries[2]!.id]);
  });

  it('should add no revision for a save that changed nothing', async () => {
    const { api, history } = await world();
    const tag = await api.createTag('Kept');
    const body = postBody({ tags: [tag.id], fields: {}, editorState: lexicalState() });
    const post = await createPost(api, body);
    // The same post, with its tag as an object and its fields in another order: still the same.
    const again = await api.update(post.id, { ...body, tags: [{ id: tag.id }] });
    expect(again.statusCode, again.body).toBe(200);
    expect((await entriesOf(history, post.id)).map((e) => e.kind)).toEqual(['created']);
  });

  it('should add nothing for a save that is refused (400, 403, 409, 412)', async () => {
    const { api, history, domain } = await world();
    const post = await createPost(api);
    const etag = (await api.get(post.id)).headers.etag as string;
    expect((await api.update(post.id, postBody({ title: 'Changed' }))).statusCode).toBe(200);

    expectError(await api.update(post.id, postBody({ title: '   ' })), 400);
    expectError(await api.update(post.id, postBody({ title: 'Stale' }), { 'if-match': etag }), 412);
    const outsider = await ctx.member('editor', await ctx.domain());
    expectError(
      await blogApi(ctx, outsider.token, domain.domain).update(post.id, postBody({ title: 'X' })),
      403,
    );
    expect((await api.manage(post.id, 'APPROVAL', true)).statusCode).toBe(200);
    expectError(await api.update(post.id, postBody({ title: 'While approved' })), 409);
    expectError(await api.create(postBody({ writtenBy: '' })), 400);

    const kinds = (await entriesOf(history, post.id)).map((e) => e.kind);
    expect(kinds).toEqual(['approved', 'updated', 'created']);
  });

  it('should say what changed in each part of a post', async () => {
    const { api, history, domain } = await world();
    await replaceColumnDefs(ctx.db, domain.id, [
      { key: 'note', label: 'Note', type: 'text', required: false },
    ]);
    const [a, b, c] = [await api.createTag('A'), await api.createTag('B'), await api.createTag('C')];
    const category = await api.createCategory('Reviews');
    const base = postBody({ tags: [a.id, b.id, c.id] });
    const post = await createPost(api, base);
    const steps: [Record<string, unknown>, string][] = [
      [{ shortDescription: 'Short' }, 'description'],
      [{ featureImageUrl: 'https://images.example.test/a.png' }, 'feature image'],
      [{ category: category.id }, 'category'],
      [{ fields: { note: 'hello' } }, 'fields'],
      [{ writtenBy: 'Grace Hopper' }, 'author'],
      [{ tags: [c.id, b.id, a.id] }, 'tags reordered'],
      [{ tags: [c.id] }, '2 tags removed'],
      [{ tags: [a.id], editorState: lexicalState('Other') }, 'content, 1 tag added, 1 tag removed'],
    ];
    let body: Record<string, unknown> = base;
    for (const [change] of steps) {
      body = { ...body, ...change };
      const res = await api.update(post.id, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    const summaries = (await entriesOf(history, post.id)).map((e) => e.summary).reverse();
    expect(summaries).toEqual(['created', ...steps.map(([, line]) => line)]);
  });

  it('should record approve, publish, unpublish, unapprove, schedule and its cancelling as events without content', async () => {
    const { api, history, token, domain } = await world();
    const post = await createPost(api);
    for (const [type, value] of [
      ['APPROVAL', true],
      ['PUBLISH', true],
      ['PUBLISH', false],
      ['APPROVAL', false],
      ['APPROVAL', true],
    ] as const)
      expect((await api.manage(post.id, type, value)).statusCode).toBe(200);
    const publishAt = new Date(Date.now() + 86_400_000).toISOString();
    const url = `/cms/blogs/schedule/${post.id}?domain=${domain.domain}`;
    const scheduled = await ctx.request(token, { method: 'PUT', url, payload: { publishAt } });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect((await ctx.request(token, { method: 'DELETE', url })).statusCode).toBe(200);

    const entries = await entriesOf(history, post.id);
    expect(entries.map((e) => e.summary)).toEqual([
      'unscheduled',
      'scheduled',
      'approved',
      'unapproved',
      'unpublished',
      'published',
      'approved',
      'created',
    ]);
    const created = entries.at(-1)!;
    expect(entries.filter((e) => e.hasContent)).toEqual([created]);
    expect(entries.find((e) => e.kind === 'published')!.contentRevisionId).toBe(created.id);
    expect(entries.find((e) => e.kind === 'scheduled')!.scheduledFor).toBe(publishAt);

    const event = await history.get(post.id, entries[0]!.id);
    expect(event.statusCode, event.body).toBe(200);
    expect(event.json()).toMatchObject({ kind: 'unscheduled', content: null });
  });

  it('should let every member of the domain read the history, and no one else', async () => {
    const { api, domain } = await world();
    const post = await createPost(api);
    const author = await ctx.member('author', domain);
    expect((await revisionApi(ctx, author.token, domain.domain).history(post.id)).statusCode).toBe(200);

    const otherDomain = await ctx.domain();
    const outsider = await ctx.member('admin', otherDomain);
    expectError(await revisionApi(ctx, outsider.token, domain.domain).history(post.id), 403);
    // Asked through their own domain, another domain's post is not found.
    expectError(await revisionApi(ctx, outsider.token, otherDomain.domain).history(post.id), 404);
    expectError(await revisionApi(ctx, outsider.token, otherDomain.domain).history(randomUUID()), 404);
  });

  it('should delete the history with its post', async () => {
    const { api, history } = await world();
    const post = await createPost(api);
    expect((await api.update(post.id, postBody({ title: 'Again' }))).statusCode).toBe(200);
    expect(await revisionRows(post.id)).toBe(2);
    expect((await api.remove(post.id)).statusCode).toBe(204);
    expect(await revisionRows(post.id)).toBe(0);
    expectError(await history.history(post.id), 404);
  });

  it('should keep the post as it was before history began with its first save after', async () => {
    const { api, history, domain } = await world();
    const { id } = await insertPost(ctx.db, domain.id, {
      title: 'Older post',
      slug: 'older-post',
      short_description: '',
      feature_image_url: '',
      editor_html_content: '<p>Old text</p>',
      editor_state: null,
      editor_text_string: 'Old text',
      category_id: null,
      fields: {},
      written_by: 'Ada Lovelace',
    });
    expect(await revisionRows(id)).toBe(0);
    expect((await api.update(id, postBody({ title: 'Newer title' }))).statusCode).toBe(200);

    const entries = await entriesOf(history, id);
    expect(entries.map((e) => [e.kind, e.summary])).toEqual([
      ['updated', 'title, content'],
      ['baseline', 'as it was before history was kept'],
    ]);
    const baseline = await history.get(id, entries[1]!.id);
    expect(baseline.json()).toMatchObject({
      content: { title: 'Older post', editorHtmlContent: '<p>Old text</p>' },
    });
  });
});

describe('GET /cms/blogs/info/{id}/revisions/{revisionId}', () => {
  it('should answer the revision in full, with its tags and category as they were named', async () => {
    const { api, history } = await world();
    const tag = await api.createTag('Politics');
    const category = await api.createCategory('Opinion');
    const state = lexicalState('Words');
    const post = await createPost(api, {
      title: 'Full',
      shortDescription: 'Desc',
      featureImageUrl: 'https://images.example.test/f.png',
      editorHtmlContent: '<p>Words</p>',
      editorState: state,
      tags: [tag.id],
      category: category.id,
    });
    await api.updateTag(tag.id, 'World politics');
    const [entry] = await entriesOf(history, post.id);

    const res = await history.get(post.id, entry!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: entry!.id,
      kind: 'created',
      content: {
        title: 'Full',
        shortDescription: 'Desc',
        featureImageUrl: 'https://images.example.test/f.png',
        editorHtmlContent: '<p>Words</p>',
        editorState: state,
        editorTextString: 'Words',
        tags: [{ id: tag.id, tag: 'politics', tagDisplayName: 'Politics' }],
        category: { id: category.id, categoryDisplayName: 'Opinion' },
        fields: {},
        writtenBy: 'Ada Lovelace',
      },
    });
  });

  it("should answer 404 for another post's or another domain's revision", async () => {
    const mine = await world();
    const theirs = await world();
    const post = await createPost(mine.api);
    const other = await createPost(mine.api);
    const foreign = await createPost(theirs.api);
    const [own] = await entriesOf(mine.history, post.id);
    const [foreignEntry] = await entriesOf(theirs.history, foreign.id);

    expectError(await mine.history.get(other.id, own!.id), 404);
    expectError(await mine.history.get(post.id, foreignEntry!.id), 404);
    expectError(await mine.history.get(foreign.id, foreignEntry!.id), 404);
    expectError(await mine.history.restore(post.id, foreignEntry!.id), 404);
    expectError(await mine.history.get(post.id, randomUUID()), 404);
    expectError(await mine.history.get(post.id, 'not-a-uuid'), 400);
  });
});

describe('POST /cms/blogs/info/{id}/revisions/{revisionId}/restore', () => {
  it("should make the revision's content the post's as a new save, its slug following the title", async () => {
    const { api, history } = await world();
    const [first, second] = [await api.createTag('First'), await api.createTag('Second')];
    const post = await createPost(api, { title: 'Original title', tags: [first.id] });
    const changed = await api.update(
      post.id,
      postBody({ title: 'Rewritten', editorHtmlContent: '<p>Other</p>', tags: [second.id] }),
    );
    expect(changed.json()).toMatchObject({ slug: 'rewritten' });
    const original = (await entriesOf(history, post.id)).at(-1)!;
    const etag = (await api.get(post.id)).headers.etag as string;

    const res = await history.restore(post.id, original.id, { 'if-match': etag });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      post: { title: 'Original title', slug: 'original-title', editorHtmlContent: '<p>Body text</p>' },
      skipped: [],
    });
    expect(res.json().post.tags.map((t: { id: string }) => t.id)).toEqual([first.id]);
    const now = await api.get(post.id);
    expect(res.headers.etag).toBe(now.headers.etag);
    expect(res.headers.etag).not.toBe(etag);

    const [latest] = await entriesOf(history, post.id);
    expect(latest).toMatchObject({
      kind: 'restored',
      restoredFrom: original.id,
      summary: 'restored: title, content, 1 tag added, 1 tag removed',
      hasContent: true,
    });
    // Restoring what the post already holds is a save that changes nothing.
    const again = await history.restore(post.id, original.id);
    expect(again.statusCode, again.body).toBe(200);
    expect((await entriesOf(history, post.id))[0]!.id).toBe(latest!.id);
  });

  it('should be refused with 409 while the post is approved or published, and add nothing', async () => {
    const { api, history } = await world();
    const post = await createPost(api, { title: 'One' });
    expect((await api.update(post.id, postBody({ title: 'Two' }))).statusCode).toBe(200);
    const first = (await entriesOf(history, post.id)).at(-1)!;

    expect((await api.manage(post.id, 'APPROVAL', true)).statusCode).toBe(200);
    const approved = expectError(await history.restore(post.id, first.id), 409);
    expect(approved.errors[0]).toMatch(/^Unapprove this post before editing it/);
    expect((await api.manage(post.id, 'PUBLISH', true)).statusCode).toBe(200);
    const published = expectError(await history.restore(post.id, first.id), 409);
    expect(published.errors[0]).toMatch(/^Unpublish and unapprove this post/);

    expect((await api.get(post.id)).json()).toMatchObject({ title: 'Two' });
    expect((await entriesOf(history, post.id)).map((e) => e.kind)).toEqual([
      'published',
      'approved',
      'updated',
      'created',
    ]);
  });

  it('should be refused with 412 when the post changed since the If-Match', async () => {
    const { api, history } = await world();
    const post = await createPost(api, { title: 'One' });
    const stale = (await api.get(post.id)).headers.etag as string;
    expect((await api.update(post.id, postBody({ title: 'Two' }))).statusCode).toBe(200);
    const first = (await entriesOf(history, post.id)).at(-1)!;

    expectError(await history.restore(post.id, first.id, { 'if-match': stale }), 412);
    expect((await api.get(post.id)).json()).toMatchObject({ title: 'Two' });
    expect(await entriesOf(history, post.id)).toHaveLength(2);
  });

  it('should let an author restore what they may edit, and nothing else', async () => {
    const { api, domain } = await world();
    const author = await ctx.member('author', domain);
    const asAuthor = revisionApi(ctx, author.token, domain.domain);
    const draft = await createPost(api, { title: 'Draft one' });
    expect((await api.update(draft.id, postBody({ title: 'Draft two' }))).statusCode).toBe(200);
    const approved = await createPost(api, { title: 'Approved one' });
    expect((await api.update(approved.id, postBody({ title: 'Approved two' }))).statusCode).toBe(200);
    expect((await api.manage(approved.id, 'APPROVAL', true)).statusCode).toBe(200);

    const draftFirst = (await entriesOf(asAuthor, draft.id)).at(-1)!;
    const ok = await asAuthor.restore(draft.id, draftFirst.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await entriesOf(asAuthor, draft.id))[0]!.by.email).toBe(author.email);

    const approvedFirst = (await entriesOf(asAuthor, approved.id)).at(-1)!;
    expectError(await asAuthor.restore(approved.id, approvedFirst.id), 409);
    expect((await api.get(approved.id)).json()).toMatchObject({ title: 'Approved two' });

    const outsider = await ctx.member('admin', await ctx.domain());
    expectError(await revisionApi(ctx, outsider.token, domain.domain).restore(draft.id, draftFirst.id), 403);
  });

  it('should leave out tags and a category deleted since, and say so', async () => {
    const { api, history } = await world();
    const [kept, gone] = [await api.createTag('Kept'), await api.createTag('Gone')];
    const category = await api.createCategory('Removed');
    const post = await createPost(api, { tags: [kept.id, gone.id], category: category.id });
    expect((await api.update(post.id, postBody({ title: 'Later' }))).statusCode).toBe(200);
    await api.deleteTag(gone.id);
    await api.deleteCategory(category.id);
    const first = (await entriesOf(history, post.id)).at(-1)!;

    const res = await history.restore(post.id, first.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().skipped).toEqual([
      'tag "Gone" was deleted since',
      'category "Removed" was deleted since',
    ]);
    expect(res.json().post).toMatchObject({ title: 'A post', tags: [{ id: kept.id }], category: null });
  });

  it('should refuse a workflow event, which holds no content, with 409', async () => {
    const { api, history } = await world();
    const post = await createPost(api);
    expect((await api.manage(post.id, 'APPROVAL', true)).statusCode).toBe(200);
    expect((await api.manage(post.id, 'APPROVAL', false)).statusCode).toBe(200);
    const [event] = await entriesOf(history, post.id);
    const body = expectError(await history.restore(post.id, event!.id), 409);
    expect(body.errors[0]).toMatch(/not a version of its content/);
  });
});

describe('the OpenAPI document', () => {
  it('should describe the history, revision and restore calls', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/cms/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const base = '/cms/blogs/info/{id}/revisions';
    expect(Object.keys(document.paths[base] ?? {})).toEqual(['get']);
    expect(Object.keys(document.paths[`${base}/{revisionId}`] ?? {})).toEqual(['get']);
    const restore = document.paths[`${base}/{revisionId}/restore`]?.post;
    expect(Object.keys(restore?.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '412',
    ]);
  });
});
