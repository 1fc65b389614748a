import type { Category } from '@masthead/contract';
import { api } from '../../../lib/api.js';

/** GET /cms/categories/list: every category of the domain, by display name (for dropdowns). */
export const categoryOptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCategoryOptions: build.query<Category[], string>({
      query: (domain) => ({ url: '/cms/categories/list', params: { domain } }),
      providesTags: ['Category'],
    }),
  }),
});

export const { useGetCategoryOptionsQuery } = categoryOptionsApi;
