import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../src/db/database.js';
import { insertPreviewToken } from '../../src/db/repositories/preview-tokens.repository.js';
import { newPreviewToken } from '../../src/lib/one-time-tokens.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { TEST_DB, createTestSchema } from '../helpers/test-database.js';
import { expectError } from '../routes/blogs/blog-fixtures.js';
import { contentKey, reader } from './delivery-fixtures.js';
import { insertTestPost, setFeedSettings } from './feed-fixtures.js';

// Issue 29, finding 7: delivery statements ran without a time limit. The public endpoints read
// through a pool of their own whose connections carry statement_timeout, so a statement that
// takes too long is cancelled by PostgreSQL and the request answers 503 with the error body.
// PGlite accepts statement_timeout and ignores it (one connection, no timer), so this needs
// PostgreSQL; on PGlite the public endpoints read through the one connection (docs/delivery.md).
const run = TEST_DB === 'postgres' ? describe : describe.skip;
const TIMEOUT_MS = 300;

let ctx: TestContext;
let deliveryDb: Db;
beforeAll(async () => {
  if (TEST_DB !== 'postgres') return;
  const schema = await createTestSchema();
  const db = createDatabase({
    kind: 'postgres',
    url: schema.url,
    searchPath: schema.searchPath,
    poolSize: 3,
  });
  deliveryDb = createDatabase({
    kind: 'postgres',
    url: schema.url,
    searchPath: schema.searchPath,
    poolSize: 2,
    statementTimeoutMs: TIMEOUT_MS,
  });
  ctx = await createTestContext({
    database: {
      db,
      drop: async () => {
        await deliveryDb.destroy();
        await db.destroy();
        await schema.drop();
      },
    },
    deliveryDb,
  });
});
afterAll(async () => ctx?.close());

/** Runs `work` while another transaction holds the posts table locked (10 s at most). */
async function whilePostsLocked<T>(work: () => Promise<T>): Promise<T> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = ctx.db.transaction().execute(async (trx) => {
    await sql`lock table posts in access exclusive mode`.execute(trx);
    locked();
    await released;
  });
  await isLocked;
  // Never held for ever: without a timeout the request would wait for the lock, and the lock for it.
  const cap = setTimeout(release, 10_000);
  try {
    return await work();
  } finally {
    clearTimeout(cap);
    release();
    await holder;
  }
}

run('a delivery statement that takes too long (PostgreSQL)', () => {
  it('should answer /api/v1 with 503, Retry-After and the error body, not 500, and serve again after (issue 29)', async () => {
    const domain = await ctx.domain();
    await insertTestPost(ctx.db, domain.id, { slug: 'slow' });
    const { key } = await contentKey(ctx, domain);
    const read = reader(ctx, key);
    const started = Date.now();
    const res = await whilePostsLocked(() => read('/posts?limit=3'));
    const body = expectError(res, 503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(body.errors.join('\n')).toMatch(/too long/);
    // Cancelled by the timeout, not by the lock's release (a generous bound: 20 times the timeout).
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 20);
    expect((await read('/posts?limit=3')).statusCode).toBe(200);
  });

  it('should answer /feeds with 503 and the error body too', async () => {
    const domain = await ctx.domain();
    await setFeedSettings(ctx.db, domain.id, { postUrl: 'https://example.com/{slug}', publicFeeds: true });
    await insertTestPost(ctx.db, domain.id, { slug: 'slow-feed' });
    const res = await whilePostsLocked(() =>
      ctx.app.inject({ method: 'GET', url: `/feeds/${domain.domain}/sitemap.xml` }),
    );
    expectError(res, 503);
  });

  it('should answer a preview, by the API and by its page, with 503 and the error body too (issue 30)', async () => {
    const domain = await ctx.domain();
    const { id } = await insertTestPost(ctx.db, domain.id, { slug: 'slow-preview', published: false });
    const { token, hash } = newPreviewToken();
    const now = new Date();
    await insertPreviewToken(ctx.db, {
      domainId: domain.id,
      postId: id,
      revisionId: null,
      kind: 'editor',
      label: null,
      hash,
      createdBy: 'someone@example.test',
      createdByName: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3600_000),
    });
    const { key } = await contentKey(ctx, domain);
    const api = await whilePostsLocked(() => reader(ctx, key)(`/preview?token=${token}`));
    expectError(api, 503);
    expect(api.headers['cache-control']).toBe('private, no-store');
    const page = await whilePostsLocked(() => ctx.app.inject({ method: 'GET', url: `/preview/${token}` }));
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
    expect(page.body).toMatch(/too long/);
    expect((await reader(ctx, key)(`/preview?token=${token}`)).statusCode).toBe(200);
  });

  it('should leave the back office without that limit: its statements wait for the lock', async () => {
    const row = await whilePostsLocked(async () => {
      const waiting = sql`select count(*)::int as n from posts`.execute(ctx.db);
      await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 2));
      return { waiting };
    });
    expect((await row.waiting).rows).toHaveLength(1);
  });
});
