import type { AssetInfo } from '@masthead/contract';
import { api } from '../../../lib/api.js';
import { assetTag } from './asset-tags.js';

/** An asset with the ETag its update sends as If-Match (DESIGN §3, lost updates). */
export interface VersionedAsset {
  asset: AssetInfo;
  etag: string | null;
}

/** GET /cms/assets/list/{id}: one asset, with a freshly signed URL. */
export const getAssetApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAsset: build.query<VersionedAsset, { domain: string; id: string }>({
      query: ({ domain, id }) => ({ url: `/cms/assets/list/${encodeURIComponent(id)}`, params: { domain } }),
      transformResponse: (asset: AssetInfo, meta) => ({
        asset,
        etag: meta?.response?.headers.get('ETag') ?? null,
      }),
      providesTags: (_result, _error, { id }) => [assetTag(id)],
    }),
  }),
});

export const { useGetAssetQuery } = getAssetApi;
