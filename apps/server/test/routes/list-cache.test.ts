import { sql } from 'kysely';
import type { ColumnDef } from '@masthead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { parseEnv } from '../../src/config/env.js';
import { recountDomain } from '../../src/db/repositories/post-counts.repository.js';
import { setColumnDefs } from '../../src/services/column-defs.service.js';
import { createTestContext, tempDataDir, type TestContext, type TestDomain } from '../helpers/test-app.js';
import { blogApi, createPost, expectError, newDomainApi, type BlogApi } from './blogs/blog-fixtures.js';

// Lists are answered from a cache kept under each domain's list version (decision 030). These tests
// hold the rule that makes it safe: every write a list shows moves its domain's version, in the
// same transaction, and a list never shows an answer older than the version it read.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const clientField = (filterable: boolean): ColumnDef[] => [
  {
    key: 'client',
    label: 'Client',
    type: 'select',
    required: false,
    options: ['Acme', 'Globex'],
    filterable,
  },
];

async function versionOf(domain: TestDomain) {
  const { rows } = await sql<{ v: string }>`
    select version::text as v from list_versions where domain_id = ${domain.id}`.execute(ctx.db);
  return BigInt(rows[0]!.v);
}

/** Changes a post's title without firing any trigger (as a restore or a bug might). */
async function retitleBehindTheTriggers(id: string, title: string) {
  await ctx.db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`update posts set title = ${title} where id = ${id}`.execute(trx);
  });
}

async function listTitles(api: BlogApi, query: Record<string, string | number> = {}) {
  const res = await api.list(query);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json<{ entries: { title: string }[] }>().entries.map((e) => e.title);
}

describe('the list version', () => {
  it("should move with every kind of write a list shows, and only in the write's own domain", async () => {
    const { api, domain } = await newDomainApi(ctx);
    const other = await ctx.domain();
    const otherBefore = await versionOf(other);
    const steps: [string, () => Promise<unknown>][] = [];
    let postId = '';
    let tagId = '';
    let categoryId = '';
    steps.push(['a tag is created', async () => (tagId = (await api.createTag('Rust')).id)]);
    steps.push(['a category is created', async () => (categoryId = (await api.createCategory('News')).id)]);
    steps.push([
      'a post is created',
      async () =>
        (postId = (await createPost(api, { title: 'First', tags: [tagId], category: categoryId })).id),
    ]);
    steps.push([
      'a post is edited',
      () =>
        api.update(postId, { title: 'Second', writtenBy: 'A', editorHtmlContent: '<p>x</p>', tags: [tagId] }),
    ]);
    steps.push(['a post is approved', () => api.manage(postId, 'APPROVAL', true)]);
    steps.push(['a post is published', () => api.manage(postId, 'PUBLISH', true)]);
    steps.push(['a post is unpublished', () => api.manage(postId, 'PUBLISH', false)]);
    steps.push(['a post is unapproved', () => api.manage(postId, 'APPROVAL', false)]);
    steps.push(['a tag is renamed', () => api.updateTag(tagId, 'Rustacean')]);
    steps.push([
      'a field definition is added',
      () => ctx.db.transaction().execute((trx) => setColumnDefs(trx, domain.id, clientField(true))),
    ]);
    steps.push([
      'a field stops being filterable',
      () => ctx.db.transaction().execute((trx) => setColumnDefs(trx, domain.id, clientField(false))),
    ]);
    steps.push([
      "a post's tags change alone",
      () => sql`delete from post_tags where post_id = ${postId}`.execute(ctx.db),
    ]);
    steps.push(['a tag is deleted', async () => api.deleteTag((await api.createTag('Gone')).id)]);
    steps.push(['a category is deleted', () => api.deleteCategory(categoryId)]);
    steps.push([
      'the counters are recounted and corrected',
      async () => {
        await sql`update post_counts set n = n + 3 where domain_id = ${domain.id}`.execute(ctx.db);
        await ctx.db.transaction().execute((trx) => recountDomain(trx, domain.id));
      },
    ]);
    steps.push(['a post is deleted', () => api.remove(postId)]);

    for (const [what, step] of steps) {
      const before = await versionOf(domain);
      await step();
      expect(await versionOf(domain), what).toBeGreaterThan(before);
    }
    expect(await versionOf(other)).toBe(otherBefore);
  });

  it('should move once per transaction, however many statements it runs', async () => {
    const { api, domain } = await newDomainApi(ctx);
    const tag = await api.createTag('Once');
    const before = await versionOf(domain);
    // A create inserts the post, then its tags: two statements that bump, one transaction.
    await createPost(api, { title: 'With a tag', tags: [tag.id] });
    expect(await versionOf(domain)).toBe(before + 1n);
  });

  it('should give every new domain its version', async () => {
    const domain = await ctx.domain();
    expect(await versionOf(domain)).toBe(0n);
  });

  it('should not move when nothing a list shows changes', async () => {
    const { api, domain } = await newDomainApi(ctx);
    const post = await createPost(api);
    const before = await versionOf(domain);
    await api.list();
    await api.get(post.id);
    await ctx.db.transaction().execute((trx) => recountDomain(trx, domain.id));
    expect(await versionOf(domain)).toBe(before);
  });

  it('should move every domain when a table a list shows is truncated', async () => {
    const [a, b] = [await ctx.domain(), await ctx.domain()];
    const before = [await versionOf(a), await versionOf(b)];
    // post_tags: the one table a test can empty without losing the other tests' domains.
    await sql`truncate post_tags`.execute(ctx.db);
    expect(await versionOf(a)).toBeGreaterThan(before[0]!);
    expect(await versionOf(b)).toBeGreaterThan(before[1]!);
  });
});

