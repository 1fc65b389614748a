import { expect } from 'vitest';
import type { TestContext } from '../helpers/test-app.js';
import { createPost, type BlogApi, type Reply } from '../routes/blogs/blog-fixtures.js';

/** A clock the tests move by hand: the API's "in the future" and the worker's "due" both read it. */
export function testClock(start = Date.now()) {
  let now = start;
  return {
    now: () => new Date(now),
    set: (at: Date) => {
      now = at.getTime();
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** The schedule calls for the user of `api` on its domain. */
export function scheduleApi(ctx: TestContext, token: string, host: string) {
  const url = (id: string, domain = host) => `/cms/blogs/schedule/${id}?domain=${encodeURIComponent(domain)}`;
  return {
    set: (
      id: string,
      publishAt: unknown,
      options: { domain?: string; headers?: Record<string, string> } = {},
    ) =>
      ctx.request(token, {
        method: 'PUT',
        url: url(id, options.domain),
        payload: publishAt === undefined ? {} : { publishAt },
        headers: options.headers,
      }) as Promise<Reply>,
    cancel: (id: string, options: { domain?: string; headers?: Record<string, string> } = {}) =>
      ctx.request(token, {
        method: 'DELETE',
        url: url(id, options.domain),
        headers: options.headers,
      }) as Promise<Reply>,
  };
}

/** A post created and approved through the API. */
export async function approvedPost(api: BlogApi, overrides: Record<string, unknown> = {}) {
  const post = await createPost(api, overrides);
  const res = await api.manage(post.id, 'APPROVAL', true);
  expect(res.statusCode, res.body).toBe(200);
  return post;
}

/** The post as the back office reads it; must be a 200. */
export async function readPost(api: BlogApi, id: string) {
  const res = await api.get(id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ approved: boolean; published: boolean; scheduledFor: string | null; slug: string }>();
}

/** Polls `check` every 50 ms until it is true or `ms` have passed; returns how long it took. */
export async function waitFor(check: () => Promise<boolean>, ms: number) {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if (await check()) return Date.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not true within ${ms} ms`);
}
