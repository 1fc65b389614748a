import type { BlogPost, ManageType } from '@masthead/contract';
import { api } from '../../../lib/api.js';
import { BLOG_LIST_TAG, blogTag } from './blog-tags.js';

export interface ManageBlogArgs {
  domain: string;
  id: string;
  type: ManageType;
  value: boolean;
}

/** PUT /cms/blogs/manage/{id}: approve, unapprove, publish or unpublish (spec §4). */
export const manageBlogApi = api.injectEndpoints({
  endpoints: (build) => ({
    manageBlog: build.mutation<BlogPost, ManageBlogArgs>({
      query: ({ domain, id, type, value }) => ({
        url: `/cms/blogs/manage/${encodeURIComponent(id)}`,
        method: 'PUT',
        params: { type, value, domain },
      }),
      invalidatesTags: (_result, _error, { id }) => [BLOG_LIST_TAG, blogTag(id)],
    }),
  }),
});

export const { useManageBlogMutation } = manageBlogApi;
