import type { PreviewLink, PreviewRequest, PreviewShareList } from '@masthead/contract';
import { api } from '../../../lib/api.js';
import { endpointsWithInlineErrors } from '../../../lib/inline-errors.js';

/** A post's live share links, one cache entry per post. */
const SHARES = 'PreviewShare';
const sharesOf = (postId: string) => ({ type: SHARES, id: postId }) as const;

interface PostArgs {
  domain: string;
  postId: string;
}

const postUrl = (postId: string) => `/cms/blogs/info/${encodeURIComponent(postId)}`;

/**
 * Previews (issue 30): POST …/preview makes a token (the editor's own, for an hour, or a share link
 * for 1 to 30 days) and answers the address to open; GET …/previews lists a post's live share links
 * (never their tokens); DELETE …/previews/{tokenId} revokes one. Injected from the editor's chunk.
 */
export const previewsApi = api.enhanceEndpoints({ addTagTypes: [SHARES] }).injectEndpoints({
  endpoints: (build) => ({
    createPreview: build.mutation<PreviewLink, PostArgs & { body: PreviewRequest }>({
      query: ({ domain, postId, body }) => ({
        url: `${postUrl(postId)}/preview`,
        method: 'POST',
        params: { domain },
        body,
      }),
      // Only a share link is listed; the editor's own token is not.
      invalidatesTags: (_result, error, { postId, body }) => (!error && body.share ? [sharesOf(postId)] : []),
    }),
    getPreviewShares: build.query<PreviewShareList, PostArgs>({
      query: ({ domain, postId }) => ({ url: `${postUrl(postId)}/previews`, params: { domain } }),
      providesTags: (_result, _error, { postId }) => [sharesOf(postId)],
    }),
    revokePreviewShare: build.mutation<void, PostArgs & { tokenId: string }>({
      query: ({ domain, postId, tokenId }) => ({
        url: `${postUrl(postId)}/previews/${encodeURIComponent(tokenId)}`,
        method: 'DELETE',
        params: { domain },
      }),
      // A 404 (revoked or expired meanwhile) refreshes the list too.
      invalidatesTags: (_result, _error, { postId }) => [sharesOf(postId)],
    }),
  }),
});

// Each is shown where it was asked for: in the editor's bar, the live pane or the share dialog (a
// toast would sit under the dialog's backdrop, or say it a second time).
for (const endpoint of ['createPreview', 'getPreviewShares', 'revokePreviewShare']) {
  endpointsWithInlineErrors.add(endpoint);
}

export const { useCreatePreviewMutation, useGetPreviewSharesQuery, useRevokePreviewShareMutation } =
  previewsApi;