describe('the list cache', () => {
  it('should answer a repeated list from the cache until the version moves', async () => {
    const { api } = await newDomainApi(ctx);
    const post = await createPost(api, { title: 'Original' });
    expect(await listTitles(api)).toEqual(['Original']);
    // Unseen by the triggers, so the version stays: the same request is the cached answer.
    await retitleBehindTheTriggers(post.id, 'Changed unseen');
    expect(await listTitles(api)).toEqual(['Original']);
    // Another request is not: it has its own answer.
    expect(await listTitles(api, { numberOfEntries: 5 })).toEqual(['Changed unseen']);
    // Any write moves the version, and the next list is made again.
    await createPost(api, { title: 'Newer' });
    expect(await listTitles(api)).toEqual(['Newer', 'Changed unseen']);
  });

  it('should show a write at once in every list it touches', async () => {
    const { api } = await newDomainApi(ctx);
    const tag = await api.createTag('Alpha');
    const post = await createPost(api, { title: 'Tagged', tags: [tag.id] });
    const tagNames = async () => {
      const res = await api.list();
      return res
        .json<{ entries: { tags: { tagDisplayName: string }[] }[] }>()
        .entries[0]!.tags.map((t) => t.tagDisplayName);
    };
    const tagList = async () => {
      const res = await api.tags();
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ entries: { tagDisplayName: string }[] }>().entries.map((t) => t.tagDisplayName);
    };
    expect(await tagNames()).toEqual(['Alpha']);
    expect(await tagList()).toEqual(['Alpha']);
    await api.updateTag(tag.id, 'Beta');
    expect(await tagNames()).toEqual(['Beta']);
    expect(await tagList()).toEqual(['Beta']);
    expect(await listTitles(api, { status: 'published' })).toEqual([]);
    await api.manage(post.id, 'APPROVAL', true);
    await api.manage(post.id, 'PUBLISH', true);
    expect(await listTitles(api, { status: 'published' })).toEqual(['Tagged']);
  });

  it('should refuse a field filter at once when the field stops being filterable', async () => {
    const { api, domain } = await newDomainApi(ctx);
    await ctx.db.transaction().execute((trx) => setColumnDefs(trx, domain.id, clientField(true)));
    await createPost(api, { title: 'Client post', fields: { client: 'Acme' } });
    expect(await listTitles(api, { 'field.client': 'Acme' })).toEqual(['Client post']);
    await ctx.db.transaction().execute((trx) => setColumnDefs(trx, domain.id, clientField(false)));
    expectError(await api.list({ 'field.client': 'Acme' }), 400);
  });

  it("should check the caller's membership before answering from the cache", async () => {
    const { api, domain } = await newDomainApi(ctx);
    await createPost(api, { title: 'Private' });
    expect(await listTitles(api)).toEqual(['Private']);
    const stranger = await ctx.member('admin', await ctx.domain());
    const strangerApi = blogApi(ctx, stranger.token, domain.domain);
    expectError(await strangerApi.list(), 403);
    expectError(await strangerApi.tags(), 403);
    // The same request on another domain is that domain's answer.
    const elsewhere = await newDomainApi(ctx);
    expect(await listTitles(elsewhere.api)).toEqual([]);
  });

  it('should end on the true list after concurrent writes, field changes and reads, with no error', async () => {
    const { api, domain } = await newDomainApi(ctx);
    const posts = await Promise.all([1, 2, 3, 4].map((i) => createPost(api, { title: `Seed ${i}` })));
    const statuses: number[] = [];
    const record = async (call: Promise<{ statusCode: number }>) => statuses.push((await call).statusCode);
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 12; i++) {
      work.push(
        record(api.create({ title: `Concurrent ${i}`, writtenBy: 'A', editorHtmlContent: '<p>x</p>' })),
      );
      work.push(record(api.list({ numberOfEntries: 100 })));
      work.push(record(api.list({ status: 'draft', numberOfEntries: 100 })));
      if (i < posts.length) work.push(record(api.remove(posts[i]!.id)));
      // A field-definition change takes the counting lock before the domain's row; writers must too.
      if (i % 4 === 0)
        work.push(
          ctx.db.transaction().execute((trx) => setColumnDefs(trx, domain.id, clientField(i % 8 === 0))),
        );
    }
    await Promise.all(work);
    expect(statuses.filter((status) => status >= 300)).toEqual([]);
    const { rows } = await sql<{ title: string }>`
      select title from posts where domain_id = ${domain.id} order by updated_at desc, id desc`.execute(
      ctx.db,
    );
    expect(await listTitles(api, { numberOfEntries: 100 })).toEqual(rows.map((r) => r.title));
    expect(rows).toHaveLength(12);
  });

  it('should show at once a write made through another server process', async () => {
    // A second app on the same database, with its own cache: as a second process (WEB_CONCURRENCY)
    // or a second machine would be.
    const other = await buildApp({
      env: parseEnv({
        OIDC_AUTHORITY: ctx.idp.issuer,
        PUBLIC_URL: 'http://localhost:3000',
        DATA_DIR: tempDataDir(),
        MASTHEAD_DEMO: '0',
        LOG_LEVEL: 'silent',
      }),
      db: ctx.db,
      logger: false,
    });
    await other.ready();
    try {
      const { api, token, domain } = await newDomainApi(ctx);
      await createPost(api, { title: 'First' });
      const titlesThroughOther = async () => {
        const res = await other.inject({
          method: 'GET',
          url: `/cms/blogs/all?domain=${domain.domain}`,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<{ entries: { title: string }[] }>().entries.map((e) => e.title);
      };
      expect(await titlesThroughOther()).toEqual(['First']);
      expect(other.listCache.stats.entries).toBe(1);
      await createPost(api, { title: 'Second' });
      expect(await titlesThroughOther()).toEqual(['Second', 'First']);
    } finally {
      await other.close();
    }
  });

  it('should read every list afresh when LIST_CACHE_MB is 0', async () => {
    const uncached = await createTestContext({ env: { LIST_CACHE_MB: '0' } });
    try {
      const { api } = await newDomainApi(uncached);
      const post = await createPost(api, { title: 'Original' });
      expect(await listTitles(api)).toEqual(['Original']);
      await uncached.db.transaction().execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        await sql`update posts set title = 'Changed unseen' where id = ${post.id}`.execute(trx);
      });
      expect(await listTitles(api)).toEqual(['Changed unseen']);
      expect(uncached.app.listCache.stats.entries).toBe(0);
    } finally {
      await uncached.close();
    }
  });
});
