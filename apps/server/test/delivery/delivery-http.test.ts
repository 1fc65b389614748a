import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { parseEnv } from '../../src/config/env.js';
import { deleteContentKey } from '../../src/db/repositories/content-keys.repository.js';
import { createTestContext, tempDataDir, type TestContext } from '../helpers/test-app.js';
import { createPost, expectError, postBody } from '../routes/blogs/blog-fixtures.js';
import { contentKey, deliveryWorld, publishedPost, reader, unpublish } from './delivery-fixtures.js';

// What every /api/v1 answer shares (issue 20, decision 040): the key, caching, CORS, the budget.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('content keys on /api/v1', () => {
  it('should refuse no key, a malformed key and an unknown key with 401 and the error body', async () => {
    const w = await deliveryWorld(ctx);
    const unknown = `mhk_${'A'.repeat(43)}`;
    for (const res of [
      await reader(ctx, null)('/posts'),
      await reader(ctx, 'junk')('/posts'),
      await reader(ctx, unknown)('/posts'),
      await reader(ctx, null)(`/posts?key=${unknown}`),
      await reader(ctx, null)('/posts', { headers: { authorization: 'Basic abc' } }),
    ]) {
      expectError(res, 401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
    expect((await reader(ctx, null)(`/posts?key=${w.key}`)).statusCode).toBe(200);
  });

  it('should refuse a revoked key on its very next request', async () => {
    const w = await deliveryWorld(ctx);
    expect((await w.read('/posts')).statusCode).toBe(200);
    expect(await deleteContentKey(ctx.db, w.domain.id, w.keyId)).toMatchObject({ id: w.keyId });
    expectError(await w.read('/posts'), 401);
    expectError(await reader(ctx, null)(`/changes?key=${w.key}`), 401);
  });

  it('should mark the key used', async () => {
    const w = await deliveryWorld(ctx);
    await w.read('/tags');
    await expect
      .poll(
        async () =>
          (
            await ctx.db
              .selectFrom('content_keys')
              .select('last_used_at')
              .where('id', '=', w.keyId)
              .executeTakeFirstOrThrow()
          ).last_used_at,
      )
      .toBeInstanceOf(Date);
  });
});

