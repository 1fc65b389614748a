import type { ColumnDef } from '@masthead/contract';
import { api } from '../../../lib/api.js';

/** GET /cms/column/def/all: the custom fields of the domain's posts (DESIGN §3). */
export const columnDefsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getColumnDefs: build.query<ColumnDef[], string>({
      query: (domain) => ({ url: '/cms/column/def/all', params: { domain } }),
      providesTags: ['Domain'],
    }),
  }),
});

export const { useGetColumnDefsQuery } = columnDefsApi;
