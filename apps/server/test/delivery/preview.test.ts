import type { LookupAddress } from 'node:dns';
import { WEBHOOK_EVENTS } from '@masthead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleChanges } from '../helpers/settled-changes.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { createPost, expectError, postBody } from '../routes/blogs/blog-fixtures.js';
import { testClock } from '../scheduling/schedule-fixtures.js';
import { webhookApi } from '../webhooks/webhook-fixtures.js';
import { contentKey, deliveryWorld, publishedPost, reader, unpublish } from './delivery-fixtures.js';
import { setFeedSettings } from './feed-fixtures.js';
import { previewApi, previewLink } from './preview-fixtures.js';

// GET /api/v1/preview (issue 30): a preview token reads its post as last saved (or its revision),
// whatever its status, with the key of its domain only; never cached, never in /changes, feeds,
// sitemaps or webhooks.
const clock = testClock();
const lookup = async (): Promise<LookupAddress[]> => [{ address: '93.184.216.34', family: 4 }];
const ADDRESS_BUDGET = 200;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    clock: clock.now,
    webhooks: { lookup },
    env: { DELIVERY_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: String(ADDRESS_BUDGET) },
  });
});
afterAll(async () => ctx?.close());

async function world() {
  const w = await deliveryWorld(ctx);
  return { ...w, previews: previewApi(ctx, w.token, w.domain.domain) };
}

const previewOf = (read: ReturnType<typeof reader>, token: string) =>
  read(`/preview?token=${encodeURIComponent(token)}`);

describe('GET /api/v1/preview', () => {
  it('should read a draft, an approved and a published post with its HTML and status, private and noindex', async () => {
    const w = await world();
    const post = await createPost(w.api, { title: 'Secret draft', editorHtmlContent: '<p>Not yet</p>' });
    const { token, expiresDate } = await previewLink(w.previews, post.id);

    const draft = await previewOf(w.read, token);
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.headers['cache-control']).toBe('private, no-store');
    expect(draft.headers['x-robots-tag']).toBe('noindex');
    expect(draft.headers.etag).toBeUndefined();
    expect(draft.json()).toMatchObject({
      id: post.id,
      slug: post.slug,
      title: 'Secret draft',
      html: '<p>Not yet</p>',
      status: 'draft',
      publishedDate: null,
      previewExpiresDate: expiresDate,
      revisionId: null,
      url: null,
    });

    expect((await w.api.manage(post.id, 'APPROVAL', true)).statusCode).toBe(200);
    expect((await previewOf(w.read, token)).json()).toMatchObject({
      status: 'approved',
      publishedDate: null,
    });
    expect((await w.api.manage(post.id, 'PUBLISH', true)).statusCode).toBe(200);
    const published = (await previewOf(w.read, token)).json<{ status: string; publishedDate: string }>();
    expect(published.status).toBe('published');
    expect(Date.parse(published.publishedDate)).not.toBeNaN();
  });

  it('should show the post as last saved at every read, with the slug and url of that save', async () => {
    const w = await world();
    await setFeedSettings(ctx.db, w.domain.id, { postUrl: 'https://blog.example.test/p/{slug}' });
    const post = await createPost(w.api, { title: 'First title' });
    const { token } = await previewLink(w.previews, post.id);
    expect((await previewOf(w.read, token)).json()).toMatchObject({
      title: 'First title',
      slug: 'first-title',
    });

    const saved = await w.api.update(
      post.id,
      postBody({ title: 'Second title', editorHtmlContent: '<p>v2</p>' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await previewOf(w.read, token)).json()).toMatchObject({
      title: 'Second title',
      slug: 'second-title',
      html: '<p>v2</p>',
      url: 'https://blog.example.test/p/second-title',
    });
  });

  it('should read only its own post, and only with a key of its domain', async () => {
    const w = await world();
    const mine = await createPost(w.api, { title: 'Mine' });
    await createPost(w.api, { title: 'Not mine' });
    const { token } = await previewLink(w.previews, mine.id);
    expect((await previewOf(w.read, token)).json()).toMatchObject({ id: mine.id, title: 'Mine' });

    const elsewhere = await world();
    const body = expectError(await previewOf(elsewhere.read, token), 404);
    expect(body.errors).toEqual(['The preview token was not found']);
    // Another key of the token's own domain reads it.
    const { key } = await contentKey(ctx, w.domain);
    expect((await previewOf(reader(ctx, key), token)).statusCode).toBe(200);
  });

  it('should answer 404 with the error body for an unknown, malformed, expired or revoked token', async () => {
    const w = await world();
    const post = await createPost(w.api);
    const unknown = `mhp_${'A'.repeat(43)}`;
    for (const token of [unknown, 'mhp_short', 'anything', `mhk_${'A'.repeat(43)}`]) {
      const res = await previewOf(w.read, token);
      expectError(res, 404);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }

    const expiring = await previewLink(w.previews, post.id);
    clock.advance(60 * 60_000 - 1000);
    expect((await previewOf(w.read, expiring.token)).statusCode).toBe(200);
    clock.advance(1000);
    expect(expectError(await previewOf(w.read, expiring.token), 404).errors).toEqual([
      'The preview token has expired',
    ]);

    const shared = await previewLink(w.previews, post.id, { share: true, days: 1 });
    expect((await w.previews.revoke(post.id, shared.id)).statusCode).toBe(204);
    expect(expectError(await previewOf(w.read, shared.token), 404).errors).toEqual([
      'The preview token was revoked',
    ]);
  });

  it("should show a revision's content with the post's slug and status, and say which revision", async () => {
    const w = await world();
    const post = await createPost(w.api, { title: 'Old words', editorHtmlContent: '<p>old</p>' });
    const saved = await w.api.update(
      post.id,
      postBody({ title: 'New words', editorHtmlContent: '<p>new</p>' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const history = await ctx.request(w.token, {
      method: 'GET',
      url: `/cms/blogs/info/${post.id}/revisions?domain=${w.domain.domain}`,
    });
    const first = history.json<{ entries: { id: string; kind: string }[] }>().entries.at(-1)!;
    expect(first.kind).toBe('created');
    const { token } = await previewLink(w.previews, post.id, { revisionId: first.id });
    expect((await previewOf(w.read, token)).json()).toMatchObject({
      title: 'Old words',
      html: '<p>old</p>',
      slug: 'new-words',
      status: 'draft',
      revisionId: first.id,
    });
  });

  it('should need a content key and a token, and name an unknown parameter', async () => {
    const w = await world();
    const post = await createPost(w.api);
    const { token } = await previewLink(w.previews, post.id);
    expectError(await previewOf(reader(ctx, null), token), 401);
    expect(expectError(await w.read('/preview'), 400).errors.join()).toMatch(/token/);
    expectError(await previewOf(w.read, 'x'.repeat(201)), 400);
    expect(expectError(await w.read(`/preview?token=${token}&draft=1`), 400).errors).toEqual([
      'draft: is not a parameter of this call',
    ]);
    // With the key in the query, as a site's server may send it.
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/preview?token=${token}&key=${w.key}` });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('should count against the per-address budget of the delivery API', async () => {
    const w = await world();
    const post = await createPost(w.api);
    const { token } = await previewLink(w.previews, post.id);
    const from = (remoteAddress: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/v1/preview?token=${token}`,
        headers: { authorization: `Bearer ${w.key}` },
        remoteAddress,
      });
    for (let i = 0; i < ADDRESS_BUDGET; i++) expect((await from('203.0.113.9')).statusCode).toBe(200);
    const refused = await from('203.0.113.9');
    expectError(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('203.0.113.10')).statusCode).toBe(200);
  });
});

