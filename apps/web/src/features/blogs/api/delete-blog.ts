import { api } from '../../../lib/api.js';
import { BLOG_LIST_TAG, blogTag } from './blog-tags.js';

/** DELETE /cms/blogs/info/{id}; the domain is sent too, so the server checks the post belongs to it. */
export const deleteBlogApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteBlog: build.mutation<void, { domain: string; id: string }>({
      query: ({ domain, id }) => ({
        url: `/cms/blogs/info/${encodeURIComponent(id)}`,
        method: 'DELETE',
        params: { domain },
      }),
      invalidatesTags: (_result, _error, { id }) => [BLOG_LIST_TAG, blogTag(id)],
    }),
  }),
});

export const { useDeleteBlogMutation } = deleteBlogApi;
