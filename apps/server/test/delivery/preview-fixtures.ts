import { expect } from 'vitest';
import type { PreviewLink } from '@masthead/contract';
import type { TestContext } from '../helpers/test-app.js';
import type { Reply } from '../routes/blogs/blog-fixtures.js';

/** The preview calls of issue 30 for one member on one domain. */
export function previewApi(ctx: TestContext, token: string, host: string) {
  const q = `domain=${encodeURIComponent(host)}`;
  return {
    create: (postId: string, payload: object = {}): Promise<Reply> =>
      ctx.request(token, { method: 'POST', url: `/cms/blogs/info/${postId}/preview?${q}`, payload }),
    list: (postId: string): Promise<Reply> =>
      ctx.request(token, { method: 'GET', url: `/cms/blogs/info/${postId}/previews?${q}` }),
    revoke: (postId: string, tokenId: string): Promise<Reply> =>
      ctx.request(token, { method: 'DELETE', url: `/cms/blogs/info/${postId}/previews/${tokenId}?${q}` }),
  };
}
export type PreviewApi = ReturnType<typeof previewApi>;

/** Makes a preview (or a share link with `share: true`) and returns it; fails on anything but 201. */
export async function previewLink(api: PreviewApi, postId: string, payload: object = {}) {
  const res = await api.create(postId, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PreviewLink>();
}
