import type { CategoryInfo, TagInfo } from '@masthead/contract';
import { api } from '../../../lib/api.js';
import { TAXONOMY_KINDS, type TaxonomyItem, type TaxonomyKindName } from './taxonomy-kinds.js';

/** One tag or category as the server has it now, how many posts use it, and the ETag to update it. */
export interface TaxonomyInfo {
  item: TaxonomyItem;
  postCount: number;
  etag: string | null;
}

export interface TaxonomyInfoArgs {
  kind: TaxonomyKindName;
  domain: string;
  id: string;
}

/**
 * GET /cms/tags/info/{id} and /cms/categories/info/{id}. It provides no cache tag: a delete would
 * otherwise refetch the one it just deleted (a 404). The dialogs ask again each time they open.
 */
export const getTaxonomyInfoApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTaxonomyInfo: build.query<TaxonomyInfo, TaxonomyInfoArgs>({
      query: ({ kind, domain, id }) => ({
        url: `/cms/${TAXONOMY_KINDS[kind].path}/info/${encodeURIComponent(id)}`,
        params: { domain },
      }),
      transformResponse: (info: TagInfo | CategoryInfo, meta, { kind }) => ({
        item: TAXONOMY_KINDS[kind].toItem(info),
        postCount: info.postCount,
        etag: meta?.response?.headers.get('ETag') ?? null,
      }),
    }),
  }),
});

export const { useGetTaxonomyInfoQuery } = getTaxonomyInfoApi;
