import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { TEST_REDIS_URL, describeWithRedis, redisKeys } from '../helpers/test-redis.js';
import { createPost, expectError } from '../routes/blogs/blog-fixtures.js';
import { contentKey, deliveryWorld, publishedPost, reader, titles } from './delivery-fixtures.js';

// Issue 29, findings 7, 8 and 9: what a stranger holding a content key (which sits in web pages by
// design) could make /api/v1 do, or learn from it.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('GET /api/v1/posts paging depth', () => {
  it('should refuse a page that starts past 10,000 posts with a 400 that names page and points to /changes (issue 29: any offset was read)', async () => {
    const w = await deliveryWorld(ctx);
    await publishedPost(w.api, { title: 'Only' });
    // The last page that may be asked for: it starts at the 10,000th post.
    expect(titles(await w.read('/posts?limit=100&page=101'))).toEqual([]);
    expect(titles(await w.read('/posts?limit=10&page=1001'))).toEqual([]);
    for (const query of ['limit=100&page=102', 'limit=10&page=1002', 'page=10000001', 'limit=1&page=10002']) {
      const body = expectError(await w.read(`/posts?${query}`), 400);
      expect(body.errors.join('\n'), query).toMatch(/^page: /m);
      expect(body.errors.join('\n'), query).toContain('/api/v1/changes');
    }
  });

  it('should bound the tags and categories the same way', async () => {
    const w = await deliveryWorld(ctx);
    for (const path of ['/tags', '/categories']) {
      expect((await w.read(`${path}?limit=100&page=101`)).statusCode).toBe(200);
      expect(expectError(await w.read(`${path}?limit=100&page=102`), 400).errors.join('\n')).toMatch(
        /^page: /m,
      );
    }
  });
});