describe('previews never leak into what the site publishes', () => {
  it('should leave /changes, the feeds, the sitemap, the list answers and the webhooks untouched', async () => {
    const w = await world();
    await setFeedSettings(ctx.db, w.domain.id, {
      postUrl: 'https://blog.example.test/{slug}',
      publicFeeds: true,
    });
    const { token: admin } = await ctx.member('admin', w.domain);
    const hook = await webhookApi(ctx, admin, w.domain.domain).create({
      url: 'https://site.example.test/hook',
      events: [...WEBHOOK_EVENTS],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const live = await publishedPost(w.api, { title: 'Already live' });
    const draft = await createPost(w.api, { title: 'Hidden draft' });
    const wasLive = await publishedPost(w.api, { title: 'Was live' });
    await unpublish(w.api, wasLive.id);

    const changes = async () => (await w.read('/changes?limit=100')).json<{ changes: { id: string }[] }>();
    const list = async () => w.read('/posts');
    const feed = async () => ctx.app.inject({ method: 'GET', url: `/feeds/${w.domain.domain}/rss.xml` });
    const sitemap = async () =>
      ctx.app.inject({ method: 'GET', url: `/feeds/${w.domain.domain}/sitemap.xml` });
    const events = async () =>
      (await ctx.db.selectFrom('webhook_events').select('id').where('domain_id', '=', w.domain.id).execute())
        .length;
    // A change is readable only once every transaction older than it has ended, other files' too.
    await settleChanges(ctx.db, w.domain.id);
    const before = {
      changes: await changes(),
      list: (await list()).headers.etag,
      feed: (await feed()).body,
      sitemap: (await sitemap()).body,
      events: await events(),
    };

    for (const id of [draft.id, wasLive.id, live.id]) {
      const editor = await previewLink(w.previews, id);
      const share = await previewLink(w.previews, id, { share: true, label: 'For the client' });
      for (const token of [editor.token, share.token])
        expect((await previewOf(w.read, token)).statusCode).toBe(200);
    }

    await settleChanges(ctx.db, w.domain.id);
    expect(await changes()).toEqual(before.changes);
    expect(before.changes.changes.map((change) => change.id)).toContain(wasLive.id);
    expect(before.changes.changes.map((change) => change.id)).not.toContain(draft.id);
    expect((await list()).headers.etag).toBe(before.list);
    expect((await feed()).body).toBe(before.feed);
    expect(before.feed).not.toContain('Hidden draft');
    expect((await sitemap()).body).toBe(before.sitemap);
    expect(before.sitemap).not.toContain('hidden-draft');
    expect(await events()).toBe(before.events);
    // The site's own page for the draft's slug stays a 404.
    expectError(await w.read(`/posts/slug/${draft.slug}`), 404);
  });
});
