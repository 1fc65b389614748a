import type { BlogPost } from '@masthead/contract';
import { api } from '../../../lib/api.js';
import { blogTag } from './blog-tags.js';

/** A post with the ETag its next update sends as If-Match (DESIGN §3, lost updates). */
export interface VersionedPost {
  post: BlogPost;
  etag: string | null;
}

/** GET /cms/blogs/info/{id}: one post with its content. */
export const getBlogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBlog: build.query<VersionedPost, { domain: string; id: string }>({
      query: ({ domain, id }) => ({ url: `/cms/blogs/info/${encodeURIComponent(id)}`, params: { domain } }),
      transformResponse: (post: BlogPost, meta) => ({
        post,
        etag: meta?.response?.headers.get('ETag') ?? null,
      }),
      providesTags: (_result, _error, { id }) => [blogTag(id)],
    }),
  }),
});

export const { useGetBlogQuery, useLazyGetBlogQuery } = getBlogApi;
