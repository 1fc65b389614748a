import type { BlogPostSummary, BlogStatus, PagedResponse } from '@masthead/contract';
import { api } from '../../../lib/api.js';
import { BLOG_LIST_TAG } from './blog-tags.js';

export interface BlogListArgs {
  domain: string;
  page: number;
  numberOfEntries: number;
  search: string;
  status?: BlogStatus | undefined;
  /** Filterable select fields: sent as field.<key>=<value> (DESIGN §3). */
  fields?: Record<string, string> | undefined;
}

/** The query string of GET /cms/blogs/all; empty filters are left out. */
export function blogListParams({ domain, page, numberOfEntries, search, status, fields }: BlogListArgs) {
  const params: Record<string, string | number> = { domain, page, numberOfEntries, search };
  if (status) params.status = status;
  for (const [key, value] of Object.entries(fields ?? {})) if (value) params[`field.${key}`] = value;
  return params;
}

/** GET /cms/blogs/all: a page of the domain's posts, last modified first. */
export const getBlogsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBlogs: build.query<PagedResponse<BlogPostSummary>, BlogListArgs>({
      query: (args) => ({ url: '/cms/blogs/all', params: blogListParams(args) }),
      providesTags: [BLOG_LIST_TAG],
    }),
  }),
});

export const { useGetBlogsQuery } = getBlogsApi;
