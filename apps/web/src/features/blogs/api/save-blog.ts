import type { BlogPost, BlogPostInput } from '@masthead/contract';
import { api } from '../../../lib/api.js';
import { BLOG_LIST_TAG, blogTag } from './blog-tags.js';
import type { VersionedPost } from './get-blog.js';

const versioned = (post: BlogPost, meta: { response?: Response } | undefined): VersionedPost => ({
  post,
  etag: meta?.response?.headers.get('ETag') ?? null,
});

/**
 * POST /cms/blogs/info creates a draft; PUT /cms/blogs/info/{id} updates one and sends the version
 * it was loaded at as If-Match, so a stale save gets 412 instead of overwriting someone's work.
 */
export const saveBlogApi = api.injectEndpoints({
  endpoints: (build) => ({
    createBlog: build.mutation<VersionedPost, { domain: string; body: BlogPostInput }>({
      query: ({ domain, body }) => ({ url: '/cms/blogs/info', method: 'POST', params: { domain }, body }),
      transformResponse: versioned,
      invalidatesTags: [BLOG_LIST_TAG],
    }),
    updateBlog: build.mutation<
      VersionedPost,
      { domain: string; id: string; etag: string | null; body: BlogPostInput }
    >({
      query: ({ domain, id, etag, body }) => ({
        url: `/cms/blogs/info/${encodeURIComponent(id)}`,
        method: 'PUT',
        params: { domain },
        body,
        headers: etag ? { 'If-Match': etag } : undefined,
      }),
      transformResponse: versioned,
      invalidatesTags: (_result, _error, { id }) => [BLOG_LIST_TAG, blogTag(id)],
    }),
  }),
});

export const { useCreateBlogMutation, useUpdateBlogMutation } = saveBlogApi;