describe('caching', () => {
  it('should give every 200 a strong ETag and Cache-Control, and 304 without a body on If-None-Match', async () => {
    const w = await deliveryWorld(ctx);
    const post = await publishedPost(w.api, { title: 'Cached' });
    for (const p of [
      '/posts',
      `/posts/${post.id}`,
      '/posts/slug/cached',
      '/tags',
      '/categories',
      '/changes',
    ]) {
      const res = await w.read(p);
      expect(res.statusCode, p).toBe(200);
      const etag = String(res.headers.etag);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
      // The key is in Authorization, so the answer is the reader's own (issue 29).
      expect(res.headers['cache-control']).toBe('private, max-age=60, stale-while-revalidate=300');
      const again = await w.read(p, { headers: { 'if-none-match': `"other", ${etag}` } });
      expect(again.statusCode, p).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect((await w.read(p, { headers: { 'if-none-match': '"stale"' } })).statusCode).toBe(200);
    }
  });

  it('should change the ETag when what the answer shows changes, and only then', async () => {
    const w = await deliveryWorld(ctx);
    const tag = await w.api.createTag('News');
    const post = await publishedPost(w.api, { title: 'Before', tags: [tag.id] });
    const etagOf = async (p: string) => String((await w.read(p)).headers.etag);
    const list = await etagOf('/posts');
    const one = await etagOf(`/posts/${post.id}`);
    expect(await etagOf('/posts?limit=5')).not.toBe(list); // another request's answer

    // A draft is no part of any answer: a new one leaves the ETags as they were.
    await createPost(w.api, { title: 'Draft' });
    expect(await etagOf('/posts')).toBe(list);
    expect(await etagOf(`/posts/${post.id}`)).toBe(one);

    // Renaming a tag changes every answer that shows it.
    await w.api.updateTag(tag.id, 'Renamed');
    const renamed = await etagOf('/posts');
    expect(renamed).not.toBe(list);
    expect((await w.read('/posts', { headers: { 'if-none-match': list } })).statusCode).toBe(200);
    expect(await etagOf(`/posts/${post.id}`)).not.toBe(one);

    // An edit (unpublish, edit, publish again) changes the post's own answer and the list's.
    await unpublish(w.api, post.id);
    expect((await w.api.update(post.id, postBody({ title: 'After', tags: [tag.id] }))).statusCode).toBe(200);
    await w.api.manage(post.id, 'APPROVAL', true);
    await w.api.manage(post.id, 'PUBLISH', true);
    expect(await etagOf('/posts')).not.toBe(renamed);
    expect((await w.read(`/posts/${post.id}`)).json().title).toBe('After');
  });

  it("should change a list's ETag when the domain's post address changes", async () => {
    const w = await deliveryWorld(ctx);
    await publishedPost(w.api, { title: 'Addressed' });
    const before = await w.read('/posts');
    await ctx.db
      .updateTable('domains')
      .set({ post_url: 'https://example.com/p/{slug}' })
      .where('id', '=', w.domain.id)
      .execute();
    const after = await w.read('/posts');
    expect(after.json().posts[0].url).toBe('https://example.com/p/addressed');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});

describe('CORS', () => {
  const ORIGIN = 'https://blog.example.com';

  it("should echo a key's listed origin with Vary: Origin, and expose the ETag", async () => {
    const w = await deliveryWorld(ctx, [ORIGIN]);
    const res = await w.read('/posts', { headers: { origin: ORIGIN } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(String(res.headers.vary)).toMatch(/origin/i);
    expect(String(res.headers['access-control-expose-headers'])).toMatch(/etag/i);
  });

  it('should send no CORS headers to an origin the key does not list, nor for a key with none', async () => {
    const listed = await deliveryWorld(ctx, [ORIGIN]);
    const none = await deliveryWorld(ctx);
    for (const res of [
      await listed.read('/posts', { headers: { origin: 'https://evil.example.com' } }),
      await none.read('/posts', { headers: { origin: ORIGIN } }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('should answer a preflight without a key, allowing Authorization and If-None-Match', async () => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/posts',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/authorization/i);
    expect(String(res.headers['access-control-allow-methods'])).toMatch(/GET/);
  });
});

describe('other methods', () => {
  it('should answer an OPTIONS that is no preflight, and a POST, with the error body', async () => {
    const w = await deliveryWorld(ctx);
    const options = await ctx.app.inject({ method: 'OPTIONS', url: '/api/v1/posts' });
    expectError(options, 404);
    expectError(await w.read('/posts', { method: 'POST', payload: {} }), 404);
  });

  it('should answer HEAD like GET, without a body', async () => {
    const w = await deliveryWorld(ctx);
    const res = await w.read('/posts', { method: 'HEAD' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe((await w.read('/posts')).headers.etag);
    expect(res.body).toBe('');
  });
});

describe('unknown paths', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const webRoot = path.join(tempDataDir(), 'web');
    mkdirSync(webRoot, { recursive: true });
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Masthead</title>');
    const env = parseEnv({
      OIDC_AUTHORITY: ctx.idp.issuer,
      DATA_DIR: tempDataDir(),
      MASTHEAD_DEMO: '0',
      LOG_LEVEL: 'silent',
    });
    app = await buildApp({ env, db: ctx.db, logger: false, webRoot });
  });
  afterAll(async () => app?.close());

  it.each([
    '/api/v1/nothing',
    '/api/v1',
    '/api',
    '/api/v2/posts',
    '/feeds',
    '/feeds/x/nothing.xml',
    '/feeds/x',
  ])('should answer GET %s with a JSON 404, never the web app', async (url) => {
    expectError(await app.inject({ method: 'GET', url }), 404);
  });

  it('should still serve the web app elsewhere', async () => {
    const res = await app.inject({ method: 'GET', url: '/apiary' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Masthead</title>');
  });
});

describe('the OpenAPI document', () => {
  it('should describe every /api/v1 route under its own tag, with examples', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/cms/openapi.json' })).json();
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith('/api/v1'));
    expect(paths.sort()).toEqual(
      [
        '/api/v1/assets/{id}',
        '/api/v1/categories',
        '/api/v1/changes',
        '/api/v1/posts',
        '/api/v1/posts/{id}',
        '/api/v1/posts/slug/{slug}',
        '/api/v1/preview',
        '/api/v1/tags',
      ].sort(),
    );
    for (const p of paths) expect(doc.paths[p].get.tags).toEqual(['delivery (content key)']);
    expect(JSON.stringify(doc.paths['/api/v1/posts'].get.responses['200'])).toContain('hello-world');
    expect(JSON.stringify(doc.paths['/api/v1/assets/{id}'].get.responses['200'])).toContain('variants');
    expect(JSON.stringify(doc.paths['/api/v1/assets/{id}'].get.responses['404'])).toContain(
      'detailedMessage',
    );
  });
});

describe('the per-key budget', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({
      env: { DELIVERY_RATE_LIMIT_PER_MINUTE: '3' },
      database: { db: ctx.db, drop: async () => {} },
    });
  });
  afterAll(async () => limited?.close());

  it('should answer 429 with Retry-After past the budget, per key', async () => {
    const domain = await limited.domain();
    const first = reader(limited, (await contentKey(limited, domain)).key);
    const second = reader(limited, (await contentKey(limited, domain)).key);
    for (let i = 0; i < 3; i++) expect((await first('/tags')).statusCode).toBe(200);
    const refused = await first('/tags');
    expectError(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await second('/tags')).statusCode).toBe(200);
  });
});