describe('Cache-Control of keyed answers', () => {
  it('should make an answer read with the key in Authorization private, so that no shared cache serves it to another domain (issue 29)', async () => {
    const w = await deliveryWorld(ctx);
    const post = await publishedPost(w.api, { title: 'Private copy' });
    for (const path of ['/posts', `/posts/${post.id}`, '/tags', '/categories', '/changes']) {
      const res = await w.read(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('private, max-age=60, stale-while-revalidate=300');
      expect(String(res.headers.vary), path).toMatch(/authorization/i);
      // The revalidation says the same.
      const again = await w.read(path, { headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode, path).toBe(304);
      expect(again.headers['cache-control'], path).toBe('private, max-age=60, stale-while-revalidate=300');
    }
  });

  it('should keep an answer read with ?key= public: its address is one per key', async () => {
    const w = await deliveryWorld(ctx);
    const res = await reader(ctx, null)(`/posts?key=${w.key}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
  });
});

describe('GET /api/v1/tags and /api/v1/categories of drafts', () => {
  it('should not list a tag or category that only drafts use, nor one no post uses (issue 29: unpublished plans leaked)', async () => {
    const w = await deliveryWorld(ctx);
    const used = await w.api.createTag('Used');
    const planned = await w.api.createTag('Planned launch');
    await w.api.createTag('Unused');
    const shown = await w.api.createCategory('Shown');
    const secret = await w.api.createCategory('Secret project');
    await publishedPost(w.api, { title: 'Out', tags: [used.id], category: shown.id });
    await createPost(w.api, { title: 'Draft', tags: [planned.id, used.id], category: secret.id });

    const tags = await w.read('/tags');
    expect(tags.json()).toEqual({
      tags: [{ id: used.id, slug: used.tag, name: 'Used', postCount: 1 }],
      meta: { page: 1, limit: 10, total: 1, pages: 1 },
    });
    const categories = await w.read('/categories');
    expect(categories.json()).toEqual({
      categories: [{ id: shown.id, slug: shown.category, name: 'Shown', postCount: 1 }],
      meta: { page: 1, limit: 10, total: 1, pages: 1 },
    });
    expect(tags.body + categories.body).not.toMatch(/Planned|Secret|Unused/);
    // Nothing a reader can add asks for them.
    for (const query of ['include=empty', 'include=all', 'filter=all']) {
      expectError(await w.read(`/tags?${query}`), 400);
    }
  });
});

describe('GET /api/v1/posts?search= without a word', () => {
  it.each(['!!!', '%00%01', '-', '%E2%80%94%20%E2%80%A6', '%22%27%5C'])(
    'should answer search=%s as a search that matches nothing (issue 29: it listed everything)',
    async (search) => {
      const w = await deliveryWorld(ctx);
      await publishedPost(w.api, { title: 'Anything at all' });
      const res = await w.read(`/posts?search=${search}`);
      expect(titles(res)).toEqual([]);
      expect(res.json().meta).toEqual({ page: 1, limit: 10, total: 0, pages: 0 });
    },
  );

  it('should take an empty or blank search as no search', async () => {
    const w = await deliveryWorld(ctx);
    await publishedPost(w.api, { title: 'Anything at all' });
    expect(titles(await w.read('/posts?search='))).toEqual(['Anything at all']);
    expect(titles(await w.read('/posts?search=%20%20'))).toEqual(['Anything at all']);
  });
});

/** A reader that sends its requests from `address`, with `forwardedFor` when given. */
function fromAddress(test: TestContext, key: string, address: string, forwardedFor?: string) {
  return (path: string) =>
    test.app.inject({
      method: 'GET',
      url: `/api/v1${path}`,
      remoteAddress: address,
      headers: {
        authorization: `Bearer ${key}`,
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      },
    });
}

describe('the per-address budget of /api/v1', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({
      env: { DELIVERY_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '3', TRUST_PROXY: '10.0.0.1' },
      database: { db: ctx.db, drop: async () => {} },
    });
  });
  afterAll(async () => limited?.close());

  it("should answer 429 to one address past its budget, whatever key it holds, and leave the site's other visitors their reads (issue 29)", async () => {
    const domain = await limited.domain();
    const first = (await contentKey(limited, domain)).key;
    const second = (await contentKey(limited, domain)).key;
    for (let i = 0; i < 3; i++)
      expect((await fromAddress(limited, first, '203.0.113.7')('/tags')).statusCode).toBe(200);
    for (const res of [
      await fromAddress(limited, first, '203.0.113.7')('/tags'),
      await fromAddress(limited, second, '203.0.113.7')('/tags'),
      // A flood of bad keys is counted too, before any lookup.
      await fromAddress(limited, 'mhk_nothing', '203.0.113.7')('/tags'),
    ]) {
      expectError(res, 429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await fromAddress(limited, first, '203.0.113.8')('/tags')).statusCode).toBe(200);
  });

  it('should count the visitor behind a trusted proxy, and ignore X-Forwarded-For from anyone else', async () => {
    const domain = await limited.domain();
    const { key } = await contentKey(limited, domain);
    for (let i = 0; i < 3; i++) {
      expect((await fromAddress(limited, key, '10.0.0.1', '198.51.100.1')('/tags')).statusCode).toBe(200);
    }
    expectError(await fromAddress(limited, key, '10.0.0.1', '198.51.100.1')('/tags'), 429);
    expect((await fromAddress(limited, key, '10.0.0.1', '198.51.100.2')('/tags')).statusCode).toBe(200);
    // Not from the proxy: the header is the sender's word, and the sender's own address counts.
    for (let i = 0; i < 3; i++) {
      expect(
        (await fromAddress(limited, key, '192.0.2.50', `198.51.100.${10 + i}`)('/tags')).statusCode,
      ).toBe(200);
    }
    expectError(await fromAddress(limited, key, '192.0.2.50', '198.51.100.99')('/tags'), 429);
  });

  it('should count an IPv6 visitor by its /64, which one subscriber holds whole', async () => {
    const domain = await limited.domain();
    const { key } = await contentKey(limited, domain);
    for (let i = 1; i <= 3; i++) {
      expect((await fromAddress(limited, key, `2001:db8:1:2::${i}`)('/tags')).statusCode).toBe(200);
    }
    expectError(await fromAddress(limited, key, '2001:db8:1:2:ffff::9')('/tags'), 429);
    expect((await fromAddress(limited, key, '2001:db8:1:3::1')('/tags')).statusCode).toBe(200);
  });

  it('should answer a preflight without counting it', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await limited.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/posts',
        remoteAddress: '203.0.113.200',
        headers: { origin: 'https://blog.example.com', 'access-control-request-method': 'GET' },
      });
      expect(res.statusCode).toBe(204);
    }
  });
});

describeWithRedis('the per-address budget of /api/v1 shared through Redis', () => {
  const keys = redisKeys();
  const apps: TestContext[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      apps.push(
        await createTestContext({
          env: {
            DELIVERY_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '4',
            REDIS_URL: TEST_REDIS_URL!,
            REDIS_KEY_PREFIX: keys.prefix,
          },
          database: { db: ctx.db, drop: async () => {} },
        }),
      );
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await keys.clean();
  });

  it('should give one address one budget across every process', async () => {
    const domain = await apps[0]!.domain();
    const { key } = await contentKey(apps[0]!, domain);
    for (let i = 0; i < 4; i++) {
      expect((await fromAddress(apps[i % 2]!, key, '203.0.113.77')('/tags')).statusCode).toBe(200);
    }
    expectError(await fromAddress(apps[0]!, key, '203.0.113.77')('/tags'), 429);
    expectError(await fromAddress(apps[1]!, key, '203.0.113.77')('/tags'), 429);
  });
});
