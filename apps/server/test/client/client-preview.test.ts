import type { PreviewLink } from '@masthead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../../packages/client/src/index.js';
import { deliveryWorld, publishedPost } from '../delivery/delivery-fixtures.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { createPost } from '../routes/blogs/blog-fixtures.js';
import { listening, recordingFetch, refused } from './client-fixtures.js';

// client.preview(token) against GET /api/v1/preview?token= (issue 30; the contract's
// DeliveryPreview). The endpoint and POST /cms/blogs/info/{id}/preview come from the server's
// branch of the issue: this file passes once both are merged.
let ctx: TestContext;
let baseUrl: string;
beforeAll(async () => {
  ctx = await createTestContext();
  baseUrl = await listening(ctx);
});
afterAll(async () => ctx?.close());

type World = Awaited<ReturnType<typeof deliveryWorld>>;

/** A preview token of the post, as the editor's Preview button gets it (or a share link). */
async function previewLink(w: World, postId: string, payload: object = {}) {
  const res = await ctx.request(w.token, {
    method: 'POST',
    url: `/cms/blogs/info/${postId}/preview?domain=${w.domain.domain}`,
    payload,
  });
  // 201 or 200: the server's branch decides; the answer is the contract's PreviewLink.
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json<PreviewLink>();
}

describe('preview()', () => {
  it('should read a draft with its status and expiry, never from the cache', async () => {
    const { fetch, seen } = recordingFetch();
    const w = await deliveryWorld(ctx);
    const client = createClient({ baseUrl, key: w.key, fetch, cache: { maxAgeMs: 60_000 } });
    const draft = await createPost(w.api, { title: 'Work in progress', editorHtmlContent: '<p>Soon</p>' });
    const link = await previewLink(w, draft.id);

    const preview = await client.preview(link.token);
    expect(preview).toMatchObject({
      id: draft.id,
      title: 'Work in progress',
      status: 'draft',
      publishedDate: null,
      previewExpiresDate: link.expiresDate,
    });
    await client.preview(link.token);
    expect(seen.map((s) => [s.status, s.cacheControl])).toEqual([
      [200, 'private, no-store'],
      [200, 'private, no-store'],
    ]);
    // The published API still does not show it.
    await refused(client.postBySlug(draft.slug), 404);
  });

  it('should say published for a published post, with the key in either place', async () => {
    const w = await deliveryWorld(ctx);
    const post = await publishedPost(w.api, { title: 'Live already' });
    const link = await previewLink(w, post.id);
    // ?key= too: the route must take `key` beside `token`, as every /api/v1 route does.
    for (const keyIn of ['header', 'query'] as const) {
      const preview = await createClient({ baseUrl, key: w.key, keyIn }).preview(link.token);
      expect(preview.status, keyIn).toBe('published');
    }
  });

  it('should carry a 404 with the error body for another domain’s key, an unknown token and a revoked link', async () => {
    const w = await deliveryWorld(ctx);
    const other = await deliveryWorld(ctx);
    const draft = await createPost(w.api, { title: 'Private draft' });
    const link = await previewLink(w, draft.id, { share: true, days: 1, label: 'Reviewer' });
    const client = createClient({ baseUrl, key: w.key });
    expect((await client.preview(link.token)).id).toBe(draft.id);

    await refused(createClient({ baseUrl, key: other.key }).preview(link.token), 404);
    await refused(client.preview(`mhp_${'A'.repeat(43)}`), 404);
    const revoke = await ctx.request(w.token, {
      method: 'DELETE',
      url: `/cms/blogs/info/${draft.id}/previews/${link.id}?domain=${w.domain.domain}`,
    });
    expect([200, 204], revoke.body).toContain(revoke.statusCode);
    const error = await refused(client.preview(link.token), 404);
    expect(error.message).not.toContain(link.token);
  });
});
