import type { AssetInfo, PagedResponse } from '@masthead/contract';
import { api } from '../../../lib/api.js';
import { ASSET_LIST_TAG } from './asset-tags.js';

export interface AssetListArgs {
  domain: string;
  page: number;
  numberOfEntries: number;
  searchString: string;
}

/** GET /cms/assets/list: a page of the domain's assets, newest first (the search is `searchString`). */
export const getAssetsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAssets: build.query<PagedResponse<AssetInfo>, AssetListArgs>({
      query: ({ domain, page, numberOfEntries, searchString }) => ({
        url: '/cms/assets/list',
        params: { domain, page, numberOfEntries, searchString },
      }),
      providesTags: [ASSET_LIST_TAG],
    }),
  }),
});

export const { useGetAssetsQuery } = getAssetsApi;
