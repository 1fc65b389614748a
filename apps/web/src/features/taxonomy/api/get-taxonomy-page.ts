import type { Category, PagedResponse, Tag } from '@masthead/contract';
import { api } from '../../../lib/api.js';
import { TAXONOMY_KINDS, listTag, type TaxonomyItem, type TaxonomyKindName } from './taxonomy-kinds.js';

export interface TaxonomyPageArgs {
  kind: TaxonomyKindName;
  domain: string;
  page: number;
  numberOfEntries: number;
  search: string;
}

/** GET /cms/tags/all and /cms/categories/all: a page by display name; `search` is a substring. */
export const getTaxonomyPageApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTaxonomyPage: build.query<PagedResponse<TaxonomyItem>, TaxonomyPageArgs>({
      query: ({ kind, domain, page, numberOfEntries, search }) => ({
        url: `/cms/${TAXONOMY_KINDS[kind].path}/all`,
        params: { domain, page, numberOfEntries, search },
      }),
      transformResponse: (response: PagedResponse<Tag | Category>, _meta, { kind }) => ({
        ...response,
        entries: response.entries.map(TAXONOMY_KINDS[kind].toItem),
      }),
      providesTags: (_result, _error, { kind }) => [listTag(kind)],
    }),
  }),
});

export const { useGetTaxonomyPageQuery } = getTaxonomyPageApi;
