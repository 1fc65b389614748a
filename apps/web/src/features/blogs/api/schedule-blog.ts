import type { BlogPost } from '@masthead/contract';
import { api } from '../../../lib/api.js';
import { BLOG_LIST_TAG, blogTag } from './blog-tags.js';

/** PUT and DELETE /cms/blogs/schedule/{id}: publish an approved post at a time, or cancel that. */
export const scheduleBlogApi = api.injectEndpoints({
  endpoints: (build) => ({
    scheduleBlog: build.mutation<BlogPost, { domain: string; id: string; publishAt: string }>({
      query: ({ domain, id, publishAt }) => ({
        url: `/cms/blogs/schedule/${encodeURIComponent(id)}`,
        method: 'PUT',
        params: { domain },
        body: { publishAt },
      }),
      invalidatesTags: (_result, _error, { id }) => [BLOG_LIST_TAG, blogTag(id)],
    }),
    unscheduleBlog: build.mutation<BlogPost, { domain: string; id: string }>({
      query: ({ domain, id }) => ({
        url: `/cms/blogs/schedule/${encodeURIComponent(id)}`,
        method: 'DELETE',
        params: { domain },
      }),
      invalidatesTags: (_result, _error, { id }) => [BLOG_LIST_TAG, blogTag(id)],
    }),
  }),
});

export const { useScheduleBlogMutation, useUnscheduleBlogMutation } = scheduleBlogApi;
