import type { PagedResponse, RestoreResult, Revision, RevisionEntry } from '@masthead/contract';
import { api } from '../../../../lib/api.js';
import { endpointsWithInlineErrors } from '../../../../lib/inline-errors.js';
import { BLOG_LIST_TAG, blogTag } from '../../api/blog-tags.js';
import type { VersionedPost } from '../../api/get-blog.js';

export interface HistoryPageArgs {
  domain: string;
  postId: string;
  page: number;
  numberOfEntries: number;
}

interface RevisionArgs {
  domain: string;
  postId: string;
  revisionId: string;
}

const revisionsUrl = (postId: string) => `/cms/blogs/info/${encodeURIComponent(postId)}/revisions`;

/**
 * A post's history (issue 23): GET …/revisions, GET …/revisions/{id} and POST …/restore. Injected
 * only by the History panel's chunk. The panel shows their refusals itself (a toast would sit under
 * the panel's backdrop); a 412 on restore goes to the editor's "someone else saved" question.
 */
export const revisionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPostHistory: build.query<PagedResponse<RevisionEntry>, HistoryPageArgs>({
      query: ({ domain, postId, page, numberOfEntries }) => ({
        url: revisionsUrl(postId),
        params: { domain, page, numberOfEntries },
      }),
    }),
    getPostRevision: build.query<Revision, RevisionArgs>({
      query: ({ domain, postId, revisionId }) => ({
        url: `${revisionsUrl(postId)}/${encodeURIComponent(revisionId)}`,
        params: { domain },
      }),
    }),
    restoreRevision: build.mutation<
      VersionedPost & { skipped: string[] },
      RevisionArgs & { etag: string | null }
    >({
      query: ({ domain, postId, revisionId, etag }) => ({
        url: `${revisionsUrl(postId)}/${encodeURIComponent(revisionId)}/restore`,
        method: 'POST',
        params: { domain },
        headers: etag ? { 'If-Match': etag } : undefined,
      }),
      transformResponse: (result: RestoreResult, meta) => ({
        post: result.post,
        skipped: result.skipped,
        etag: meta?.response?.headers.get('ETag') ?? null,
      }),
      invalidatesTags: (_result, _error, { postId }) => [BLOG_LIST_TAG, blogTag(postId)],
    }),
  }),
});

for (const endpoint of ['getPostHistory', 'getPostRevision', 'restoreRevision']) {
  endpointsWithInlineErrors.add(endpoint);
}

export const { useGetPostHistoryQuery, useGetPostRevisionQuery, useRestoreRevisionMutation } = revisionsApi;
