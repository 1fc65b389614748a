import type { Tag } from '@masthead/contract';
import { api } from '../../../lib/api.js';

/** GET /cms/tags/list: every tag of the domain, by display name (for pickers). */
export const tagOptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTagOptions: build.query<Tag[], string>({
      query: (domain) => ({ url: '/cms/tags/list', params: { domain } }),
      providesTags: ['Tag'],
    }),
  }),
});

export const { useGetTagOptionsQuery } = tagOptionsApi;
