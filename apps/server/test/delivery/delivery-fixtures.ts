import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { insertContentKey } from '../../src/db/repositories/content-keys.repository.js';
import { newContentKey } from '../../src/lib/content-key.js';
import type { TestContext, TestDomain } from '../helpers/test-app.js';
import { createPost, newDomainApi, type BlogApi, type Reply } from '../routes/blogs/blog-fixtures.js';

/** A new content key of the domain (as the admin API or the CLI would make it); returns the key. */
export async function contentKey(ctx: TestContext, domain: TestDomain, origins: string[] = []) {
  const made = newContentKey();
  const row = await insertContentKey(ctx.db, {
    domainId: domain.id,
    name: 'Website',
    hash: made.hash,
    start: made.start,
    origins,
  });
  return { key: made.key, id: row.id };
}

/** A domain with an editor's back-office calls and a content key. */
export async function deliveryWorld(ctx: TestContext, origins: string[] = []) {
  const world = await newDomainApi(ctx);
  const { key, id } = await contentKey(ctx, world.domain, origins);
  return { ...world, key, keyId: id, read: reader(ctx, key) };
}

/** GET under /api/v1 with the key in Authorization (or none with key null). */
export function reader(ctx: TestContext, key: string | null) {
  return (path: string, options: Omit<InjectOptions, 'url'> = {}): Promise<Reply> =>
    ctx.app.inject({
      method: 'GET',
      ...options,
      url: `/api/v1${path}`,
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(options.headers ?? {}) },
    });
}

/** Creates, approves and publishes a post; returns it. */
export async function publishedPost(api: BlogApi, overrides: Record<string, unknown> = {}) {
  const post = await createPost(api, overrides);
  for (const type of ['APPROVAL', 'PUBLISH']) {
    const res = await api.manage(post.id, type, true);
    expect(res.statusCode, res.body).toBe(200);
  }
  return post;
}

/** Unpublishes and unapproves a published post, so that it may be edited. */
export async function unpublish(api: BlogApi, id: string) {
  for (const type of ['PUBLISH', 'APPROVAL']) {
    const res = await api.manage(id, type, false);
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** The titles of a posts answer, which must be a 200. */
export function titles(res: Reply) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ posts: { title: string }[] }>().posts.map((p) => p.title);
}
