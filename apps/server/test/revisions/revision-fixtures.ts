import { expect } from 'vitest';
import type { TestContext } from '../helpers/test-app.js';
import type { Reply } from '../routes/blogs/blog-fixtures.js';

export interface EntryBody {
  id: string;
  kind: string;
  at: string;
  by: { email: string; name: string | null };
  summary: string;
  changes: string[];
  tagsAdded: number;
  tagsRemoved: number;
  hasContent: boolean;
  restoredFrom: string | null;
  contentRevisionId: string | null;
  scheduledFor: string | null;
}

/** The history calls for one user on one domain. */
export function revisionApi(ctx: TestContext, token: string, host: string) {
  const q = (query: Record<string, string | number> = {}) =>
    new URLSearchParams(
      Object.entries({ domain: host, ...query }).map(([k, v]) => [k, String(v)]),
    ).toString();
  return {
    history: (postId: string, query: Record<string, string | number> = {}) =>
      ctx.request(token, {
        method: 'GET',
        url: `/cms/blogs/info/${postId}/revisions?${q(query)}`,
      }) as Promise<Reply>,
    get: (postId: string, revisionId: string) =>
      ctx.request(token, {
        method: 'GET',
        url: `/cms/blogs/info/${postId}/revisions/${revisionId}?${q()}`,
      }) as Promise<Reply>,
    restore: (postId: string, revisionId: string, headers: Record<string, string> = {}) =>
      ctx.request(token, {
        method: 'POST',
        url: `/cms/blogs/info/${postId}/revisions/${revisionId}/restore?${q()}`,
        headers,
      }) as Promise<Reply>,
  };
}
export type RevisionApi = ReturnType<typeof revisionApi>;

/** The whole history of a post, newest first; must be a 200. */
export async function entriesOf(api: RevisionApi, postId: string) {
  const res = await api.history(postId, { numberOfEntries: 100 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ entries: EntryBody[]; totalEntries: number }>().entries;
}
